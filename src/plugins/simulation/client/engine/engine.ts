/**
 * The simulated Launchdeck API. `handle()` answers one request the way the
 * writer's reference and the contract say the API does: routing by the
 * contract's paths (405 for a path without the method), authentication
 * (401), query and body checks by the contract's schemas (400, 415, 413,
 * 422), idempotency keys, project visibility (404) and permissions (403),
 * archived environments (409), then the operation itself (./handlers), with
 * its lifecycle, limits, credits and actions. Time stands still until
 * `advance()` or `settle()` moves it, so that a test decides when an action
 * ends; `inject()` makes the next matching action step fail.
 */
import {Access, authenticate, type Principal} from './access';
import {Actions, type ActionPlan, type Effect, type Injection} from './actions';
import {ApiError, notFound, validationFailed} from './errors';
import {Lifecycles} from './lifecycles';
import {derive, present} from './present';
import {Store, type StoreState} from './store';
import {HANDLERS, type Handler} from './handlers';
import {seedWorld} from './seed';
import {HISTORY, containedBy} from './cascade';
import {HOOKS} from './hooks';
import type {Json, Obj, SimData, SimOperation, SimRequest, SimResponse, Validators} from './types';
import type {Ctx, Hook, World} from './world';

export type {Ctx, Hook, World};

const MAX_BODY_BYTES = 1024 * 1024;
const RATE_LIMIT = 600;

interface Route {
  op: SimOperation;
  pattern: RegExp;
  names: string[];
  literals: number;
}

export interface SimOptions {
  /** Objects of the sample world to leave out (the docs runner leaves out what a page creates). */
  without?: (obj: Obj) => boolean;
}

export class Simulation implements World {
  readonly store: Store;
  readonly access: Access;
  readonly lifecycles: Lifecycles;
  readonly actions: Actions;
  private readonly routes: Route[];
  private readonly ops: Map<string, SimOperation>;

  constructor(
    readonly data: SimData,
    readonly validators: Validators,
    options: SimOptions & {state?: StoreState} = {},
  ) {
    this.store = options.state ? Store.load(options.state, data.epoch) : new Store(data.epoch);
    this.access = new Access(this.store, data.facts);
    this.lifecycles = new Lifecycles(data.facts);
    this.actions = new Actions({
      store: this.store,
      facts: data.facts,
      hook: (name, args, action, result) => this.runHook(name, args, action, result),
      subscriptionOf: (environmentId) => this.subscriptionOf(environmentId),
      planOf: (environmentId) => String(this.subscriptionOf(environmentId)?.plan ?? 'free'),
    });
    this.ops = new Map(data.operations.map((op) => [op.id, op]));
    this.routes = data.operations.map((op) => {
      const names: string[] = [];
      const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return {op, pattern: new RegExp(`^${source}$`), names, literals: op.path.split('/').filter((s) => s && !s.startsWith('{')).length};
    });
    if (!options.state) seedWorld(this, options.without);
  }

  operation(id: string): SimOperation | undefined {
    return this.ops.get(id);
  }

  // ------------------------------------------------------------------ time

  /** Moves the world's clock forward by `seconds`, running what happens meanwhile. */
  advance(seconds: number): void {
    this.actions.advance(seconds, (timer) => this.runHook(String(timer.hook), timer.args ?? null, undefined, 'succeeded'));
  }

  /** Runs the clock until no action is queued or running and no timer is left (at most a simulated day). */
  settle(): void {
    for (let i = 0; i < 24 * 60 && this.actions.busy(); i++) this.advance(60);
  }

  /** Makes the next matching action step fail (or every one, with `sticky`). */
  inject(injection: Injection): void {
    this.store.add({id: this.store.newId('$inj_'), object: '$injection', ...(injection as unknown as Obj)});
  }

  /** Runs a hook after `seconds` (a credential check, an agent registering). */
  timer(seconds: number, hook: string, args: Json): void {
    this.store.add({id: this.store.newId('$tmr_'), object: '$timer', at: this.store.now + seconds * 1000, hook, args});
  }

  save(): StoreState {
    return this.store.save();
  }

  // -------------------------------------------------------------- requests

  /** The operation a request is, and its path parameters. */
  route(method: string, path: string): {op: SimOperation; params: Record<string, string>} | undefined {
    const pathname = new URL(path, 'https://api.invalid').pathname.replace(/\/+$/, '') || '/';
    const found = this.routes
      .map((route) => ({route, m: route.pattern.exec(pathname)}))
      .filter((x): x is {route: Route; m: RegExpExecArray} => x.m !== null && x.route.op.method === method.toUpperCase())
      .sort((a, b) => b.route.literals - a.route.literals)[0];
    if (!found) return undefined;
    return {op: found.route.op, params: Object.fromEntries(found.route.names.map((name, i) => [name, decodeURIComponent(found.m[i + 1]!)]))};
  }

  /**
   * A caller that holds exactly these permissions in every environment of a project, as the permission line of a
   * page names them (with those every role holds and the view permissions they bring, B6): a user of its own in a
   * team of its own, with a custom role and a personal access token. None of it shows in lists or counts. Returns
   * the token's secret.
   */
  principalWith(projectId: string, permissions: string[]): string {
    const user = this.make('user', {name: 'Docs Runner', email: 'runner@example.com'});
    user.$hidden = true;
    const role = this.make('role', {
      project_id: projectId,
      name: 'Docs runner',
      description: '',
      built_in: false,
      permissions: [...this.access.complete(permissions)],
    });
    role.$hidden = true;
    const team = this.make('team', {project_id: projectId, name: 'docs-runner', description: '', protected: false});
    team.$hidden = true;
    this.store.add({
      object: 'team_member',
      team_id: team.id as string,
      user_id: user.id as string,
      name: 'Docs Runner',
      email: 'runner@example.com',
      joined_at: this.store.time,
      $hidden: true,
    });
    for (const environment of this.store.where('environment', (e) => e.project_id === projectId)) {
      const membership = this.make('team_membership', {
        environment_id: environment.id as string,
        team_id: team.id as string,
        role_id: role.id as string,
        protected: false,
      });
      membership.$hidden = true;
    }
    return this.tokenOf(user.id as string);
  }

  /** A personal access token of a user, for a test to act as them; it shows in no list. Returns its secret. */
  tokenOf(userId: string): string {
    const secret = this.store.newSecret('ldpat_');
    const token = this.make('personal_access_token', {
      user_id: userId,
      name: 'docs-runner',
      token: null,
      status: 'active',
      expires_at: null,
      revoked_at: null,
      $secret: secret,
    });
    token.$hidden = true;
    return secret;
  }

  handle(request: SimRequest): SimResponse {
    const requestId = this.store.newId('req_');
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    let operationId: string | undefined;
    let response: SimResponse;
    try {
      const url = new URL(request.path, 'https://api.invalid');
      const method = request.method.toUpperCase();
      const matches = this.routes
        .map((route) => ({route, m: route.pattern.exec(url.pathname.replace(/\/+$/, '') || '/')}))
        .filter((x): x is {route: Route; m: RegExpExecArray} => x.m !== null)
        .sort((a, b) => b.route.literals - a.route.literals);
      const found = matches.find((x) => x.route.op.method === method);
      if (!found) {
        if (matches.length) {
          const allowed = [...new Set(matches.map((x) => x.route.op.method))];
          throw new ApiError(405, 'method_not_allowed', `${url.pathname} doesn't take ${method}.`, {allowed_methods: allowed});
        }
        throw notFound('endpoint');
      }
      const {op} = found.route;
      operationId = op.id;
      const params = Object.fromEntries(found.route.names.map((name, i) => [name, decodeURIComponent(found.m[i + 1]!)]));
      response = this.run(op, params, url.searchParams, headers, request.body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response = {
        status: error.status,
        headers: {...error.headers},
        body: {error: {code: error.code, message: error.message, details: error.details, request_id: requestId}},
      };
    }
    response.headers = {
      ...(response.body === undefined ? {} : {'Content-Type': 'application/json'}),
      'Launchdeck-Request-Id': requestId,
      ...this.rateHeaders(headers.authorization),
      ...response.headers,
    };
    if (operationId) response.operationId = operationId;
    if (operationId && this.validators.response) {
      const issues = this.validators.response(operationId, response.status, response.body);
      if (issues.length) throw new Error(`The simulation answered ${operationId} with ${response.status} outside the contract: ${issues.join('; ')}`);
    }
    return response;
  }

  private rateHeaders(authorization: string | undefined): Record<string, string> {
    const minute = Math.floor(this.store.now / 60000);
    const key = `$rate:${authorization ?? 'anonymous'}:${minute}`;
    const counter = this.store.get(key) ?? this.store.add({id: key, object: '$rate', count: 0});
    counter.count = Number(counter.count) + 1;
    const reset = 60 - Math.floor((this.store.now / 1000) % 60);
    return {
      'RateLimit-Limit': String(RATE_LIMIT),
      'RateLimit-Remaining': String(Math.max(0, RATE_LIMIT - Number(counter.count))),
      'RateLimit-Reset': String(reset),
    };
  }

  private run(
    op: SimOperation,
    params: Record<string, string>,
    search: URLSearchParams,
    headers: Record<string, string>,
    rawBody: string | undefined,
  ): SimResponse {
    const principal: Principal = op.public ? {kind: 'none'} : authenticate(this.store, headers.authorization);
    if (op.tokenTypes.length && !op.tokenTypes.includes(principal.kind)) {
      throw new ApiError(403, 'token_not_allowed', `This endpoint doesn't accept a ${principal.kind.replace(/_/g, ' ')}.`, {token_type: principal.kind});
    }
    const query = this.queryOf(op, search);
    const body = this.bodyOf(op, headers, rawBody);

    const ctx: Ctx = {sim: this, op, params, query, body, principal, actor: this.actorOf(principal), headers};
    this.scope(ctx);
    if (op.permission && ctx.project) this.access.require(principal, op.permission, ctx.project.id as string, ctx.environment?.id as string | undefined);
    if (op.method !== 'GET' && ctx.environment?.status === 'archived' && op.id !== 'unarchiveEnvironment') {
      // Archiving or unarchiving is the environment's own operation; everything else in it is a write (B3).
      if (op.id !== 'archiveEnvironment') {
        throw new ApiError(409, 'environment_archived', 'The environment is archived: it is read-only. Unarchive it first.', {
          environment_id: ctx.environment.id as string,
        });
      }
    }

    const key = op.idempotent ? headers['idempotency-key'] : undefined;
    if (key !== undefined) {
      const stored = this.store.get(`$idem:${String(principal.token?.id ?? 'none')}:${key}`);
      if (stored) {
        if (stored.body !== (rawBody ?? '') || stored.op !== op.id) {
          throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was used with a different request.');
        }
        const replay = structuredClone(stored.response) as unknown as SimResponse;
        replay.headers = {...replay.headers, 'Idempotency-Replayed': 'true'};
        return replay;
      }
    }

    const handler: Handler | undefined = HANDLERS[op.id];
    if (!handler) throw new ApiError(500, 'internal_error', `The simulation has no behaviour for ${op.id}.`);
    const response = handler(ctx);
    if (key !== undefined && response.status < 300) {
      this.store.add({
        id: `$idem:${String(principal.token?.id ?? 'none')}:${key}`,
        object: '$idempotency',
        op: op.id,
        body: rawBody ?? '',
        response: structuredClone(response) as unknown as Json,
      });
    }
    return response;
  }

  private queryOf(op: SimOperation, search: URLSearchParams): Record<string, Json> {
    const known = new Map(op.query.map((q) => [q.name, q]));
    const query: Record<string, Json> = {};
    for (const [name, value] of search) {
      const q = known.get(name);
      if (!q) throw new ApiError(400, 'bad_request', `Unknown query parameter ${name}.`, {parameter: name});
      query[name] = /^-?\d+$/.test(value) && typeof q.default !== 'string' ? Number(value) : value === 'true' || value === 'false' ? value === 'true' : value;
    }
    const issues = this.validators.query(op.id, query);
    if (issues.length) {
      const parameter = issues[0]!.field.replace(/^\//, '');
      throw new ApiError(400, 'bad_request', `The query parameter ${parameter} is invalid: ${issues[0]!.message}`, {parameter});
    }
    for (const q of op.query) if (query[q.name] === undefined && q.default !== undefined) query[q.name] = q.default;
    return query;
  }

  private bodyOf(op: SimOperation, headers: Record<string, string>, raw: string | undefined): Obj {
    if (op.body === undefined) return {};
    const text = raw ?? '';
    if (text.trim() !== '' && !/^application\/json\b/i.test(headers['content-type'] ?? '')) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }
    if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
      throw new ApiError(413, 'payload_too_large', 'The body is larger than 1 MB.', {max_bytes: MAX_BODY_BYTES});
    }
    let value: unknown = {};
    if (text.trim() !== '') {
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'bad_request', "The body isn't valid JSON.");
      }
    } else if (!op.body && op.method !== 'PATCH') {
      return {};
    }
    if (op.method === 'PATCH' && value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) {
      throw validationFailed([{field: 'body', issue: 'required', message: 'Send at least one field to change.'}]);
    }
    const issues = this.validators.body(op.id, value);
    if (issues.length) throw validationFailed(issues);
    return value as Obj;
  }

  /** Finds what the request acts on, from its path parameters: 404 when it doesn't exist or the caller can't see its project. */
  private scope(ctx: Ctx): void {
    const {params, principal} = ctx;
    for (const [name, value] of Object.entries(params)) {
      if (name === 'hook_secret' || name === 'provider') continue;
      const obj = this.store.get(value);
      if (!obj || obj.object === '$timer' || String(obj.object).startsWith('$')) throw notFound();
      const {project, environment} = this.placeOf(obj);
      // Account objects (the caller's own tokens) are visible to their user only.
      if (obj.object === 'personal_access_token' && obj.user_id !== principal.user?.id) throw notFound();
      if (project) {
        if (!this.access.canSee(principal, project.id as string)) throw notFound();
        ctx.project = project;
        if (environment) ctx.environment = environment;
      }
    }
  }

  /** The project and environment an object lives in. */
  placeOf(obj: Obj): {project?: Obj; environment?: Obj} {
    if (obj.object === 'project') return {project: obj};
    const environment = obj.object === 'environment' ? obj : (this.store.find('environment', obj.environment_id) ?? this.environmentOfParent(obj));
    const projectId =
      environment?.project_id ?? obj.project_id ?? this.store.get(obj.team_id as string)?.project_id ?? this.store.get(obj.webhook_id as string)?.project_id;
    const project = this.store.find('project', projectId);
    return {
      ...(project ? {project} : {}),
      ...(environment && obj.object !== 'environment' ? {environment} : obj.object === 'environment' ? {environment: obj} : {}),
    };
  }

  private environmentOfParent(obj: Obj): Obj | undefined {
    for (const field of ['server_id', 'network_id', 'application_id', 'pipeline_id', 'action_id', 'action_step_id']) {
      const parent = this.store.get(obj[field] as string);
      if (parent) return this.placeOf(parent).environment;
    }
    return undefined;
  }

  private actorOf(principal: Principal): Obj {
    if (principal.kind === 'project_api_token' && principal.token)
      return {type: 'project_api_token', id: principal.token.id as string, name: principal.token.name as string};
    if (principal.user) return {type: 'user', id: principal.user.id as string, name: principal.user.name as string};
    return {type: 'system', id: null, name: 'Launchdeck'};
  }

  // ------------------------------------------------------- used by handlers

  subscriptionOf(environmentId: string): Obj | undefined {
    const env = this.store.find('environment', environmentId);
    const project = this.store.find('project', env?.project_id);
    return this.store.where('subscription', (s) => s.user_id === project?.owner_id)[0];
  }

  /** The plan of a project's owner. */
  planOfProject(projectId: string): string {
    const project = this.store.find('project', projectId);
    return String(this.store.where('subscription', (s) => s.user_id === project?.owner_id)[0]?.plan ?? 'free');
  }

  /** Throws `403 plan_limit_reached` when one more would pass a plan limit or a fixed limit. */
  limit(limitName: string, current: number, projectId: string): void {
    const plan = this.planOfProject(projectId);
    const fixed = this.data.facts.fixedLimits.find((l) => l.limitName === limitName);
    const planLimit = Object.entries(this.data.facts.plans).find(([id]) => PLAN_LIMIT_NAMES[id] === limitName)?.[1];
    const value = fixed?.value ?? planLimit?.[plan];
    if (value === undefined || current < value) return;
    throw new ApiError(403, 'plan_limit_reached', `The limit of ${value} ${limitName.replace(/_/g, ' ')} is reached.`, {
      limit_name: limitName,
      limit: value,
      current,
      plan,
    });
  }

  /** A new object of a type: the contract's example of it, with these fields; a new ID and the current time. */
  make(object: string, fields: Obj): Obj {
    const def = this.data.objects[object];
    if (!def) throw new Error(`The contract has no ${object} object`);
    const now = this.store.time;
    const obj: Obj = {...structuredClone(def.template)};
    // What the example knows only about itself: a template's own relations and times don't carry over.
    for (const key of Object.keys(obj)) if (/_at$/.test(key)) obj[key] = null;
    Object.assign(obj, {created_at: now, updated_at: now}, fields);
    if (def.prefix && typeof fields.id !== 'string') obj.id = this.store.newId(def.prefix);
    const initial = this.lifecycles.initial(obj);
    if (initial && fields.status === undefined) obj.status = initial;
    return this.store.add(obj);
  }

  present(obj: Obj, options: {steps?: boolean} = {}): Obj {
    return present(this, obj, options);
  }

  derive(obj: Obj): Obj {
    return derive(this, obj);
  }

  /** Queues an action for a plan, or throws `402`. */
  queue(plan: ActionPlan): Obj {
    return this.actions.queue(plan);
  }

  private runHook(name: string, args: Json, action: Obj | undefined, result: 'succeeded' | 'failed'): void {
    const hook = HOOKS[name];
    if (!hook) throw new Error(`The simulation has no hook ${name}`);
    hook(this, args, action, result);
  }

  /**
   * Deletes an object and everything it holds (./cascade.ts); IDs of it in other objects' lists go too. A project
   * takes its history with it (B2); anything else leaves it.
   */
  cascade(id: string): void {
    const root = this.store.get(id);
    if (!root) return;
    const history = root.object === 'project';
    const gone = new Set([id]);
    for (let changed = true; changed;) {
      changed = false;
      for (const obj of this.store.all()) {
        const key = Store.keyOf(obj);
        if (gone.has(key) || (!history && HISTORY.has(String(obj.object))) || String(obj.object).startsWith('$')) continue;
        if (containedBy(obj).some((c) => gone.has(c))) {
          gone.add(key);
          changed = true;
        }
      }
    }
    for (const key of gone) this.store.remove(key);
    for (const obj of this.store.all()) {
      for (const field of ['server_ids', 'ssh_key_ids', 'environment_ids']) {
        const value = obj[field];
        if (Array.isArray(value) && value.some((v) => gone.has(String(v)))) obj[field] = value.filter((v) => !gone.has(String(v)));
      }
    }
  }

  /** A self-hosted server's agent registered: `provisioning`, then `running` when its `server.provision` action succeeds (B10). */
  provisionSelfHosted(server: Obj): Obj {
    const type = this.actions.typeOf('createServer', 'self-hosted')!;
    server.$before = server.status;
    server.status = 'provisioning';
    server.bootstrap = null;
    const ends = this.endStates(server, undefined, 'provisioning');
    const action = this.queue({
      type: type.type,
      environment_id: server.environment_id as string,
      subject: {type: 'server', id: server.id as string, name: server.name as string},
      steps: this.actions.stepsOf(type, [server.id as string]),
      actor: {type: 'system', id: null, name: 'Launchdeck'},
      locks: [server.id as string],
      succeeded: [
        ...ends.succeeded,
        {set: server.id as string, fields: {os: 'Debian GNU/Linux 12', architecture: 'x86_64', public_ipv4: '192.0.2.60', private_ipv4: '10.0.5.60'}},
        {hook: 'server.online', args: server.id as string},
      ],
      failed: ends.failed,
      uncancelable: true,
    });
    server.provision_action_id = action.id as string;
    return action;
  }

  /** A lifecycle's effects of an action's end on a resource: its state after success and after failure. */
  endStates(obj: Obj, opName: string | undefined, state: string): {succeeded: Effect[]; failed: Effect[]} {
    const lifecycle = this.lifecycles.of(obj);
    if (!lifecycle) return {succeeded: [], failed: []};
    const op = lifecycle.operations.find((o) => o.name === opName);
    const before = String(obj.$before ?? obj.status);
    const effect = (to: string): Effect[] => (to === 'gone' ? [{delete: obj.id as string}] : [{set: obj.id as string, fields: {status: to}}]);
    return {
      succeeded: effect(this.lifecycles.outcome(lifecycle, state, 'succeeded', op, before)),
      failed: effect(this.lifecycles.outcome(lifecycle, state, 'failed', op, before)),
    };
  }
}

/** Plan limits (facts.yml `plans`) by the `limit_name` the API reports for them. */
const PLAN_LIMIT_NAMES: Record<string, string> = {
  projects_owned: 'projects',
  active_environments_per_project: 'environments',
  servers_per_project: 'servers',
  project_members: 'project_members',
  custom_roles_per_project: 'custom_roles',
  outgoing_webhooks_per_project: 'outgoing_webhooks',
  project_api_tokens_per_project: 'project_api_tokens',
};
