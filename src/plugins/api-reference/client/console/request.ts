/**
 * The API console's logic, without React: the request a reader's values make,
 * what is wrong with them, the samples they give, and what a response or a
 * failure means. ./Console.tsx draws it; tests/unit/api-console.test.mjs
 * checks it.
 */
import {sampleCode} from '../sampleCode';
import {check, type CompiledValidator} from '../../../simulation/client/validation';
import type {ConsoleParam, ConsoleSpec, JsonValue} from './types';

/** The contract's checks, compiled by Ajv at build time (src/plugins/simulation/validators.ts). */
export type RequestValidators = Record<string, CompiledValidator>;

/** One problem with a value: the field as a reader writes it ("domains[0]", "body" for the root) and what is wrong. */
export interface SchemaIssue {
  field: string;
  message: string;
}

/** What the reader typed, by parameter name. */
export type Values = Record<string, string>;

/** A parameter's text as the value its schema checks (integers and booleans are typed). */
export function typedValue(param: ConsoleParam, text: string): unknown {
  if ((param.type === 'integer' || param.type === 'number') && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (param.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** What is wrong with each parameter's value, by name (empty optional parameters are not sent). */
export function parameterIssues(spec: ConsoleSpec, values: Values, validators: RequestValidators): Record<string, string> {
  const issues: Record<string, string> = {};
  const typed: Record<string, unknown> = {};
  for (const param of spec.params) {
    const text = values[param.name] ?? '';
    if (text === '') {
      if (param.required) issues[param.name] = 'is required';
      continue;
    }
    typed[param.name] = typedValue(param, text);
  }
  for (const issue of check(validators, `p_${spec.operationId}`, typed)) {
    const name = issue.field.split(/[.[]/)[0]!;
    // A required query parameter left empty is reported above.
    if (name in typed) issues[name] ??= issue.message;
  }
  return issues;
}

export interface BodyCheck {
  /** The parsed body, when it is JSON. */
  value?: JsonValue;
  /** Not JSON: where and why. */
  syntax?: string;
  /** Schema problems, each naming its field. */
  issues: SchemaIssue[];
}

/** The body editor's text, parsed and checked against the request schema. Empty text is "no body". */
export function checkBody(spec: ConsoleSpec, text: string, validators: RequestValidators): BodyCheck {
  if (!spec.body) return {issues: []};
  if (text.trim() === '') return {issues: spec.body.required ? [{field: 'body', message: 'is required: this operation takes a JSON body'}] : []};
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (error) {
    return {syntax: `The body isn't valid JSON: ${(error as Error).message}`, issues: []};
  }
  return {value, issues: check(validators, `b_${spec.operationId}`, value).map(({field, message}) => ({field, message}))};
}

/** The request's URL on `server`: path parameters filled in (encoded), query parameters that have a value. */
export function requestUrl(spec: ConsoleSpec, server: string, values: Values): string {
  const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    return value ? encodeURIComponent(value) : `{${name}}`;
  });
  const query = spec.params
    .filter((p) => p.in === 'query' && (values[p.name] ?? '') !== '')
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[p.name]!)}`)
    .join('&');
  return `${server}${path}${query ? `?${query}` : ''}`;
}

/** Headers the reader set (Idempotency-Key…), never Authorization. */
export function requestHeaders(spec: ConsoleSpec, values: Values): Array<[string, string]> {
  return spec.params.filter((p) => p.in === 'header' && (values[p.name] ?? '') !== '').map((p) => [p.name, values[p.name]!]);
}

/** Whether a success response of the operation is JSON. */
export const returnsJson = (spec: ConsoleSpec): boolean => Object.entries(spec.responses).some(([status, r]) => /^2/.test(status) && r.json);

/** The page's samples with the reader's values, by tab value. They read the token from LAUNCHDECK_TOKEN. */
export function liveSamples(spec: ConsoleSpec, server: string, values: Values, body: JsonValue | undefined): Record<string, string> {
  const samples = sampleCode({
    method: spec.method.toLowerCase(),
    url: requestUrl(spec, server, values),
    authorized: spec.auth,
    headers: requestHeaders(spec, values),
    body: spec.body ? body : undefined,
    jsonResponse: returnsJson(spec),
  });
  return Object.fromEntries(samples.map((s) => [s.label === 'curl' ? 'curl' : s.language, s.code]));
}

/**
 * Path parameter values a response gives for the next operations: each ID
 * whose prefix a path parameter uses ("srv_…" → server_id), from the object's
 * fields or, for a list, its first item's.
 */
export function carriedValues(spec: ConsoleSpec, body: unknown): Values {
  const out: Values = {};
  const scan = (object: unknown) => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return;
    for (const [key, value] of Object.entries(object)) {
      if (typeof value !== 'string') continue;
      const prefix = /^([a-z]+_)[A-Za-z0-9]+$/.exec(value)?.[1];
      const param = prefix ? spec.idPrefixes[prefix] : undefined;
      // The object's own `id` wins over the IDs it refers to.
      if (param && (key === 'id' || out[param] === undefined)) out[param] = value;
    }
  };
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const data = (body as {data?: unknown}).data;
    if (Array.isArray(data)) scan(data[0]);
    scan(body);
  }
  return out;
}

/** The resource a destructive request acts on, for its confirmation: "Delete a server (srv_6Yp2Mx9K)". */
export function confirmation(spec: ConsoleSpec, values: Values): string {
  const ids = spec.params
    .filter((p) => p.in === 'path')
    .map((p) => values[p.name])
    .filter(Boolean);
  return `${spec.summary}${ids.length ? ` (${ids.join(', ')})` : ''}`;
}

export {statusText as statusLine} from '../statusText';

/** What a status means for this operation (the contract's words), or in general. */
export function statusMeaning(spec: ConsoleSpec, status: number): string {
  const own = spec.responses[String(status)]?.description;
  if (own) return own;
  if (status >= 200 && status < 300) return 'The request succeeded.';
  if (status >= 500) return 'Something went wrong on Launchdeck’s side. Try again later; if it goes on, contact support with the request ID.';
  return 'The API refused the request. The body says why.';
}

/** The API's error body, when it is one: `{"error": {"code", "message", …}}`. */
export function errorOf(body: unknown): {code: string; message: string} | undefined {
  const error = body && typeof body === 'object' ? (body as {error?: unknown}).error : undefined;
  if (!error || typeof error !== 'object') return undefined;
  const {code, message} = error as {code?: unknown; message?: unknown};
  return typeof code === 'string' ? {code, message: typeof message === 'string' ? message : ''} : undefined;
}

/** Headers worth showing, in this order. */
export const SHOWN_HEADERS = ['Launchdeck-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Location'];

export type FailureKind = 'offline' | 'timeout' | 'cors' | 'network' | 'blocked';

/** A request that got no response, in plain words, with what to do. */
export const FAILURES: Record<FailureKind, {title: string; advice: string}> = {
  offline: {
    title: 'You are offline',
    advice: 'This browser has no network connection. Connect, then press Send again.',
  },
  timeout: {
    title: 'No answer in 30 seconds',
    advice:
      'The request was stopped after 30 seconds. The API may still have done it: check before you send a write again, or send it with the same Idempotency-Key.',
  },
  cors: {
    title: 'The browser blocked the response (CORS)',
    advice: 'The server answered, but without the headers that let this page read its response. The Launchdeck API sends them; another server may not.',
  },
  network: {
    title: 'The request did not reach the server',
    advice:
      'The server could not be reached: check the server URL and your connection, a proxy or a firewall, then try again. The status page says whether the API is down.',
  },
  blocked: {
    title: 'Not sent: that server is not one of the console’s',
    advice: 'The console only calls the servers listed in its Server field.',
  },
};
