#!/usr/bin/env node
/**
 * API changes cannot ship unannounced. Compares api/openapi.yaml with its
 * version on a base git ref using api-smart-diff, which resolves every $ref
 * and classifies each change (breaking, non-breaking, deprecated, annotation,
 * unclassified) where it takes effect: a change to a component schema is
 * reported in every operation that uses it. Prints every change, grouped by
 * operation, one line each, and fails (exit 1) when an operation has a
 * breaking change and no changelog entry (docs/changelog/*.md, read by
 * src/plugins/changelog/entries.ts) is tagged `breaking` and names its operationId;
 * then it prints the front matter to add and the reference pages to link.
 * Only entries added or changed since the base count: an older entry that
 * names the operation announced an earlier change.
 * Changes that belong to no operation (info, servers, tags, unused
 * components) are listed and never fail.
 *
 *   node src/plugins/api-reference/scripts/api-changes.mjs [--base <git-ref>] [--spec api/openapi.yaml] [--docs docs]
 *   npm run api:changes [-- --base <git-ref>]
 *
 * The head is the spec in the working tree. Without --base: origin/main if
 * that ref exists, else the newest tag, else nothing to check (exit 0). Paths
 * are relative to the current directory. src/plugins/api-reference/__tests__/api-changes.test.mjs
 * runs it on fixture changes.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';
import YAML from 'yaml';
import {apiDiff} from 'api-smart-diff';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const jiti = createJiti(fileURLToPath(import.meta.url), {interopDefault: true});
const {entryFiles, readEntry} = /** @type {typeof import('../../changelog/entries.ts')} */ (jiti(path.join(root, 'src/plugins/changelog/entries.ts')));
const {contractOf} = /** @type {typeof import('../contract.ts')} */ (jiti(path.join(root, 'src/plugins/api-reference/contract.ts')));
const {REFERENCE_DIR} = /** @type {typeof import('../client/routes.ts')} */ (jiti(path.join(root, 'src/plugins/api-reference/client/routes.ts')));

/**
 * A JSON object of a spec, once isObject() has said it is one.
 * @typedef {Record<string, unknown>} JsonObject
 */
/** A place in a spec: keys, and indexes in arrays. @typedef {import('api-smart-diff').Diff['path']} JsonPath */
/** api-smart-diff's change, with `required` when foldRequired() has folded its `required` entry into it. @typedef {import('api-smart-diff').Diff & {required?: boolean}} Diff */
/** @typedef {import('api-smart-diff').DiffType} DiffType */
/** An operation of a spec: its path item's method `node`, and the path `item`. @typedef {{operationId: string, method: string, path: string, node: JsonObject, item: JsonObject}} SpecOperation */
/** A local $ref: where it is (`at`) and what it points to (`to`). @typedef {{at: JsonPath, to: string[]}} Ref */
/**
 * One line of the report; operationId, method and path are null for a change that belongs to no operation.
 * @typedef {{operationId: string | null, method: string | null, path: string | null, type: DiffType, description: string}} Change
 */
/**
 * An operation with a breaking change that no entry announces.
 * @typedef {{operationId: string, method: string | null, path: string | null, summary: string, removed: boolean, reference: string | undefined, section: string | undefined, descriptions: string[]}} Missing
 */

/** The HTTP methods of a path item (OpenAPI 3.1), in the order the output lists them. */
const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];
/** api-smart-diff's classes, from the one that matters most. */
/** @type {DiffType[]} */
export const CHANGE_TYPES = ['breaking', 'deprecated', 'unclassified', 'non-breaking', 'annotation'];
const severity = (/** @type {DiffType} */ type) => (CHANGE_TYPES.includes(type) ? CHANGE_TYPES.indexOf(type) : CHANGE_TYPES.length);
/** @param {DiffType} a @param {DiffType} b */
const worse = (a, b) => (severity(a) <= severity(b) ? a : b);

/** @param {unknown} value @returns {value is JsonObject} */
const isObject = (value) => !!value && typeof value === 'object' && !Array.isArray(value);
const decodePointer = (/** @type {string} */ part) => part.replace(/~1/g, '/').replace(/~0/g, '~');
/** @param {JsonPath} long @param {JsonPath} short */
const startsWith = (long, short) => short.length <= long.length && short.every((part, i) => String(part) === String(long[i]));
/** Two JSON paths where a change to one is a change to the other: one contains the other. @param {JsonPath} a @param {JsonPath} b */
const overlap = (a, b) => startsWith(a, b) || startsWith(b, a);
/** Paths with their parameters' names left out: api-smart-diff matches /a/{id} with /a/{key}. @param {string} route */
const routeShape = (route) => route.replace(/\{[^}]*\}/g, '{}');

// ------------------------------------------------------------- operations

/**
 * The operations of a spec: "get /servers/{server_id}" → {operationId, method, path, node, item}.
 * @param {JsonObject} doc
 */
function operationsOf(doc) {
  /** @type {Map<string, SpecOperation>} */
  const operations = new Map();
  for (const [route, item] of Object.entries(isObject(doc?.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      if (!isObject(item[method])) continue;
      const operationId = typeof item[method].operationId === 'string' ? item[method].operationId : `${method.toUpperCase()} ${route}`;
      operations.set(`${method} ${route}`, {operationId, method, path: route, node: item[method], item});
    }
  }
  return operations;
}

/**
 * Every local $ref under `node`: where it is (`at`, a JSON path) and what it points to (`to`).
 * @param {unknown} node
 * @param {JsonPath} at
 * @param {Ref[]} [out]
 * @returns {Ref[]}
 */
function refsUnder(node, at, out = []) {
  if (Array.isArray(node)) node.forEach((child, i) => refsUnder(child, [...at, i], out));
  else if (isObject(node)) {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) out.push({at, to: node.$ref.slice(2).split('/').map(decodePointer)});
    for (const [key, child] of Object.entries(node)) if (key !== '$ref') refsUnder(child, [...at, key], out);
  }
  return out;
}

/**
 * Which operations use a part of `#/components` (a JSON path such as
 * ['components', 'schemas', 'Server', 'properties', 'size']), directly or
 * through other components: a $ref uses a part when it points to it, into it
 * or to something that contains it.
 * @param {JsonObject} doc
 * @param {ReturnType<typeof refIndex>} index
 * @param {JsonPath} changed
 * @returns {string[]}
 */
function usersOf(doc, index, changed) {
  const affected = [changed];
  const followed = new Set();
  for (let grew = true; grew;) {
    grew = false;
    for (const ref of index.componentRefs) {
      if (followed.has(ref) || !affected.some((part) => overlap(part, ref.to))) continue;
      followed.add(ref);
      affected.push(ref.at);
      grew = true;
    }
  }
  return [...index.operationRefs].filter(([, refs]) => refs.some((ref) => affected.some((part) => overlap(part, ref.to)))).map(([key]) => key);
}

/**
 * The local $refs of a spec's components, and those of each operation (its parameters included).
 * @param {JsonObject} doc
 * @param {Map<string, SpecOperation>} operations
 */
function refIndex(doc, operations) {
  return {
    componentRefs: refsUnder(isObject(doc?.components) ? doc.components : {}, ['components']),
    operationRefs: new Map([...operations].map(([key, op]) => [key, refsUnder([op.node, op.item.parameters ?? []], [])])),
  };
}

// ------------------------------------------------------------ descriptions

const VERB = {add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed'};
const TO = {add: 'added to', remove: 'removed from', replace: 'changed in', rename: 'renamed in'};
/** Keys whose values are prose or samples: the line says that they changed, not what they say. */
/** @type {Set<string | number>} */
const PROSE = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);

/** A value, short, for a line of the report. @param {unknown} value @returns {string} */
function show(value) {
  if (value === undefined) return '';
  if (isObject(value)) return '{…}';
  if (Array.isArray(value)) return '[…]';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

const valueOf = (/** @type {Diff} */ diff) => (diff.action === 'remove' ? diff.before : diff.after);

/**
 * A change inside a schema: `tokens` is the path from the schema's root,
 * `where` the schema's place ("the request body", "the 201 response").
 * @param {JsonPath} tokens
 * @param {Diff} diff
 * @param {string} where
 * @param {{required?: boolean}} [options]
 * @returns {string}
 */
function describeSchemaChange(tokens, diff, where, {required = false} = {}) {
  // The field the change is in (properties.a.properties.b → "a.b", items → "[]"), then what changed in it.
  let field = '';
  let i = 0;
  const n = tokens.length;
  const join = (/** @type {string} */ part) => (field = `${field}${field && !part.startsWith('[') && !part.startsWith(' ') ? '.' : ''}${part}`);
  for (; i < n;) {
    const token = tokens[i];
    if (token === 'properties' && i + 2 < n) join(String(tokens[i + 1]));
    else if (token === 'items' || token === 'additionalProperties') join(token === 'items' ? '[]' : '*');
    else if (/** @type {JsonPath} */ (['allOf', 'oneOf', 'anyOf', 'prefixItems']).includes(token) && i + 2 < n)
      join(` (${token} ${Number(tokens[i + 1]) + 1})`);
    else break;
    i += token === 'items' || token === 'additionalProperties' ? 1 : 2;
  }
  const named = (/** @type {string | number} */ name) => `"${field ? `${field}.` : ''}${name}"`;
  const of = field ? `"${field}" in ${where}` : where;
  const tail = tokens.slice(i);
  if (tail[0] === 'properties' && tail.length === 2) {
    return `${required && diff.action === 'add' ? 'required ' : ''}property ${named(tail[1])} ${TO[diff.action]} ${where}`;
  }
  if (tail[0] === 'required' && tail.length === 2) {
    const name = String(valueOf(diff));
    if (diff.action === 'add') return `property ${named(name)} is now required in ${where}`;
    if (diff.action === 'remove') return `property ${named(name)} is no longer required in ${where}`;
    return `required property ${show(diff.before)} replaced by ${show(diff.after)} in ${of}`;
  }
  if (tail[0] === 'enum' && tail.length === 2) {
    if (diff.action === 'replace') return `enum value ${show(diff.before)} of ${of} changed to ${show(diff.after)}`;
    return `enum value ${show(valueOf(diff))} ${TO[diff.action]} ${of}`;
  }
  if (!tail.length) return `schema of ${of} ${VERB[diff.action]}`;
  const key = tail.join('.');
  if (tail.some((k) => PROSE.has(k))) return `${key} of ${of} ${VERB[diff.action]}`;
  if (diff.action === 'replace') return `${key} of ${of} changed from ${show(diff.before)} to ${show(diff.after)}`;
  if (diff.action === 'add') return `${key} ${show(diff.after)} added to ${of}`;
  if (diff.action === 'remove') return `${key} ${show(diff.before)} removed from ${of}`;
  return `${key} of ${of} ${VERB[diff.action]}`;
}

/**
 * A change that is not inside a schema: its place, what changed, and the values when they are short.
 * @param {JsonPath} tokens
 * @param {Diff} diff
 * @param {string} where
 * @returns {string}
 */
function describePlain(tokens, diff, where) {
  const key = tokens.join('.');
  const place = where ? `${key ? `${key} of ` : ''}${where}` : key;
  if (tokens.some((k) => PROSE.has(k)) || diff.action === 'rename') return `${place} ${VERB[diff.action]}`;
  if (diff.action === 'replace') return `${place} changed from ${show(diff.before)} to ${show(diff.after)}`;
  const value = valueOf(diff);
  const shown = isObject(value) && typeof value.name === 'string' ? show(value.name) : isObject(value) || Array.isArray(value) ? '' : show(value);
  return `${place} ${VERB[diff.action]}${shown ? ` (${shown})` : ''}`;
}

/**
 * A parameter of an operation as api-smart-diff lists them: the operation's, then its path item's.
 * @param {JsonObject} doc
 * @param {SpecOperation | undefined} op
 * @param {number} index
 * @returns {JsonObject | undefined}
 */
function parameterAt(doc, op, index) {
  if (!op) return undefined;
  const all = [.../** @type {unknown[]} */ (op.node.parameters ?? []), .../** @type {unknown[]} */ (op.item.parameters ?? [])];
  let parameter = all[index];
  for (let hops = 0; isObject(parameter) && typeof parameter.$ref === 'string' && hops < 10; hops++) {
    /** @type {unknown} */
    let target = doc;
    for (const part of parameter.$ref.slice(2).split('/').map(decodePointer)) target = isObject(target) ? target[part] : undefined;
    parameter = target;
  }
  return isObject(parameter) ? parameter : undefined;
}

/**
 * What a change to an operation means, in a few words ("required property "size" added to the request body").
 * @param {JsonPath} tokens
 * @param {Diff} diff
 * @param {{base: JsonObject, head: JsonObject, baseOp?: SpecOperation, headOp?: SpecOperation}} ctx
 * @returns {string}
 */
function describeOperationChange(tokens, diff, ctx) {
  const flags = {required: diff.required};
  if (!tokens.length) return `operation ${VERB[diff.action]}`;
  const [first, second, third, fourth] = tokens;
  if (first === 'parameters' && tokens.length >= 2) {
    const parameter =
      tokens.length === 2 && isObject(valueOf(diff))
        ? valueOf(diff)
        : (parameterAt(ctx.base, ctx.baseOp, Number(second)) ?? parameterAt(ctx.head, ctx.headOp, Number(second)));
    const name = parameter ? `${parameter.in} parameter "${parameter.name}"` : `parameter ${Number(second) + 1}`;
    if (tokens.length === 2) return `${diff.action === 'add' && parameter?.required ? 'required ' : ''}${name} ${VERB[diff.action]}`;
    if (third === 'schema') return describeSchemaChange(tokens.slice(3), diff, `the ${name}`, flags);
    if (third === 'required' && tokens.length === 3) return `${name} is ${diff.after === true ? 'now' : 'no longer'} required`;
    if (third === 'deprecated' && tokens.length === 3) return `${name} ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`;
    return describePlain(tokens.slice(2), diff, `the ${name}`);
  }
  if (first === 'requestBody') {
    const media = second === 'content' && third && third !== 'application/json' ? ` (${third})` : '';
    if (tokens.length === 1) return `request body ${VERB[diff.action]}`;
    if (second === 'required' && tokens.length === 2) return `request body is ${diff.after === true ? 'now' : 'no longer'} required`;
    if (second === 'content' && tokens.length === 3) return `media type "${third}" ${TO[diff.action]} the request body`;
    if (second === 'content' && fourth === 'schema') return describeSchemaChange(tokens.slice(4), diff, `the request body${media}`, flags);
    if (second === 'content') return describePlain(tokens.slice(3), diff, `the request body${media}`);
    return describePlain(tokens.slice(1), diff, 'the request body');
  }
  if (first === 'responses' && tokens.length >= 2) {
    const response = `the ${second} response`;
    const media = third === 'content' && fourth && fourth !== 'application/json' ? ` (${fourth})` : '';
    if (tokens.length === 2) return `response ${second} ${VERB[diff.action]}`;
    if (third === 'content' && tokens.length === 4) return `media type "${fourth}" ${TO[diff.action]} ${response}`;
    if (third === 'content' && tokens[4] === 'schema') return describeSchemaChange(tokens.slice(5), diff, `${response}${media}`, flags);
    if (third === 'content') return describePlain(tokens.slice(4), diff, `${response}${media}`);
    if (third === 'headers' && tokens.length === 4) return `header "${fourth}" ${TO[diff.action]} ${response}`;
    if (third === 'headers' && tokens[4] === 'schema') return describeSchemaChange(tokens.slice(5), diff, `the header "${fourth}" of ${response}`, flags);
    if (third === 'headers') return describePlain(tokens.slice(4), diff, `the header "${fourth}" of ${response}`);
    return describePlain(tokens.slice(2), diff, response);
  }
  if (first === 'deprecated' && tokens.length === 1)
    return diff.action !== 'remove' && diff.after === true ? 'operation deprecated' : 'operation no longer deprecated';
  if (first === 'security') return `security requirements ${VERB[diff.action]}`;
  return describePlain(tokens, diff, '');
}

/**
 * A change to a part of #/components, described from the component.
 * @param {JsonPath} tokens
 * @param {Diff} diff
 * @returns {string}
 */
function describeComponentChange(tokens, diff) {
  const [, kind, name, ...rest] = tokens;
  if (!name) return describePlain(tokens, diff, '');
  const component = `component ${kind}/${name}`;
  if (!rest.length) return `${component} ${VERB[diff.action]}`;
  if (kind === 'schemas') return describeSchemaChange(rest, diff, component, {required: diff.required});
  return describePlain(rest, diff, component);
}

/**
 * Folds the two diffs api-smart-diff gives for one property that is added or
 * removed together with its entry in `required`, into one change.
 * @param {Diff[]} diffs
 * @returns {Diff[]}
 */
function foldRequired(diffs) {
  const key = (/** @type {JsonPath} */ path) => JSON.stringify(path);
  /** @type {Map<string, Diff>} */
  const properties = new Map();
  for (const diff of diffs) {
    const n = diff.path.length;
    if (n >= 2 && diff.path[n - 2] === 'properties' && (diff.action === 'add' || diff.action === 'remove')) properties.set(key(diff.path), diff);
  }
  const folded = new Set();
  for (const diff of diffs) {
    const n = diff.path.length;
    if (n < 2 || diff.path[n - 2] !== 'required' || (diff.action !== 'add' && diff.action !== 'remove')) continue;
    const property = properties.get(key([...diff.path.slice(0, n - 2), 'properties', String(valueOf(diff))]));
    if (!property || property.action !== diff.action) continue;
    property.required = true;
    property.type = worse(property.type, diff.type);
    folded.add(diff);
  }
  return diffs.filter((diff) => !folded.has(diff));
}

// ------------------------------------------------------------------ check

/**
 * The changes between two parsed OpenAPI documents and the operations whose
 * breaking changes no changelog entry announces.
 *
 * Returns {changes, missing}: `changes` are {operationId, method, path, type,
 * description} (operationId, method and path are null for a change that
 * belongs to no operation); `missing` are {operationId, method, path,
 * summary, removed, reference, section, descriptions}: the operations with
 * a breaking change and no entry in `docsDir`/changelog tagged `breaking`
 * that lists them in `operations` (with `entriesSinceBase`, a Set of entry
 * files such as "changelog/2026-12-01-x.md", only those count: the entries
 * added or changed since the base). `reference` is the link an entry gives
 * (relative to docs/changelog/), `section` the docs section of its resource.
 * @param {{baseSpec: any, headSpec: any, docsDir: string, entriesSinceBase?: Set<string>}} options
 */
export function apiChanges({baseSpec, headSpec, docsDir, entriesSinceBase}) {
  const base = baseSpec ?? {};
  const head = headSpec ?? {};
  // api-smart-diff writes into the documents it compares: give it copies.
  const diffs = foldRequired(apiDiff(structuredClone(base), structuredClone(head)));
  const baseOps = operationsOf(base);
  const headOps = operationsOf(head);
  const headByShape = new Map([...headOps.values()].map((op) => [`${op.method} ${routeShape(op.path)}`, op]));

  /**
   * The operation a diff under paths./route/.method belongs to: the head's (its current ID), else the base's.
   * @param {string} route
   * @param {string} method
   */
  const operation = (route, method) => {
    const baseOp = baseOps.get(`${method} ${route}`);
    const headOp = headOps.get(`${method} ${route}`) ?? headByShape.get(`${method} ${routeShape(route)}`);
    return {baseOp, headOp, op: headOp ?? baseOp};
  };

  /** @type {Change[]} */
  const changes = [];
  /** @type {Diff[]} */
  const componentDiffs = [];
  /** @type {Set<string>} */
  const attributed = new Set();
  /** @param {SpecOperation | undefined} op @param {DiffType} type @param {string} description */
  const add = (op, type, description) => {
    changes.push(
      op
        ? {operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, type, description}
        : {operationId: null, method: null, path: null, type, description},
    );
    if (op) attributed.add(op.operationId);
  };

  for (const diff of diffs) {
    // Under `paths`, the first three are keys (strings).
    const [top, route, method] = /** @type {string[]} */ (diff.path);
    if (top === 'paths' && diff.path.length === 1 && diff.action === 'rename') {
      // A path renamed (its parameters' names): every operation under it.
      for (const m of HTTP_METHODS) {
        const op = operation(String(diff.after), m).op;
        if (op && isObject(head.paths?.[diff.after]?.[m])) add(op, diff.type ?? 'unclassified', `path renamed from ${diff.before} to ${diff.after}`);
      }
    } else if (top === 'paths' && diff.path.length === 2) {
      // A whole path item added or removed, or one of its own keys.
      const item = isObject(valueOf(diff)) ? valueOf(diff) : (head.paths?.[route] ?? base.paths?.[route] ?? {});
      const methods = HTTP_METHODS.filter((m) => isObject(item[m]));
      for (const m of methods) add(operation(route, m).op, diff.type ?? 'unclassified', `operation ${VERB[diff.action]}`);
      if (!methods.length) add(undefined, diff.type ?? 'unclassified', describePlain(['paths', route], diff, ''));
    } else if (top === 'paths' && HTTP_METHODS.includes(method)) {
      const ctx = {base, head, ...operation(route, method)};
      add(ctx.op, diff.type ?? 'unclassified', describeOperationChange(diff.path.slice(3), diff, ctx));
    } else if (top === 'paths') {
      // A key of a path item (its summary, servers…): every operation under it.
      const item = head.paths?.[route] ?? base.paths?.[route] ?? {};
      const methods = HTTP_METHODS.filter((m) => isObject(item[m]));
      for (const m of methods) add(operation(route, m).op, diff.type ?? 'unclassified', describePlain(diff.path.slice(2), diff, `path ${route}`));
      if (!methods.length) add(undefined, diff.type ?? 'unclassified', describePlain(diff.path, diff, ''));
    } else if (top === 'components') {
      componentDiffs.push(diff);
    } else {
      add(undefined, diff.type ?? 'unclassified', describePlain(diff.path, diff, ''));
    }
  }

  // api-smart-diff reports a component's change in each operation that uses
  // it (resolving the $refs) and once more under #/components. The latter is
  // only listed when no operation uses the component, or, as a safety net,
  // attributed to an operation that uses it and got no change of its own.
  const covered = new Set(attributed);
  const baseIndex = refIndex(base, baseOps);
  const headIndex = refIndex(head, headOps);
  for (const diff of componentDiffs) {
    // Keys of the operations' own maps: each is there.
    const users = /** @type {Set<SpecOperation>} */ (
      new Set([
        ...(diff.action !== 'add' ? usersOf(base, baseIndex, diff.path) : []).map((key) => baseOps.get(key)),
        ...(diff.action !== 'remove' ? usersOf(head, headIndex, diff.path) : []).map((key) => headOps.get(key)),
      ])
    );
    const description = describeComponentChange(diff.path, diff);
    if (!users.size) add(undefined, diff.type ?? 'unclassified', `${description} (used by no operation)`);
    for (const op of users) {
      const current = /** @type {SpecOperation} */ (operation(op.path, op.method).op);
      if (!covered.has(current.operationId)) add(current, diff.type ?? 'unclassified', description);
    }
  }

  // One line per change: the same words twice in one operation are one change, with the worse class.
  const unique = new Map();
  for (const change of changes) {
    const key = `${change.operationId}\u0000${change.method} ${change.path}\u0000${change.description}`;
    const seen = unique.get(key);
    if (seen) seen.type = worse(seen.type, change.type);
    else unique.set(key, change);
  }
  const order = new Map([...baseOps.values(), ...headOps.values()].map((op, i) => /** @type {[string | null, number]} */ ([op.operationId, i])).reverse());
  const sorted = [...unique.values()].sort(
    (a, b) =>
      Number(a.operationId === null) - Number(b.operationId === null) ||
      (order.get(a.operationId) ?? 0) - (order.get(b.operationId) ?? 0) ||
      String(a.operationId).localeCompare(String(b.operationId)) ||
      severity(a.type) - severity(b.type),
  );

  return {changes: sorted, missing: missingEntries(sorted, {base, head, docsDir, entriesSinceBase})};
}

/**
 * The operations with a breaking change that no entry tagged `breaking` names.
 * @param {Change[]} changes
 * @param {{base: import('../contract.ts').Node, head: import('../contract.ts').Node, docsDir: string, entriesSinceBase?: Set<string>}} options
 * @returns {Missing[]}
 */
function missingEntries(changes, {base, head, docsDir, entriesSinceBase}) {
  /** @type {Set<string>} */
  const announced = new Set();
  for (const file of entryFiles(docsDir)) {
    // An entry that was already there announced an earlier change, not this one.
    if (entriesSinceBase && !entriesSinceBase.has(file)) continue;
    const {entry} = readEntry(docsDir, file);
    if (entry.tags.includes('breaking')) for (const id of entry.operations) announced.add(id);
  }
  const baseContract = contractOf(base);
  const headContract = contractOf(head);
  /** @type {Map<string, Missing>} */
  const missing = new Map();
  for (const change of changes) {
    if (change.type !== 'breaking' || change.operationId === null || announced.has(change.operationId)) continue;
    let item = missing.get(change.operationId);
    if (!item) {
      const inHead = headContract.operations.find((op) => op.id === change.operationId);
      const contractOp = inHead ?? baseContract.operations.find((op) => op.id === change.operationId);
      const section = contractOp?.resource.slug;
      item = {
        operationId: change.operationId,
        method: change.method,
        path: change.path,
        summary: contractOp?.summary ?? change.operationId,
        removed: !inHead,
        reference: contractOp ? `../${REFERENCE_DIR}/${contractOp.resource.slug}/${contractOp.slug}.md` : undefined,
        section: section && fs.existsSync(path.join(docsDir, section, 'index.md')) ? section : undefined,
        descriptions: [],
      };
      missing.set(change.operationId, item);
    }
    item.descriptions.push(change.description);
  }
  return [...missing.values()];
}

// ----------------------------------------------------------------- report

/**
 * The report: every change, grouped by operation, then what a writer adds when an entry is missing.
 * @param {{changes: Change[], missing: Missing[]}} result
 * @param {{base?: string, spec?: string}} [options]
 * @returns {string}
 */
export function report({changes, missing}, {base = 'the base', spec = 'api/openapi.yaml'} = {}) {
  const out = [];
  if (!changes.length) return `No changes to ${spec} since ${base}.`;
  const counts = CHANGE_TYPES.map((type) => [type, changes.filter((c) => c.type === type).length]).filter(([, n]) => n);
  out.push(`${spec}: ${changes.length} change${changes.length === 1 ? '' : 's'} since ${base} (${counts.map(([type, n]) => `${n} ${type}`).join(', ')}).`, '');
  let group;
  for (const change of changes) {
    const name = change.operationId === null ? '' : `${change.method} ${change.path} (${change.operationId})`;
    if (group !== undefined && group !== name) out.push('');
    group = name;
    out.push(`${change.type.padEnd(12)}  ${name || 'not in an operation'}: ${change.description}`);
  }
  out.push('');
  if (!missing.length) {
    const breaking = new Set(changes.filter((c) => c.type === 'breaking' && c.operationId !== null).map((c) => c.operationId));
    out.push(
      breaking.size
        ? `Every breaking change is announced: an entry tagged breaking names ${[...breaking].join(', ')}.`
        : 'No breaking change to an operation: nothing to announce.',
    );
    return out.join('\n');
  }
  const sections = [...new Set(missing.map((m) => m.section).filter(Boolean))];
  out.push(
    `FAILED: ${missing.length} operation${missing.length === 1 ? ' has' : 's have'} a breaking change and no changelog entry tagged breaking that names ${missing.length === 1 ? 'it' : 'them'}: ${missing.map((m) => m.operationId).join(', ')}.`,
    '',
    'Add an entry, docs/changelog/YYYY-MM-DD-<name>.md (writer\'s reference, "Changelog entry template"), or add the operations to an',
    'existing entry tagged breaking, with this `changelog:` block in its front matter:',
    '',
    'changelog:',
    '  date: YYYY-MM-DD  # the date of the file name',
    '  tags: [api, breaking]',
    `  sections: [${sections.length ? sections.join(', ') : '<docs section>'}]`,
    `  operations: [${missing.map((m) => m.operationId).join(', ')}]`,
    '',
    'The entry links the reference page of each operation, and says what API clients must change under "## What you need to do":',
  );
  for (const m of missing) {
    if (m.removed) {
      out.push(
        `- ${m.operationId} (${m.method} ${m.path}) is removed, and its reference page ${m.reference ?? ''} with it: name it in the text, and link the operation to use instead.`,
      );
    } else out.push(`- ${m.operationId} (${m.method} ${m.path}): [${m.summary}](${m.reference})`);
  }
  return out.join('\n');
}

// -------------------------------------------------------------------- CLI

/**
 * The value after `--name`, or `fallback`.
 * @template {string | undefined} F
 * @param {string[]} args
 * @param {string} name
 * @param {F} [fallback]
 * @returns {string | F}
 */
function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : /** @type {F} */ (fallback);
}

/** @param {string} cwd @param {...string} args */
const git = (cwd, ...args) => spawnSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});

/** origin/main if it exists, else the newest tag, else undefined. @param {string} cwd */
function defaultBase(cwd) {
  if (git(cwd, 'rev-parse', '--verify', '--quiet', 'origin/main^{commit}').status === 0) return 'origin/main';
  const tag = git(cwd, 'describe', '--tags', '--abbrev=0');
  return tag.status === 0 && tag.stdout.trim() ? tag.stdout.trim() : undefined;
}

/**
 * The changelog entries added or changed since `base` (committed, staged,
 * in the working tree, or not yet added to git), as paths under the docs
 * folder ("changelog/2026-12-01-x.md").
 * @param {string} cwd
 * @param {string} base
 * @param {string} docsDir
 */
function entriesChangedSince(cwd, base, docsDir) {
  const folder = path.join(docsDir, 'changelog');
  const names = [
    ...git(cwd, 'diff', '--name-only', '--relative', base, '--', folder).stdout.split('\n'),
    ...git(cwd, 'ls-files', '--others', '--exclude-standard', '--', folder).stdout.split('\n'),
  ].filter(Boolean);
  return new Set(names.map((name) => path.relative(docsDir, path.resolve(cwd, name)).split(path.sep).join('/')));
}

/**
 * Runs the check in `cwd`; returns the exit code, writes the report to `write`.
 * @param {string[]} args
 * @param {{cwd?: string, write?: (text: string) => void}} [options]
 * @returns {number}
 */
export function main(args, {cwd = process.cwd(), write = (text) => process.stdout.write(text)} = {}) {
  const spec = option(args, 'spec', 'api/openapi.yaml');
  const docs = option(args, 'docs', 'docs');
  const base = option(args, 'base') ?? defaultBase(cwd);
  if (!base) {
    write(`No base to compare ${spec} with (no origin/main and no tag): nothing to check.\n`);
    return 0;
  }
  if (git(cwd, 'rev-parse', '--verify', '--quiet', `${base}^{commit}`).status !== 0) {
    write(`No git ref ${base} to compare ${spec} with.\n`);
    return 2;
  }
  const specFile = path.resolve(cwd, spec);
  // The spec's path from the repository's root, for `git show <ref>:<path>`.
  const prefix = git(cwd, 'rev-parse', '--show-prefix').stdout.trim();
  const inRepo = path.posix.normalize(`${prefix}${path.relative(cwd, specFile).split(path.sep).join('/')}`);
  const old = git(cwd, 'show', `${base}:${inRepo}`);
  if (old.status !== 0) {
    write(`${base} has no ${spec}: nothing to compare with.\n`);
    return 0;
  }
  if (!fs.existsSync(specFile)) {
    write(`No ${spec} in the working tree.\n`);
    return 2;
  }
  const docsDir = path.resolve(cwd, docs);
  const result = apiChanges({
    baseSpec: YAML.parse(old.stdout),
    headSpec: YAML.parse(fs.readFileSync(specFile, 'utf8')),
    docsDir,
    entriesSinceBase: entriesChangedSince(cwd, base, docsDir),
  });
  write(`${report(result, {base, spec})}\n`);
  return result.missing.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
