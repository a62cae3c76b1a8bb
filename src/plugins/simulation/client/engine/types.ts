/**
 * The simulation's data and its requests and responses. Plain data, no Node
 * and no React: the build writes SimData from the contract and the facts
 * (../../simData.ts), the browser and Node both run the engine on it.
 */

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type Obj = {[key: string]: Json};

/** One operation of api/openapi.yaml, as the engine routes and checks it. */
export interface SimOperation {
  id: string;
  method: string;
  /** The path with `{name}` placeholders. */
  path: string;
  /** `x-required-permission`. */
  permission?: string;
  /** `x-token-types`: the token types it accepts, when not every type. */
  tokenTypes: string[];
  /** Needs no token (`security: []`). */
  public: boolean;
  /** Documented statuses. */
  statuses: number[];
  /** Query parameters: name and default. */
  query: Array<{name: string; default?: Json}>;
  /** Takes a JSON body; `true` when it is required. */
  body?: boolean;
  /** Takes an `Idempotency-Key` header. */
  idempotent: boolean;
  /** The `object` of the 2xx response (or of its list's items), when there is one. */
  returns?: string;
  list: boolean;
}

/** A state and the transitions of one lifecycle operation (contributing/facts.yml, `lifecycles`). */
export interface SimLifecycleOperation {
  name: string;
  /** The contract operations that do it. */
  api: string[];
  /** Allowed from: every state (`any`), a list, or a list per kind. */
  from: 'any' | string[] | Record<string, string[]>;
  /** The state while its action runs, if it has one ("`stopping`, then `stopped`"). */
  during?: string;
  /** The state it ends in; `gone` when the resource is deleted. */
  to?: string;
  /** The state when its action fails: a state, or `previous`. */
  failed?: string;
  /** What the API returns from another state: "409 invalid_state". */
  refused?: string;
  /** An operation on what the resource holds (`on: contents`). */
  contents: boolean;
}

export interface SimLifecycle {
  id: string;
  states: string[];
  /** Kind names and what selects them (server: cloud / self-hosted). */
  kinds?: string[];
  /** The state a new resource starts in, per kind (`default` when the same for every kind). */
  initial: Record<string, string>;
  /** Event transitions that aren't operations: the state after a state's action succeeds or fails. */
  settles: Array<{from: string; outcome: 'succeeded' | 'failed'; to: string}>;
  operations: SimLifecycleOperation[];
}

export interface SimActionType {
  /** `server.provision`. */
  type: string;
  /** Which kind, when a type's row is for one kind: "cloud", "self-hosted". */
  kind?: string;
  /** Step names; `perServer`: one of each per server. */
  steps: string[];
  perServer: boolean;
  /** From the pipeline's steps (deploy, pipeline run). */
  fromPipeline: boolean;
  /** Fixed cost: 0 for free actions; otherwise every step that starts uses 1 credit. */
  free: boolean;
  /** Contract operations that start it. */
  operations: string[];
}

export interface SimPermission {
  name: string;
  level: 'project' | 'environment';
  roles: string[];
}

export interface SimFacts {
  permissions: SimPermission[];
  /** Plan limits by id, per plan (numbers only; absent: unlimited). */
  plans: Record<string, Record<string, number>>;
  fixedLimits: Array<{id: string; value: number; per: string; limitName: string}>;
  actions: SimActionType[];
  lifecycles: SimLifecycle[];
  /** Permissions every role holds (B6). */
  alwaysPermissions: string[];
  /** A role that holds `<resource>:<verb>` also holds `<resource>:view` (B6). */
  impliesView: boolean;
  /** The built-in steps of a deploy pipeline, in order (B15). */
  deployPipeline: Array<{name: string; type: string}>;
}

export interface SimData {
  operations: SimOperation[];
  /** Object type → its schema name and a complete example (the contract's). */
  objects: Record<string, {schema: string; prefix?: string; template: Obj}>;
  /** The secret fields of each provider's credential (the contract's create schemas). */
  credentialSecrets: Record<string, string[]>;
  facts: SimFacts;
  /** The sample world's objects (contributing/facts.yml, `sample_world`), with their secrets where a token has one. */
  world: Obj[];
  /** When the world's clock starts. */
  epoch: string;
  /** The API's base URL, for the URLs the API writes (bootstrap commands, incoming webhook URLs). */
  apiUrl: string;
}

/** What a validator reports: a field (JSON pointer) and what is wrong, in the contract's issue words. */
export interface FieldIssue {
  field: string;
  issue: 'required' | 'too_short' | 'too_long' | 'invalid_format' | 'invalid_value' | 'out_of_range' | 'not_allowed' | 'unknown_field';
  message: string;
}

/** The contract's checks, compiled by Ajv (in Node at run time, for the browser at build time). */
export interface Validators {
  /** The request body of an operation. */
  body(operationId: string, value: unknown): FieldIssue[];
  /** Query parameters, already typed. */
  query(operationId: string, value: Record<string, unknown>): FieldIssue[];
  /** A response (undefined: not checked here, as in the browser). */
  response?(operationId: string, status: number, value: unknown): string[];
}

export interface SimRequest {
  method: string;
  /** Path after the API's base URL, with its query string: "/servers/srv_6Yp2Mx9K?x=1". */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body?: Json;
  /** The operation that answered. */
  operationId?: string;
}
