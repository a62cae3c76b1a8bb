/**
 * The sample world (contributing/facts.yml, `sample_world`): every seed over
 * the contract's example of its type, and the steps of the seeded actions
 * made from their action types, with the IDs the reference gives them.
 */
import {containedBy} from './cascade';
import type {Obj} from './types';
import type {World} from './world';

/** What seeding reads and fills of the simulation. */
type Simulation = Pick<World, 'data' | 'store'>;

export function seedWorld(sim: Simulation, without?: (obj: Obj) => boolean): void {
  const seeds = sim.data.world;
  const removed = new Set<string>();
  for (const seed of seeds) if (without?.(seed) && typeof seed.id === 'string') removed.add(seed.id);
  // What a left-out object holds goes with it (a server's files, a team's memberships).
  for (let changed = true; changed;) {
    changed = false;
    for (const seed of seeds) {
      if ((typeof seed.id === 'string' && removed.has(seed.id)) || seed.$left === true) continue;
      if (containedBy(seed).some((id) => removed.has(id))) {
        if (typeof seed.id === 'string') removed.add(seed.id);
        else seed.$left = true;
        changed = true;
      }
    }
  }
  const kept = seeds.filter((s) => !(typeof s.id === 'string' && removed.has(s.id)) && !s.$left && !without?.(s));
  for (const seed of seeds) delete seed.$left;
  for (const seed of kept.filter((s) => s.object !== 'action_step')) {
    const template = sim.data.objects[String(seed.object)]?.template ?? {};
    sim.store.add({...structuredClone(template), ...structuredClone(seed), $seeded: true});
  }
  // A deploy pipeline has the built-in steps (B15): in the positions its script steps leave free, in their order.
  for (const pipeline of sim.store.where('pipeline', (p) => p.kind === 'deploy')) {
    const steps = sim.store.where('pipeline_step', (st) => st.pipeline_id === pipeline.id);
    if (steps.some((st) => st.built_in === true)) continue;
    const taken = new Set(steps.map((st) => Number(st.position)));
    let position = 1;
    for (const builtIn of sim.data.facts.deployPipeline) {
      while (taken.has(position)) position++;
      sim.store.add({
        ...structuredClone(sim.data.objects.pipeline_step?.template ?? {}),
        id: sim.store.newId('stp_'),
        object: 'pipeline_step',
        pipeline_id: pipeline.id as string,
        name: builtIn.name,
        type: builtIn.type,
        built_in: true,
        position: position++,
        script: null,
        run_as: null,
        timeout_seconds: null,
        continue_on_error: false,
        created_at: pipeline.created_at as string,
        updated_at: pipeline.created_at as string,
      });
    }
  }
  // The steps of seeded actions: from their action type, and the seeded steps in their place.
  const seededSteps = kept.filter((s) => s.object === 'action_step');
  for (const action of sim.store.all('action')) {
    const own = seededSteps.filter((s) => s.action_id === action.id);
    const claimed = new Set<Obj>();
    const planned = plannedSteps(sim, action);
    planned.forEach((step, index) => {
      const seeded =
        own.find((s) => s.name === step.name && s.server_id === step.server_id && !claimed.has(s)) ??
        own.find((s) => s.position === index + 1 && s.name === step.name && !claimed.has(s));
      if (seeded) claimed.add(seeded);
      const template = sim.data.objects.action_step?.template ?? {};
      const status = action.status === 'succeeded' ? 'succeeded' : action.status === 'failed' && index === planned.length - 1 ? 'failed' : 'succeeded';
      sim.store.add({
        ...structuredClone(template),
        id: sim.store.newId('ast_'),
        action_id: action.id as string,
        pipeline_step_id: step.pipeline_step_id ?? null,
        position: index + 1,
        name: step.name,
        server_id: step.server_id,
        status,
        exit_code: step.pipeline_step_id ? 0 : null,
        failure_reason: status === 'failed' ? 'non_zero_exit' : null,
        started_at: action.started_at ?? null,
        finished_at: action.finished_at ?? null,
        duration_seconds: 12,
        created_at: action.created_at as string,
        updated_at: action.updated_at as string,
        $log: `${String(action.started_at ?? action.created_at)} ${step.name}: done\n`,
        ...(seeded ? structuredClone(seeded) : {}),
      });
    });
    for (const step of own.filter((s) => !sim.store.get(s.id as string)))
      sim.store.add({...structuredClone(sim.data.objects.action_step?.template ?? {}), ...structuredClone(step)});
  }
}

/** The steps a seeded action had: its type's steps, or its pipeline's steps on its deployment's servers. */
function plannedSteps(sim: Simulation, action: Obj): Array<{name: string; server_id: string | null; pipeline_step_id?: string}> {
  const subject = (action.subject as Obj) ?? {};
  const server = subject.type === 'server' ? sim.store.find('server', subject.id) : undefined;
  const kind = server ? (server.provider === 'self_hosted' ? 'self-hosted' : 'cloud') : undefined;
  const types = sim.data.facts.actions.filter((a) => a.type === action.type);
  const type = types.find((t) => t.kind === kind) ?? types[0];
  if (!type) return [];
  const deployment = sim.store.find('deployment', action.deployment_id);
  const servers: Array<string | null> = deployment
    ? ((deployment.server_ids as string[]) ?? [])
    : subject.type === 'server'
      ? [String(subject.id)]
      : typeof sim.store.get(String(subject.id))?.server_id === 'string'
        ? [String(sim.store.get(String(subject.id))!.server_id)]
        : [null];
  if (type.fromPipeline) {
    const steps = sim.store.where('pipeline_step', (s) => s.pipeline_id === action.pipeline_id).sort((a, b) => Number(a.position) - Number(b.position));
    return steps.flatMap((step) => servers.map((s) => ({name: String(step.name), server_id: s, pipeline_step_id: step.id as string})));
  }
  return type.perServer
    ? servers.flatMap((s) => type.steps.map((name) => ({name, server_id: s})))
    : type.steps.map((name) => ({name, server_id: servers[0] ?? null}));
}
