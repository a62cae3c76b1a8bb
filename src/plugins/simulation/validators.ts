/**
 * The contract's checks, compiled by Ajv (JSON Schema 2020-12, as OpenAPI 3.1
 * uses, with ajv-formats and OpenAPI's discriminator): request bodies and
 * query parameters of every operation, and, in Node, every response.
 * - `runtimeValidators()` compiles them on first use, in Node (the tests and
 *   the docs runner).
 * - `standaloneValidators()` writes the request checks as code at build time
 *   (Ajv's standalone mode), for the browser: the site's Content-Security-
 *   Policy allows no `eval`, so Ajv can't compile there.
 */
import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import addFormats from 'ajv-formats';
import {kebab, type Node} from '../api-reference/contract';
import {issuesOf, type AjvError} from './client/engine/issues';
import type {Validators} from './client/engine/types';

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const DROP = new Set(['description', 'example', 'examples', 'summary', 'x-age', 'externalDocs', 'xml']);

/** A schema without what only people read, with `#/components/schemas/X` references as `X#`. */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    // Property names are data, not annotations: a field may be called `description` or `example`.
    if ((key === 'properties' || key === 'patternProperties' || key === '$defs') && isNode(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, clean(schema) as Node[string]]));
      continue;
    }
    if (DROP.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\/components\/schemas\/([^/]+)/, '$1#');
    else if (key === 'discriminator' && isNode(value)) out.discriminator = {propertyName: value.propertyName ?? null};
    else out[key] = clean(value) as Node[string];
  }
  return out;
}

interface Compiled {
  ajv: InstanceType<typeof Ajv2020>;
  bodies: Map<string, string>;
  parameters: Map<string, string>;
  responses: Map<string, string>;
}

function compiler(doc: Node, code?: {source: true; responses?: boolean}): Compiled {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    discriminator: true,
    validateFormats: true,
    ...(code ? {code: {source: true, optimize: true}} : {}),
  });
  addFormats(ajv);
  const components = isNode(doc.components) ? doc.components : {};
  const schemas = isNode(components.schemas) ? components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema({...(clean(schema) as Node), $id: name});
  const deref = (node: unknown): Node | undefined => {
    let current = isNode(node) ? node : undefined;
    for (let i = 0; current && typeof current.$ref === 'string' && i < 10; i++) {
      let target: unknown = doc;
      for (const part of current.$ref.replace(/^#\//, '').split('/')) target = isNode(target) ? target[part] : undefined;
      current = isNode(target) ? target : undefined;
    }
    return current;
  };
  const bodies = new Map<string, string>();
  const parameters = new Map<string, string>();
  const responses = new Map<string, string>();
  for (const item of Object.values(isNode(doc.paths) ? doc.paths : {})) {
    if (!isNode(item)) continue;
    for (const op of Object.values(item)) {
      if (!isNode(op) || typeof op.operationId !== 'string') continue;
      const id = op.operationId;
      const body = deref(deref(op.requestBody)?.content && (deref(op.requestBody)!.content as Node)['application/json']);
      if (body?.schema) {
        ajv.addSchema({...(clean(body.schema) as Node), $id: `b_${id}`});
        bodies.set(id, `b_${id}`);
      }
      const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]
        .map(deref)
        .filter(isNode);
      const query = params.filter((p) => p.in === 'query');
      // Every parameter (path, query, header) by name; the query's required ones are required. The engine checks a
      // request's query with it, the console every field.
      const named = params.filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header');
      if (named.length) {
        ajv.addSchema({
          $id: `p_${id}`,
          type: 'object',
          properties: Object.fromEntries(named.map((p) => [String(p.name), clean(p.schema) as Node])),
          required: query.filter((p) => p.required === true).map((p) => String(p.name)),
        });
        parameters.set(id, `p_${id}`);
      }
      if (!code || code.responses) {
        for (const [status, responseJson] of Object.entries(isNode(op.responses) ? op.responses : {})) {
          const content = deref(responseJson)?.content;
          const media = isNode(content) ? deref(content['application/json']) : undefined;
          if (!media?.schema) continue;
          ajv.addSchema({...(clean(media.schema) as Node), $id: `r_${id}_${status}`});
          responses.set(`${id} ${status}`, `r_${id}_${status}`);
        }
      }
    }
  }
  return {ajv, bodies, parameters, responses};
}

/** The contract's checks for Node, compiled when first used. */
export function runtimeValidators(doc: Node): Required<Validators> {
  const {ajv, bodies, parameters, responses} = compiler(doc);
  const check = (id: string | undefined, value: unknown) => {
    if (!id) return [];
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`no schema ${id}`);
    return validate(value) ? [] : issuesOf(validate.errors as AjvError[]);
  };
  return {
    body: (op, value) => check(bodies.get(op), value),
    query: (op, value) => check(parameters.get(op), value),
    response: (op, status, value) => {
      const id = responses.get(`${op} ${status}`) ?? (status >= 400 ? responses.get(`${op} default`) : undefined);
      if (!id) {
        // 204 and text responses have no JSON schema; any other undocumented status is outside the contract.
        return status === 204 || typeof value === 'string' || value === undefined ? [] : [`${op} documents no ${status} response`];
      }
      return check(id, value).map((i) => `${i.field} ${i.message}`);
    },
  };
}

/**
 * The request checks as a CommonJS module (Ajv standalone): `b_<operationId>` and `p_<operationId>` validate a
 * body and the parameters. Its `require`s are Ajv's and ajv-formats' small
 * runtime helpers, which the bundler includes.
 */
export function standaloneValidators(doc: Node): string {
  const {ajv, bodies, parameters} = compiler(doc, {source: true});
  const refs: Record<string, string> = {};
  for (const id of [...bodies.values(), ...parameters.values()]) refs[id] = id;
  return standaloneCode(ajv, refs);
}

/**
 * The request checks by resource (the contract's first tag of each operation, as the API reference's slug: `servers`,
 * `ssh-keys`…), one module each (`b_<operationId>`, `p_<operationId>`): the API console loads only its resource's,
 * not the checks of all 169 operations. One module per resource rather than per operation keeps the bundler's
 * runtime, which every page loads, to one entry each.
 */
export function resourceValidatorsCode(doc: Node): Map<string, string> {
  const {ajv, bodies, parameters} = compiler(doc, {source: true});
  const groups = new Map<string, Record<string, string>>();
  for (const item of Object.values(isNode(doc.paths) ? doc.paths : {})) {
    if (!isNode(item)) continue;
    for (const op of Object.values(item)) {
      if (!isNode(op) || typeof op.operationId !== 'string') continue;
      const group = checksGroup(Array.isArray(op.tags) ? String(op.tags[0]) : 'Other');
      const refs = groups.get(group) ?? {};
      for (const ref of [bodies.get(op.operationId), parameters.get(op.operationId)]) if (ref) refs[ref] = ref;
      groups.set(group, refs);
    }
  }
  return new Map([...groups].filter(([, refs]) => Object.keys(refs).length).map(([group, refs]) => [group, standaloneCode(ajv, refs)]));
}

/** The module an operation's request checks are in: its resource's slug (the console's data names it). */
export const checksGroup = (tag: string): string => kebab(tag);

/** The checks of the success responses, `r_<operationId>_<status>`, as a module of their own: the console loads it after a response of the real API. */
export function responseValidatorsCode(doc: Node): string {
  const {ajv, responses} = compiler(doc, {source: true, responses: true});
  const refs: Record<string, string> = {};
  for (const [key, id] of responses) if (/ 2\d\d$/.test(key)) refs[id] = id;
  return standaloneCode(ajv, refs);
}
