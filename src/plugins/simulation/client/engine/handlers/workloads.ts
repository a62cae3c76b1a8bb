/**
 * Applications and deployments, pipelines and their steps, actions, variables,
 * files, cron jobs, daemons, virtual hosts, links and incoming webhooks
 * (writer's reference B15–B24).
 */
import {sha256} from '../sha256';
import {ApiError, invalidState, notFound, protectedResource} from '../errors';
import type {Ctx} from '../world';
import type {Effect, PlannedStep} from '../actions';
import type {Json, Obj, SimResponse} from '../types';
import {
  accepted,
  environmentOf,
  invalidField,
  limit,
  list,
  listInEnvironment,
  noContent,
  operate,
  referenced,
  respond,
  serversReady,
  subjectOf,
  target,
  unique,
  type Handler,
} from './kit';
import {newLink} from './infrastructure';

const appServers = (ctx: Ctx, app: Obj): string[] =>
  ctx.sim.store.where('link', (l) => l.type === 'application_server' && (l.source as Obj).id === app.id).map((l) => String((l.target as Obj).id));

const stepsOfPipeline = (ctx: Ctx, pipelineId: Json | undefined): Obj[] =>
  ctx.sim.store.where('pipeline_step', (s) => s.pipeline_id === pipelineId).sort((a, b) => Number(a.position) - Number(b.position));

function renumber(ctx: Ctx, pipelineId: Json | undefined, order?: string[]): void {
  const steps = stepsOfPipeline(ctx, pipelineId);
  const sorted = order ? order.map((id) => steps.find((s) => s.id === id)!).filter(Boolean) : steps;
  sorted.forEach((step, i) => (step.position = i + 1));
}

const release = (ms: number): string => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** Queues a deployment of an application on its linked servers (B15), with its deployment object. */
function deploy(
  ctx: Ctx,
  app: Obj,
  options: {branch?: string; commit?: string | null; type?: 'deploy' | 'rollback'; trigger?: string; rollbackTo?: string},
): {action: Obj; deployment: Obj} {
  const {sim} = ctx;
  const servers = appServers(ctx, app);
  if (!servers.length) throw invalidState(String(app.status), [], 'Link at least one server to the application first.', {reason: 'no_linked_servers'});
  serversReady(ctx, servers);
  const type = sim.actions.typeOf(options.type === 'rollback' ? 'rollbackApplication' : 'deployApplication')!;
  const pipeline = sim.store.find('pipeline', app.deploy_pipeline_id);
  const steps: PlannedStep[] =
    options.type === 'rollback'
      ? sim.actions.stepsOf(type, servers)
      : stepsOfPipeline(ctx, pipeline?.id).flatMap((step) =>
          servers.map((server) => ({
            name: String(step.name),
            server_id: server,
            pipeline_step_id: step.id as string,
            skipped: step.type === 'build' && !app.build_command,
          })),
        );
  const deployment = sim.make('deployment', {
    application_id: app.id as string,
    environment_id: app.environment_id as string,
    action_id: 'act_pending0',
    type: options.type ?? 'deploy',
    status: 'queued',
    branch: options.branch ?? (app.branch as string),
    commit_sha: options.commit ?? null,
    commit_message: null,
    release: options.rollbackTo ?? release(sim.store.now),
    server_ids: servers,
    trigger: options.trigger ?? (ctx.principal.kind === 'none' ? 'incoming_webhook' : 'api'),
    actor: ctx.actor,
    started_at: null,
    finished_at: null,
  });
  const state = sim.lifecycles
    .get('application')
    ?.operations.find((o) => o.api.includes(options.type === 'rollback' ? 'rollbackApplication' : 'deployApplication'));
  const before = String(app.status);
  app.$before = before;
  app.status = state?.to ?? 'deploying';
  const ends = sim.endStates(app, state?.name, String(app.status));
  const action = sim.queue({
    type: type.type,
    environment_id: app.environment_id as string,
    subject: subjectOf(app),
    steps,
    actor: ctx.actor,
    pipeline_id: (pipeline?.id as string) ?? null,
    deployment_id: deployment.id as string,
    locks: [app.id as string, ...servers],
    succeeded: [...ends.succeeded, {hook: 'deployment.ended', args: {deployment: deployment.id as string, application: app.id as string}}],
    failed: [...ends.failed, {hook: 'deployment.ended', args: {deployment: deployment.id as string, application: app.id as string}}],
  });
  deployment.action_id = action.id as string;
  return {action, deployment};
}

/** Runs a pipeline (B16): a deploy pipeline deploys its application; a custom one runs its steps on its servers. */
function run(ctx: Ctx, pipeline: Obj, serverIds?: string[]): Obj {
  const {sim} = ctx;
  if (pipeline.kind === 'deploy') {
    const app = sim.store.find('application', pipeline.application_id)!;
    return deploy(ctx, app, {}).action;
  }
  const targets = (pipeline.server_ids as string[]) ?? [];
  const servers = serverIds ?? targets;
  const outside = servers.find((s) => !targets.includes(s));
  if (outside) throw invalidField('server_ids', `${outside} isn't a target server of the pipeline.`);
  const steps = stepsOfPipeline(ctx, pipeline.id);
  if (!steps.length || !servers.length)
    throw invalidState('ready', [], 'The pipeline needs at least 1 step and 1 target server.', {reason: steps.length ? 'no_target_servers' : 'no_steps'});
  serversReady(ctx, servers);
  const type = sim.actions.typeOf('runPipeline')!;
  pipeline.last_run_status = 'queued';
  const action = sim.queue({
    type: type.type,
    environment_id: pipeline.environment_id as string,
    subject: subjectOf(pipeline),
    steps: steps.flatMap((step) => servers.map((server) => ({name: String(step.name), server_id: server, pipeline_step_id: step.id as string}))),
    actor: ctx.actor,
    pipeline_id: pipeline.id as string,
    locks: servers,
    succeeded: [{set: pipeline.id as string, fields: {last_run_status: 'succeeded'}}],
    failed: [{set: pipeline.id as string, fields: {last_run_status: 'failed'}}],
  });
  pipeline.last_run_action_id = action.id as string;
  return action;
}

/**
 * A configuration resource on a server (files, cron jobs, daemons, virtual hosts): add, edit or remove through its
 * action, with the server `running` (facts: the server lifecycle's operation on its contents).
 */
function onServer(ctx: Ctx, obj: Obj, effects: {succeeded?: Effect[]} = {}): SimResponse {
  serversReady(ctx, [String(obj.server_id)]);
  return accepted(ctx, operate(ctx, obj, effects));
}

function createOnServer(ctx: Ctx, object: string, limitName: string, fields: (server: Obj) => Obj, uniqueField = 'name'): SimResponse {
  const environment = environmentOf(ctx);
  const server = referenced(ctx, 'server', ctx.body.server_id, 'server_id', environment.id);
  serversReady(ctx, [server.id as string]);
  const made = fields(server);
  unique(ctx, object, (o) => o.server_id === server.id, uniqueField, made[uniqueField]);
  limit(ctx, limitName, ctx.sim.store.where(object, (o) => o.server_id === server.id).length);
  const obj = ctx.sim.make(object, {environment_id: environment.id as string, server_id: server.id as string, ...made});
  return accepted(ctx, operate(ctx, obj, {state: ctx.sim.lifecycles.initial(obj), succeeded: processes(obj)}));
}

function editOnServer(ctx: Ctx, obj: Obj, fields: string[]): SimResponse {
  const lifecycle = ctx.sim.lifecycles.of(obj)!;
  const edit = lifecycle.operations.find((o) => o.name === 'edit')!;
  ctx.sim.lifecycles.check(edit, lifecycle, obj);
  serversReady(ctx, [String(obj.server_id)]);
  for (const field of fields) if (ctx.body[field] !== undefined) obj[field] = ctx.body[field]!;
  return accepted(ctx, operate(ctx, obj, {op: 'edit', succeeded: processes(obj)}));
}

/** A daemon's processes run once its configuration is applied (B21); other objects have none. */
const processes = (obj: Obj): Effect[] => (obj.object === 'daemon' ? [{set: obj.id as string, fields: {process_state: 'running'}}] : []);

const pick = (body: Obj, fields: string[]): Obj => Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]));

/** A daemon's fields a request may set (B21); its name is set once, when it's added. */
const DAEMON_FIELDS = ['command', 'directory', 'run_as', 'processes', 'restart_policy', 'start_seconds', 'stop_signal', 'stop_timeout_seconds', 'description'];

export const workloads: Record<string, Handler> = {
  // -------------------------------------------------------- applications (B15)
  createApplication: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    unique(ctx, 'application', (a) => a.environment_id === environment.id, 'name', body.name);
    limit(ctx, 'applications', sim.store.where('application', (a) => a.environment_id === environment.id).length);
    limit(ctx, 'pipelines', sim.store.where('pipeline', (p) => p.environment_id === environment.id).length);
    const template = sim.data.objects.application!.template;
    const app = sim.make('application', {
      environment_id: environment.id as string,
      ...pick(body, [
        'name',
        'description',
        'repository_url',
        'branch',
        'runtime',
        'runtime_version',
        'build_command',
        'start_command',
        'port',
        'web_directory',
        'keep_releases',
        'shared_paths',
      ]),
      description: (body.description as string) ?? '',
      deploy_path: `/var/www/${String(body.name)}`,
      deploy_key: template.deploy_key ?? null,
      current_deployment_id: null,
    });
    const pipeline = sim.make('pipeline', {
      environment_id: environment.id as string,
      name: `deploy-${String(body.name)}`,
      description: '',
      kind: 'deploy',
      application_id: app.id as string,
      server_ids: [],
      last_run_action_id: null,
      last_run_status: null,
    });
    sim.data.facts.deployPipeline.forEach((step, i) =>
      sim.make('pipeline_step', {
        pipeline_id: pipeline.id as string,
        name: step.name,
        type: step.type,
        built_in: true,
        position: i + 1,
        script: null,
        run_as: null,
        timeout_seconds: null,
        continue_on_error: false,
      }),
    );
    app.deploy_pipeline_id = pipeline.id as string;
    return respond(ctx, app, 201);
  },
  listApplications: (ctx) => listInEnvironment(ctx, 'application'),
  getApplication: (ctx) => respond(ctx, target(ctx, 'application')),
  updateApplication: (ctx) => {
    const app = target(ctx, 'application');
    Object.assign(
      app,
      pick(ctx.body, [
        'description',
        'repository_url',
        'branch',
        'runtime_version',
        'build_command',
        'start_command',
        'port',
        'web_directory',
        'keep_releases',
        'shared_paths',
      ]),
      {updated_at: ctx.sim.store.time},
    );
    return respond(ctx, app);
  },
  deleteApplication: (ctx) => {
    const app = target(ctx, 'application');
    const hosts = ctx.sim.store.where('virtual_host', (v) => v.application_id === app.id);
    if (hosts.length) {
      throw new ApiError(409, 'resource_in_use', 'Virtual hosts still serve the application.', {
        used_by: hosts.map((v) => ({type: 'virtual_host', id: v.id as string, name: String(v.name)})),
      });
    }
    const servers = appServers(ctx, app);
    serversReady(ctx, servers);
    const type = ctx.sim.actions.typeOf(ctx.op.id)!;
    const action = ctx.sim.queue({
      type: type.type,
      environment_id: app.environment_id as string,
      subject: subjectOf(app),
      steps: ctx.sim.actions.stepsOf(type, servers),
      actor: ctx.actor,
      locks: [app.id as string, ...servers],
      succeeded: [{delete: app.id as string}],
      failed: [],
    });
    return accepted(ctx, action);
  },
  linkServerToApplication: (ctx) => {
    const app = target(ctx, 'application');
    const server = referenced(ctx, 'server', ctx.body.server_id, 'server_id', app.environment_id);
    return respond(ctx, newLink(ctx, 'application_server', app, server), 201);
  },
  deployApplication: (ctx) => {
    const app = target(ctx, 'application');
    return accepted(ctx, deploy(ctx, app, {branch: ctx.body.branch as string | undefined, commit: (ctx.body.commit_sha as string) ?? null}).action);
  },
  rollbackApplication: (ctx) => {
    const app = target(ctx, 'application');
    const done = ctx.sim.store.where('deployment', (d) => d.application_id === app.id && d.status === 'succeeded' && d.id !== app.current_deployment_id);
    const wanted =
      typeof ctx.body.release === 'string'
        ? done.find((d) => d.release === ctx.body.release)
        : done.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
    if (!wanted) throw invalidField('release', 'No earlier release of the application to roll back to.');
    return accepted(ctx, deploy(ctx, app, {type: 'rollback', rollbackTo: wanted.release as string, commit: (wanted.commit_sha as string) ?? null}).action);
  },
  listDeployments: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('deployment', (d) => d.application_id === target(ctx, 'application').id),
    ),
  getDeployment: (ctx) => respond(ctx, target(ctx, 'deployment')),

  // ----------------------------------------------------------- pipelines (B16)
  createPipeline: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    unique(ctx, 'pipeline', (p) => p.environment_id === environment.id, 'name', body.name);
    limit(ctx, 'pipelines', sim.store.where('pipeline', (p) => p.environment_id === environment.id).length);
    const servers = Array.isArray(body.server_ids) ? body.server_ids.map(String) : [];
    for (const id of servers) referenced(ctx, 'server', id, 'server_ids', environment.id);
    const pipeline = sim.make('pipeline', {
      environment_id: environment.id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      kind: 'custom',
      application_id: null,
      server_ids: servers,
      last_run_action_id: null,
      last_run_status: null,
    });
    for (const step of Array.isArray(body.steps) ? (body.steps as Obj[]) : []) {
      sim.make('pipeline_step', {
        pipeline_id: pipeline.id as string,
        name: step.name as string,
        type: 'script',
        built_in: false,
        position: stepsOfPipeline(ctx, pipeline.id).length + 1,
        script: step.script as string,
        run_as: (step.run_as as string) ?? 'deploy',
        timeout_seconds: (step.timeout_seconds as number) ?? 600,
        continue_on_error: (step.continue_on_error as boolean) ?? false,
      });
    }
    return respond(ctx, pipeline, 201);
  },
  listPipelines: (ctx) => listInEnvironment(ctx, 'pipeline'),
  getPipeline: (ctx) => respond(ctx, target(ctx, 'pipeline')),
  updatePipeline: (ctx) => {
    const pipeline = target(ctx, 'pipeline');
    if (pipeline.kind === 'deploy' && (ctx.body.name !== undefined || ctx.body.server_ids !== undefined)) {
      throw invalidField(ctx.body.name !== undefined ? 'name' : 'server_ids', "A deploy pipeline's name and servers come from its application.", 'not_allowed');
    }
    unique(ctx, 'pipeline', (p) => p.environment_id === pipeline.environment_id, 'name', ctx.body.name, pipeline);
    if (Array.isArray(ctx.body.step_order)) {
      const order = ctx.body.step_order.map(String);
      const steps = stepsOfPipeline(ctx, pipeline.id);
      const builtIn = steps.filter((s) => s.built_in === true).map((s) => s.id);
      if (order.length !== steps.length || new Set(order).size !== order.length || steps.some((s) => !order.includes(s.id as string))) {
        throw invalidField('step_order', 'List every step of the pipeline exactly once.');
      }
      if (order.filter((id) => builtIn.includes(id)).join() !== builtIn.join()) throw invalidField('step_order', "Built-in steps can't change their order.");
      renumber(ctx, pipeline.id, order);
    }
    Object.assign(pipeline, pick(ctx.body, ['name', 'description', 'server_ids']), {updated_at: ctx.sim.store.time});
    return respond(ctx, pipeline);
  },
  deletePipeline: (ctx) => {
    const pipeline = target(ctx, 'pipeline');
    if (pipeline.kind === 'deploy') throw protectedResource('deploy_pipeline', 'Remove the application to remove its deploy pipeline.');
    const hooks = ctx.sim.store.where('incoming_webhook', (h) => h.pipeline_id === pipeline.id);
    if (hooks.length) {
      throw new ApiError(409, 'resource_in_use', 'Incoming webhooks still run the pipeline.', {
        used_by: hooks.map((h) => ({type: 'incoming_webhook', id: h.id as string, name: h.name as string})),
      });
    }
    ctx.sim.cascade(pipeline.id as string);
    return noContent();
  },
  runPipeline: (ctx) => {
    const pipeline = target(ctx, 'pipeline');
    const servers = Array.isArray(ctx.body.server_ids) ? ctx.body.server_ids.map(String) : undefined;
    if (servers && pipeline.kind === 'deploy') throw invalidField('server_ids', 'A deploy pipeline runs on its application’s servers.', 'not_allowed');
    return accepted(ctx, run(ctx, pipeline, servers));
  },
  createPipelineStep: (ctx) => {
    const {sim, body} = ctx;
    const pipeline = target(ctx, 'pipeline');
    const steps = stepsOfPipeline(ctx, pipeline.id);
    limit(ctx, 'pipeline_steps', steps.length);
    const position = typeof body.position === 'number' ? body.position : steps.length + 1;
    if (position < 1 || position > steps.length + 1) throw invalidField('position', `Use a position from 1 to ${steps.length + 1}.`, 'out_of_range');
    for (const step of steps) if (Number(step.position) >= position) step.position = Number(step.position) + 1;
    const step = sim.make('pipeline_step', {
      pipeline_id: pipeline.id as string,
      name: body.name as string,
      type: 'script',
      built_in: false,
      position,
      script: body.script as string,
      run_as: (body.run_as as string) ?? 'deploy',
      timeout_seconds: (body.timeout_seconds as number) ?? 600,
      continue_on_error: (body.continue_on_error as boolean) ?? false,
    });
    return respond(ctx, step, 201);
  },
  listPipelineSteps: (ctx) => {
    const steps = stepsOfPipeline(ctx, target(ctx, 'pipeline').id);
    return {status: 200, headers: {}, body: {data: steps.map((s) => ctx.sim.present(s)), next_cursor: null}};
  },
  getPipelineStep: (ctx) => respond(ctx, target(ctx, 'pipeline_step', 'step_id')),
  updatePipelineStep: (ctx) => {
    const step = target(ctx, 'pipeline_step', 'step_id');
    if (step.built_in === true) throw protectedResource('built_in_step', "Built-in steps can't be edited.");
    Object.assign(step, pick(ctx.body, ['name', 'script', 'run_as', 'timeout_seconds', 'continue_on_error']), {updated_at: ctx.sim.store.time});
    return respond(ctx, step);
  },
  deletePipelineStep: (ctx) => {
    const step = target(ctx, 'pipeline_step', 'step_id');
    if (step.built_in === true) throw protectedResource('built_in_step', "Built-in steps can't be removed.");
    ctx.sim.store.remove(step.id as string);
    renumber(ctx, step.pipeline_id);
    return noContent();
  },

  // ------------------------------------------------------------- actions (B17)
  listActions: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('action', (a) => a.environment_id === environmentOf(ctx).id),
      {
        subject_id: (a, value) => (a.subject as Obj)?.id === value,
        since: (a, value) => String(a.created_at) >= String(value),
        until: (a, value) => String(a.created_at) < String(value),
      },
    ),
  getAction: (ctx) => respond(ctx, target(ctx, 'action'), 200, {steps: ctx.sim.actions.stepsOfAction(target(ctx, 'action')).map((s) => ctx.sim.present(s))}),
  cancelAction: (ctx) => {
    const action = target(ctx, 'action');
    const lifecycle = ctx.sim.lifecycles.get('action')!;
    const op = lifecycle.operations.find((o) => o.api.includes(ctx.op.id))!;
    ctx.sim.lifecycles.check(op, lifecycle, action);
    if (action.status === 'running' && action.$uncancelable === true) {
      throw invalidState('running', ['queued'], `A running ${String(action.type)} action can't be canceled.`, {reason: 'not_cancelable'});
    }
    ctx.sim.actions.cancel(action);
    return accepted(ctx, action);
  },
  listActionSteps: (ctx) => list(ctx, ctx.sim.actions.stepsOfAction(target(ctx, 'action'))),
  getActionStep: (ctx) => respond(ctx, target(ctx, 'action_step')),
  getActionStepLog: (ctx) => {
    const step = target(ctx, 'action_step');
    const content = String(step.$log ?? '');
    return {
      status: 200,
      headers: {},
      body: {
        object: 'action_step_log',
        action_step_id: step.id as string,
        content,
        size_bytes: new TextEncoder().encode(content).length,
        truncated: false,
        expires_at: new Date(ctx.sim.store.now + 30 * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    };
  },

  // ----------------------------------------------------------- variables (B18)
  createVariable: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    const scope = String(body.scope ?? 'environment');
    if (scope === 'application') referenced(ctx, 'application', body.application_id, 'application_id', environment.id);
    if (scope === 'server') referenced(ctx, 'server', body.server_id, 'server_id', environment.id);
    unique(
      ctx,
      'variable',
      (v) =>
        v.environment_id === environment.id &&
        v.scope === scope &&
        v.application_id === (body.application_id ?? null) &&
        v.server_id === (body.server_id ?? null),
      'key',
      body.key,
    );
    limit(ctx, 'variables', sim.store.where('variable', (v) => v.environment_id === environment.id).length);
    const variable = sim.make('variable', {
      environment_id: environment.id as string,
      key: body.key as string,
      value: body.secret === true ? null : (body.value as string),
      secret: body.secret === true,
      scope,
      application_id: (body.application_id as string) ?? null,
      server_id: (body.server_id as string) ?? null,
      updated_by_id: (ctx.principal.user?.id as string) ?? null,
      $value: body.value as string,
    });
    return respond(ctx, variable, 201);
  },
  listVariables: (ctx) => listInEnvironment(ctx, 'variable'),
  getVariable: (ctx) => respond(ctx, target(ctx, 'variable')),
  updateVariable: (ctx) => {
    const variable = target(ctx, 'variable');
    if (ctx.body.secret === false && variable.secret === true) throw invalidField('secret', "A secret variable can't become plain again.");
    if (ctx.body.secret === true) variable.secret = true;
    if (ctx.body.value !== undefined) variable.$value = ctx.body.value;
    variable.value = variable.secret === true ? null : (variable.$value as string);
    Object.assign(variable, {updated_by_id: (ctx.principal.user?.id as string) ?? null, updated_at: ctx.sim.store.time});
    return respond(ctx, variable);
  },
  deleteVariable: (ctx) => {
    ctx.sim.store.remove(target(ctx, 'variable').id as string);
    return noContent();
  },

  // --------------------------------------------------------------- files (B19)
  createFile: (ctx) =>
    createOnServer(
      ctx,
      'file',
      'files',
      () => ({
        path: ctx.body.path as string,
        content: ctx.body.content as string,
        mode: (ctx.body.mode as string) ?? '0644',
        owner: (ctx.body.owner as string) ?? 'deploy',
        group: (ctx.body.group as string) ?? 'deploy',
        size_bytes: new TextEncoder().encode(String(ctx.body.content)).length,
        sha256: sha256(String(ctx.body.content)),
      }),
      'path',
    ),
  listFiles: (ctx) => listInEnvironment(ctx, 'file'),
  getFile: (ctx) => respond(ctx, target(ctx, 'file')),
  updateFile: (ctx) => {
    const file = target(ctx, 'file');
    const response = editOnServer(ctx, file, ['content', 'mode', 'owner', 'group']);
    file.size_bytes = new TextEncoder().encode(String(file.content)).length;
    file.sha256 = sha256(String(file.content));
    return response;
  },
  deleteFile: (ctx) => onServer(ctx, target(ctx, 'file')),

  // ----------------------------------------------------------- cron jobs (B20)
  createCronJob: (ctx) =>
    createOnServer(ctx, 'cron_job', 'cron_jobs', () => ({
      ...pick(ctx.body, ['name', 'command', 'schedule', 'description']),
      description: (ctx.body.description as string) ?? '',
      run_as: (ctx.body.run_as as string) ?? 'deploy',
      enabled: (ctx.body.enabled as boolean) ?? true,
    })),
  listCronJobs: (ctx) => listInEnvironment(ctx, 'cron_job'),
  getCronJob: (ctx) => respond(ctx, target(ctx, 'cron_job')),
  updateCronJob: (ctx) => editOnServer(ctx, target(ctx, 'cron_job'), ['command', 'schedule', 'run_as', 'enabled', 'description']),
  deleteCronJob: (ctx) => onServer(ctx, target(ctx, 'cron_job')),

  // ------------------------------------------------------------- daemons (B21)
  createDaemon: (ctx) =>
    createOnServer(ctx, 'daemon', 'daemons', () => ({
      ...pick(ctx.body, ['name', ...DAEMON_FIELDS]),
      description: (ctx.body.description as string) ?? '',
      process_state: 'starting',
      managed_by_application_id: null,
    })),
  listDaemons: (ctx) => listInEnvironment(ctx, 'daemon'),
  getDaemon: (ctx) => respond(ctx, target(ctx, 'daemon')),
  updateDaemon: (ctx) => {
    const daemon = target(ctx, 'daemon');
    if (daemon.managed_by_application_id) throw protectedResource('application_process', "An application's process is edited through its application.");
    return editOnServer(ctx, daemon, DAEMON_FIELDS);
  },
  deleteDaemon: (ctx) => {
    const daemon = target(ctx, 'daemon');
    if (daemon.managed_by_application_id) throw protectedResource('application_process', "An application's process is removed with its application.");
    return onServer(ctx, daemon);
  },
  restartDaemon: (ctx) => {
    const daemon = target(ctx, 'daemon');
    serversReady(ctx, [String(daemon.server_id)]);
    const type = ctx.sim.actions.typeOf(ctx.op.id)!;
    const action = ctx.sim.queue({
      type: type.type,
      environment_id: daemon.environment_id as string,
      subject: subjectOf(daemon),
      steps: ctx.sim.actions.stepsOf(type, [String(daemon.server_id)]),
      actor: ctx.actor,
      locks: [String(daemon.server_id)],
      succeeded: [{set: daemon.id as string, fields: {process_state: 'running'}}],
      failed: [],
    });
    return accepted(ctx, action);
  },

  // ------------------------------------------------------- virtual hosts (B22)
  createVirtualHost: (ctx) => {
    const {body} = ctx;
    const environment = environmentOf(ctx);
    const domains = Array.isArray(body.domains) ? body.domains.map(String) : [];
    const server = referenced(ctx, 'server', body.server_id, 'server_id', environment.id);
    for (const domain of domains) {
      if (ctx.sim.store.where('virtual_host', (v) => v.server_id === server.id && (v.domains as string[]).includes(domain)).length) {
        throw new ApiError(409, 'already_exists', `${domain} is already served by a virtual host on this server.`, {field: 'domains'});
      }
    }
    if (body.certificate_id) checkCertificate(ctx, body.certificate_id, domains, environment.id);
    if (body.application_id) {
      const app = referenced(ctx, 'application', body.application_id, 'application_id', environment.id);
      if (!appServers(ctx, app).includes(server.id as string)) throw invalidField('application_id', 'Link the application to the server first.');
    }
    return createOnServer(ctx, 'virtual_host', 'virtual_hosts', () => ({
      ...pick(body, ['mode', 'application_id', 'proxy_port', 'root', 'certificate_id', 'redirects', 'dns_credential_id']),
      name: domains[0] ?? '',
      domains,
    }));
  },
  listVirtualHosts: (ctx) => listInEnvironment(ctx, 'virtual_host'),
  getVirtualHost: (ctx) => respond(ctx, target(ctx, 'virtual_host')),
  updateVirtualHost: (ctx) => {
    const host = target(ctx, 'virtual_host');
    if (ctx.body.certificate_id)
      checkCertificate(ctx, ctx.body.certificate_id, (ctx.body.domains as string[]) ?? (host.domains as string[]), host.environment_id);
    return editOnServer(ctx, host, ['domains', 'mode', 'proxy_port', 'root', 'certificate_id', 'redirects', 'dns_credential_id']);
  },
  deleteVirtualHost: (ctx) => onServer(ctx, target(ctx, 'virtual_host')),

  // --------------------------------------------------------------- links (B24)
  listLinks: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('link', (l) => l.environment_id === environmentOf(ctx).id),
      {
        resource_id: (l, value) => (l.source as Obj).id === value || (l.target as Obj).id === value,
      },
    ),
  getLink: (ctx) => respond(ctx, target(ctx, 'link')),
  deleteLink: (ctx) => {
    const link = target(ctx, 'link');
    const server = String((link.target as Obj).id);
    serversReady(ctx, [server]);
    return accepted(ctx, operate(ctx, link, {servers: [server]}));
  },

  // --------------------------------------------------- incoming webhooks (B23)
  createIncomingWebhook: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    referenced(ctx, 'pipeline', body.pipeline_id, 'pipeline_id', environment.id);
    unique(ctx, 'incoming_webhook', (h) => h.environment_id === environment.id, 'name', body.name);
    limit(ctx, 'incoming_webhooks', sim.store.where('incoming_webhook', (h) => h.environment_id === environment.id).length);
    const secret = sim.store.newSecret('ldhook_');
    const hook = sim.make('incoming_webhook', {
      environment_id: environment.id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      pipeline_id: body.pipeline_id as string,
      enabled: (body.enabled as boolean) ?? true,
      url: null,
      url_preview: hookPreview(ctx, secret),
      last_triggered_at: null,
      $secret: secret,
    });
    return respond(ctx, hook, 201, {url: hookUrl(ctx, secret)});
  },
  listIncomingWebhooks: (ctx) => listInEnvironment(ctx, 'incoming_webhook'),
  getIncomingWebhook: (ctx) => respond(ctx, target(ctx, 'incoming_webhook')),
  updateIncomingWebhook: (ctx) => {
    const hook = target(ctx, 'incoming_webhook');
    if (ctx.body.pipeline_id !== undefined) referenced(ctx, 'pipeline', ctx.body.pipeline_id, 'pipeline_id', hook.environment_id);
    unique(ctx, 'incoming_webhook', (h) => h.environment_id === hook.environment_id, 'name', ctx.body.name, hook);
    Object.assign(hook, pick(ctx.body, ['name', 'description', 'pipeline_id', 'enabled']), {updated_at: ctx.sim.store.time});
    return respond(ctx, hook);
  },
  deleteIncomingWebhook: (ctx) => {
    ctx.sim.store.remove(target(ctx, 'incoming_webhook').id as string);
    return noContent();
  },
  rotateIncomingWebhookUrl: (ctx) => {
    const hook = target(ctx, 'incoming_webhook');
    const secret = ctx.sim.store.newSecret('ldhook_');
    Object.assign(hook, {$secret: secret, url_preview: hookPreview(ctx, secret), updated_at: ctx.sim.store.time});
    return respond(ctx, hook, 200, {url: hookUrl(ctx, secret)});
  },
  triggerIncomingWebhook: (ctx) => {
    const {sim} = ctx;
    const hook = sim.store.all('incoming_webhook').find((h) => h.$secret === ctx.params.hook_secret);
    if (!hook) throw notFound('webhook URL');
    const environment = sim.store.find('environment', hook.environment_id)!;
    if (environment.status === 'archived') {
      throw new ApiError(409, 'environment_archived', 'The environment is archived: it is read-only.', {environment_id: environment.id as string});
    }
    if (hook.enabled !== true) throw invalidState('disabled', ['enabled'], 'The webhook is turned off.');
    const pipeline = sim.store.find('pipeline', hook.pipeline_id)!;
    ctx.environment = environment;
    ctx.actor = {type: 'incoming_webhook', id: hook.id as string, name: hook.name as string};
    let action: Obj;
    let deploymentId: string | null = null;
    if (pipeline.kind === 'deploy') {
      const app = sim.store.find('application', pipeline.application_id)!;
      const run = deploy(ctx, app, {commit: (ctx.body.commit_sha as string) ?? null, trigger: 'incoming_webhook'});
      action = run.action;
      deploymentId = run.deployment.id as string;
    } else {
      action = run(ctx, pipeline);
    }
    hook.last_triggered_at = sim.store.time;
    return {
      status: 202,
      headers: {},
      body: {
        object: 'hook_run',
        incoming_webhook_id: hook.id as string,
        action_id: action.id as string,
        deployment_id: deploymentId,
        status: action.status as string,
      },
    };
  },
};

function checkCertificate(ctx: Ctx, id: Json | undefined, domains: string[], environmentId: Json | undefined): void {
  const cert = referenced(ctx, 'ssl_certificate', id, 'certificate_id', environmentId);
  if (!['active', 'renewing', 'renewal_failed'].includes(String(cert.status)))
    throw invalidField('certificate_id', `The certificate is ${String(cert.status)}.`);
  const covers = (domain: string) =>
    (cert.domains as string[]).some(
      (d) => d === domain || (d.startsWith('*.') && domain.endsWith(d.slice(1)) && domain.split('.').length === d.split('.').length),
    );
  const missing = domains.filter((d) => !covers(d));
  if (missing.length) {
    throw new ApiError(422, 'validation_failed', 'The certificate does not cover every domain.', {
      fields: missing.map((d) => ({field: 'domains', issue: 'invalid_value', message: `The certificate doesn't cover ${d}.`})),
    });
  }
}

const hookBase = (ctx: Ctx): string => ctx.sim.data.apiUrl;
const hookUrl = (ctx: Ctx, secret: string): string => `${hookBase(ctx)}/hooks/${secret}`;
const hookPreview = (ctx: Ctx, secret: string): string => `${hookBase(ctx)}/hooks/${secret.slice(0, 11)}****`;
