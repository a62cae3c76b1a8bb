/**
 * What the operations' handlers share: responses, the object a path names,
 * lists with the API's cursor pagination, uniqueness and limits, and running a
 * lifecycle operation with its action.
 */
import {ApiError, alreadyExists, invalidState, notFound} from '../errors';
import type {Ctx} from '../world';
import type {Effect, PlannedStep} from '../actions';
import type {Json, Obj, SimResponse} from '../types';

export type Handler = (ctx: Ctx) => SimResponse;

export const respond = (ctx: Ctx, obj: Obj, status = 200, extra: Obj = {}): SimResponse => ({
  status,
  headers: {},
  body: {...ctx.sim.present(obj), ...extra},
});

export const noContent = (): SimResponse => ({status: 204, headers: {}});

export const accepted = (ctx: Ctx, action: Obj): SimResponse => ({status: 202, headers: {}, body: ctx.sim.present(action)});

/** The object of this type that the path parameter names (the engine already answered 404 for an unknown ID). */
export function target(ctx: Ctx, object: string, param = `${object}_id`): Obj {
  const obj = ctx.sim.store.find(object, ctx.params[param]);
  if (!obj) throw notFound(object.replace(/_/g, ' '));
  return obj;
}

/** The object a body field names, in the same environment (422 when it isn't one). */
export function referenced(ctx: Ctx, object: string, id: Json | undefined, field: string, environmentId?: Json): Obj {
  const obj = ctx.sim.store.find(object, id);
  if (!obj || (environmentId !== undefined && obj.environment_id !== undefined && obj.environment_id !== environmentId)) {
    throw new ApiError(422, 'validation_failed', 'The request has 1 invalid field.', {
      fields: [{field, issue: 'invalid_value', message: `No ${object.replace(/_/g, ' ')} ${String(id)} in this environment.`}],
    });
  }
  return obj;
}

export function invalidField(field: string, message: string, issue = 'invalid_value'): ApiError {
  return new ApiError(422, 'validation_failed', 'The request has 1 invalid field.', {fields: [{field, issue, message}]});
}

const encode = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const decode = (text: string): string => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** Newest first: by `created_at`, then by creation order. */
export const newestFirst = (a: Obj, b: Obj): number =>
  String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')) || Number(b.$seq ?? 0) - Number(a.$seq ?? 0);

/**
 * A list response (C1, "Pagination"): `{data, next_cursor}`, newest first, `limit` items from the `cursor`
 * (`next_cursor` of the previous page: "cursor:<id of its last item>", base64url). `filters` keep items whose
 * field equals the query parameter of the same name, unless `custom` handles that parameter.
 */
export function list(ctx: Ctx, items: Obj[], custom: Record<string, (obj: Obj, value: Json) => boolean> = {}, paginate = true): SimResponse {
  let kept = items.filter((obj) => obj.$hidden !== true);
  for (const [name, value] of Object.entries(ctx.query)) {
    if (name === 'limit' || name === 'cursor' || value === undefined || value === null) continue;
    const test = custom[name];
    if (test) kept = kept.filter((obj) => test(obj, value));
    else if (kept.some((obj) => name in obj)) kept = kept.filter((obj) => obj[name] === value);
  }
  kept = [...kept].sort(newestFirst);
  if (!paginate) return {status: 200, headers: {}, body: {data: kept.map((o) => ctx.sim.present(o)), next_cursor: null}};
  let start = 0;
  if (typeof ctx.query.cursor === 'string') {
    let last: string;
    try {
      last = /^cursor:(.+)$/.exec(decode(ctx.query.cursor))?.[1] ?? '';
    } catch {
      last = '';
    }
    const at = kept.findIndex((o) => (o.id ?? `${String(o.team_id)}:${String(o.user_id)}`) === last);
    if (at < 0) throw new ApiError(400, 'invalid_cursor', 'The cursor is malformed or older than 24 hours.');
    start = at + 1;
  }
  const limit = typeof ctx.query.limit === 'number' ? ctx.query.limit : 20;
  const page = kept.slice(start, start + limit);
  const lastItem = page.at(-1);
  const more = start + limit < kept.length && lastItem;
  return {
    status: 200,
    headers: {},
    body: {
      data: page.map((o) => ctx.sim.present(o)),
      next_cursor: more ? encode(`cursor:${String(lastItem.id ?? `${String(lastItem.team_id)}:${String(lastItem.user_id)}`)}`) : null,
    },
  };
}

/** `409 already_exists` when another object in the same place already has this value. */
export function unique(ctx: Ctx, object: string, where: (o: Obj) => boolean, field: string, value: Json | undefined, self?: Obj, fold = false): void {
  if (value === undefined || value === null) return;
  const same = (a: Json | undefined) => (fold ? String(a).toLowerCase() === String(value).toLowerCase() : a === value);
  if (ctx.sim.store.where(object, (o) => o !== self && where(o) && same(o[field])).length) {
    throw alreadyExists(field, `Another ${object.replace(/_/g, ' ')} here already uses this ${field}.`);
  }
}

/** Throws `403 plan_limit_reached` when adding one more of what `current` counts passes the limit. */
export function limit(ctx: Ctx, limitName: string, current: number): void {
  const projectId = ctx.project?.id as string | undefined;
  if (projectId) ctx.sim.limit(limitName, current, projectId);
}

/** The action's subject for an object: its name, a file's path, a link's "source → target". */
export function subjectOf(obj: Obj): {type: string; id: string; name: string} {
  const name =
    obj.object === 'file'
      ? String(obj.path)
      : obj.object === 'link'
        ? `${String((obj.source as Obj).name)} → ${String((obj.target as Obj).name)}`
        : String(obj.name ?? obj.domain ?? obj.id);
  return {type: String(obj.object), id: String(obj.id), name};
}

/**
 * Runs a lifecycle operation on an object: checks its state allows it (the facts' `from`, else their `refused`
 * answer), moves it to the operation's state, and queues the action of the contract operation (facts.yml
 * `actions`), whose end moves it on (its lifecycle's outcomes). Returns the action.
 */
export function operate(
  ctx: Ctx,
  obj: Obj,
  options: {
    /** The lifecycle operation (else: the one whose `api` lists the contract operation). */
    op?: string;
    /** The object's state while the action runs (else the operation's). */
    state?: string;
    steps?: PlannedStep[];
    servers?: Array<string | null>;
    locks?: string[];
    /** More effects when the action ends. */
    succeeded?: Effect[];
    failed?: Effect[];
    kind?: string;
    extra?: Partial<{pipeline_id: string | null; deployment_id: string | null; uncancelable: boolean}>;
    environmentId?: string;
  } = {},
): Obj {
  const {sim} = ctx;
  const lifecycle = sim.lifecycles.of(obj);
  const op = lifecycle?.operations.find((o) => (options.op ? o.name === options.op : o.api.includes(ctx.op.id) && !o.contents));
  if (lifecycle && op) sim.lifecycles.check(op, lifecycle, obj);
  const type = sim.actions.typeOf(ctx.op.id, options.kind);
  if (!type) throw new Error(`contributing/facts.yml names no action for ${ctx.op.id}`);
  const before = obj.status;
  const state = options.state ?? op?.during ?? (op?.to === 'gone' ? undefined : op?.to) ?? String(obj.status);
  obj.$before = before ?? null;
  if (lifecycle) obj.status = state;
  obj.updated_at = sim.store.time;
  const ends = lifecycle ? sim.endStates(obj, op?.name, state) : {succeeded: [], failed: []};
  const servers = options.servers ?? [typeof obj.server_id === 'string' ? obj.server_id : obj.object === 'server' ? String(obj.id) : null];
  return sim.queue({
    type: type.type,
    environment_id: String(options.environmentId ?? obj.environment_id ?? ctx.environment?.id),
    subject: subjectOf(obj),
    steps: options.steps ?? sim.actions.stepsOf(type, servers),
    actor: ctx.actor,
    free: type.free,
    locks: options.locks ?? servers.filter((s): s is string => typeof s === 'string'),
    succeeded: [...ends.succeeded, ...(options.succeeded ?? [])],
    failed: [...ends.failed, ...(options.failed ?? [])],
    ...options.extra,
  });
}

/**
 * The servers an operation runs on must allow it (the server lifecycle's operations `on: contents`:
 * `running`), or the API answers `409 invalid_state` with the servers that don't.
 */
export function serversReady(ctx: Ctx, serverIds: string[]): void {
  const {sim} = ctx;
  const server = sim.lifecycles.get('server');
  const op = server?.operations.find((o) => o.contents && o.api.includes(ctx.op.id));
  if (!server || !op) return;
  const blocked = serverIds
    .map((id) => sim.store.find('server', id))
    .filter((s): s is Obj => !!s && !sim.lifecycles.allowed(op, server, s).includes(String(s.status)));
  if (!blocked.length) return;
  const allowed = sim.lifecycles.allowed(op, server, blocked[0]!);
  const names = blocked.map((s) => `${String(s.name)} is ${String(s.status)}`).join(', ');
  throw invalidState(String(blocked[0]!.status), allowed, `Every server this runs on must be ${allowed.join(' or ')}: ${names}.`, {
    servers: blocked.map((s) => ({id: s.id as string, name: s.name as string, status: s.status as string})),
  });
}

/** The environment a collection's path names (`/environments/{environment_id}/…`). */
export const environmentOf = (ctx: Ctx): Obj => target(ctx, 'environment');

/** A list operation of a resource that lives in an environment: the path's environment's objects of that kind. */
export const listInEnvironment = (ctx: Ctx, kind: string): SimResponse =>
  list(
    ctx,
    ctx.sim.store.where(kind, (o) => o.environment_id === environmentOf(ctx).id),
  );
