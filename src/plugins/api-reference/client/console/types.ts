/**
 * What the API console knows about one operation: written at build time by
 * ./spec.ts into a JSON file beside the operation's page, and loaded by the
 * page only when a reader opens the console (./Console.tsx). Plain data, no
 * Node and no React, so both sides can import it.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | {[key: string]: JsonValue};

/** A path, query or header parameter, as a labelled field. */
export interface ConsoleParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** The schema's type: string, integer, number, boolean. */
  type: string;
  /** Allowed values: the field is a select. */
  enum?: string[];
  default?: string;
  /** The contract's example: the field's first value. */
  example?: string;
  /** The description, as plain text. */
  description: string;
  /** Constraints in words ("1–100", "pattern ^srv_…"). */
  facts: string[];
}

/** An error `code` the operation can return, explained. */
export interface ConsoleError {
  status: string;
  /** What it means, in plain words (the API overview's table of error codes). */
  meaning: string;
  /** A guide's troubleshooting entry for it, or the overview's table. */
  help: {title: string; to: string};
}

export interface ConsoleSpec {
  /**
   * The targets requests may go to: the simulation first (src/plugins/simulation, in the reader's browser), then
   * the real API (src/config/urls.ts, apiServers).
   */
  servers: Array<{label: string; url: string; simulated?: boolean}>;
  operationId: string;
  /** The module of its request checks: its resource's slug (src/plugins/simulation/validators.ts, resourceValidatorsCode). */
  checks: string;
  method: string;
  /** The path with `{name}` placeholders. */
  path: string;
  summary: string;
  /** False for the two operations that take no token. */
  auth: boolean;
  /** Token types the operation accepts when not every type ("personal_access_token"). */
  tokenTypes: string[];
  /** Takes an `Idempotency-Key` header. */
  idempotent: boolean;
  /** Deletes, removes, revokes, cancels, archives or rotates something: Send asks first. */
  destructive: boolean;
  params: ConsoleParam[];
  body?: {example?: JsonValue; required: boolean};
  /** Each documented status: its meaning, and whether it is JSON. The contract's checks are compiled code (src/plugins/simulation/client/validation.ts). */
  responses: {[status: string]: {description: string; json: boolean}};
  /** The error codes this operation can return. */
  errors: {[code: string]: ConsoleError};
  /** ID prefixes ("srv_") and the path parameter they fill ("server_id"): values carry over from responses. */
  idPrefixes: {[prefix: string]: string};
}
