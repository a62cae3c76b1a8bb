/**
 * An object as the API returns it: its stored fields without the engine's own
 * (`$…`), with the fields the reference defines as counts of other objects
 * computed from the world as it is now, never stored.
 */
import {nextRun} from './cron';
import type {Obj} from './types';
import type {World} from './world';

/** What presenting an object reads of the simulation. */
type Simulation = Pick<World, 'store' | 'access' | 'actions' | 'placeOf'>;

const count = (sim: Simulation, object: string, test: (o: Obj) => boolean): number => sim.store.where(object, (o) => o.$hidden !== true && test(o)).length;

/** Fields computed from other objects, per object type (the reference's object tables say what each counts). */
const DERIVED: Record<string, (sim: Simulation, o: Obj) => Obj> = {
  project: (sim, o) => ({environment_count: count(sim, 'environment', (e) => e.project_id === o.id && e.status === 'active')}),
  environment: (sim, o) => ({
    server_count: count(sim, 'server', (s) => s.environment_id === o.id),
    application_count: count(sim, 'application', (a) => a.environment_id === o.id),
  }),
  team: (sim, o) => ({
    member_count: count(sim, 'team_member', (m) => m.team_id === o.id),
    membership_count: count(sim, 'team_membership', (m) => m.team_id === o.id),
  }),
  team_member: (sim, o) => {
    const user = sim.store.find('user', o.user_id);
    return {name: user?.name ?? o.name ?? '', email: user?.email ?? o.email ?? ''};
  },
  team_membership: (sim, o) => ({
    team_name: sim.store.find('team', o.team_id)?.name ?? o.team_name ?? '',
    role_name: sim.store.find('role', o.role_id)?.name ?? o.role_name ?? '',
  }),
  role: (sim, o) => ({
    used_by_count:
      count(sim, 'team_membership', (m) => m.role_id === o.id && sim.placeOf(m).project?.id === (o.project_id ?? sim.placeOf(m).project?.id)) +
      count(sim, 'project_api_token', (t) => t.role_id === o.id && t.status === 'active'),
    ...(o.built_in === true ? {permissions: [...sim.access.rolePermissions(String(o.id))]} : {}),
  }),
  credential: (sim, o) => ({
    used_by_count:
      count(sim, 'server', (s) => s.credential_id === o.id) +
      count(sim, 'network', (n) => n.credential_id === o.id) +
      count(sim, 'ssl_certificate', (c) => c.dns_credential_id === o.id) +
      count(sim, 'virtual_host', (v) => v.dns_credential_id === o.id),
  }),
  ssh_key: (sim, o) => ({linked_server_count: count(sim, 'link', (l) => l.type === 'ssh_key_server' && (l.source as Obj)?.id === o.id)}),
  ssl_certificate: (sim, o) => ({virtual_host_count: count(sim, 'virtual_host', (v) => v.certificate_id === o.id)}),
  network: (sim, o) => ({
    subnet_count: count(sim, 'subnet', (s) => s.network_id === o.id),
    rule_count: count(sim, 'network_rule', (r) => r.network_id === o.id),
    server_count: count(sim, 'server', (s) => s.network_id === o.id),
  }),
  subnet: (sim, o) => ({server_count: count(sim, 'server', (s) => s.subnet_id === o.id)}),
  application: (sim, o) => ({server_count: count(sim, 'link', (l) => l.type === 'application_server' && (l.source as Obj)?.id === o.id)}),
  action: (sim, o) => ({step_count: count(sim, 'action_step', (s) => s.action_id === o.id)}),
  // B20: the next run, from the schedule; none when turned off or `@reboot`.
  cron_job: (sim, o): Obj => {
    const next = o.enabled === true && typeof o.schedule === 'string' ? nextRun(o.schedule, sim.store.now) : null;
    return {next_run_at: next === null ? null : new Date(next).toISOString().replace(/\.\d{3}Z$/, 'Z')};
  },
  // A deployment's status mirrors its action's (B15), `canceling` counting as still running.
  deployment: (sim, o): Obj => {
    const action = sim.store.find('action', o.action_id);
    if (!action) return {};
    return {
      status: action.status === 'canceling' ? 'running' : String(action.status),
      started_at: action.started_at ?? null,
      finished_at: action.finished_at ?? null,
    };
  },
  pipeline: (sim, o) => ({
    step_count: count(sim, 'pipeline_step', (s) => s.pipeline_id === o.id),
    last_run_status: (sim.store.find('action', o.last_run_action_id)?.status as string) ?? o.last_run_status ?? null,
  }),
  subscription: (sim, o) => {
    const projects = sim.store.where('project', (p) => p.owner_id === o.user_id).map((p) => p.id as string);
    return {credits_reserved: projects.reduce((sum, p) => sum + sim.actions.reserved(p), 0)};
  },
};

/** The object's derived fields, computed now. */
export function derive(sim: Simulation, obj: Obj): Obj {
  return DERIVED[String(obj.object)]?.(sim, obj) ?? {};
}

/** The fields a type keeps only on the way in (`writeOnly` in the contract) never come back out. */
const WRITE_ONLY: Record<string, string[]> = {
  server: ['ssh_key_ids'],
  pipeline: ['steps', 'step_order'],
};

export function present(sim: Simulation, obj: Obj, options: {steps?: boolean}): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key.startsWith('$') || WRITE_ONLY[String(obj.object)]?.includes(key)) continue;
    out[key] = structuredClone(value);
  }
  Object.assign(out, derive(sim, obj));
  if (obj.object === 'action') {
    if (options.steps) out.steps = sim.actions.stepsOfAction(obj).map((s) => present(sim, s, {}));
    else delete out.steps;
  }
  return out;
}
