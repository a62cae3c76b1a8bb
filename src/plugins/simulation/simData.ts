/**
 * The simulation's data (client/engine/types.ts, SimData), made from the two
 * machine-readable sources the site already keeps and nothing else: the API
 * contract (api/openapi.yaml: operations, permissions, token types, object
 * templates) and the product facts (contributing/facts.yml: permissions and
 * roles, plans, fixed limits, actions and their steps, lifecycles, and the
 * sample world). Runs at build time (./loader.cjs, for the browser) and in
 * Node (./node.ts, for the tests and the docs runner).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import type {Json, Node} from '../api-reference/contract';
import {objectSchemas, objectTemplates} from './contractData';
import type {Obj, SimActionType, SimData, SimFacts, SimLifecycle, SimLifecycleOperation, SimOperation} from './client/engine/types';

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The files the data is made from, for a loader's dependencies. */
export const sourceFiles = (siteDir: string): string[] => [path.join(siteDir, 'api/openapi.yaml'), path.join(siteDir, 'contributing/facts.yml')];

export function loadSources(siteDir: string): {contract: Node; facts: Node} {
  const [contractFile, factsFile] = sourceFiles(siteDir) as [string, string];
  return {contract: parseYaml(fs.readFileSync(contractFile, 'utf8')) as Node, facts: parseYaml(fs.readFileSync(factsFile, 'utf8')) as Node};
}

export function simData(siteDir: string, apiUrl: string): SimData {
  const {contract, facts} = loadSources(siteDir);
  return simDataOf(contract, facts, apiUrl);
}

export function simDataOf(contract: Node, facts: Node, apiUrl: string): SimData {
  const world = worldOf(facts);
  const sample = isNode(facts.sample_world) ? facts.sample_world : {};
  if (typeof sample.epoch !== 'string') throw new Error('contributing/facts.yml: sample_world.epoch (when the sample world’s clock starts) is missing');
  return {
    operations: operationsOf(contract),
    objects: objectsOf(contract),
    credentialSecrets: credentialSecretsOf(contract),
    facts: factsOf(facts),
    world,
    epoch: sample.epoch,
    apiUrl,
  };
}

// ------------------------------------------------------------------ contract

function resolver(doc: Node) {
  const resolve = (ref: string): Node | undefined => {
    let node: Json | undefined = doc;
    for (const part of ref.replace(/^#\//, '').split('/')) node = isNode(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isNode(node) ? node : undefined;
  };
  return (node: Json | undefined): Node | undefined => {
    let current = isNode(node) ? node : undefined;
    for (let i = 0; current && typeof current.$ref === 'string' && i < 10; i++) current = resolve(current.$ref);
    return current;
  };
}

function operationsOf(doc: Node): SimOperation[] {
  const deref = resolver(doc);
  const ops: SimOperation[] = [];
  for (const [route, itemJson] of Object.entries(isNode(doc.paths) ? doc.paths : {})) {
    const item = isNode(itemJson) ? itemJson : {};
    for (const method of METHODS) {
      const node = item[method];
      if (!isNode(node) || typeof node.operationId !== 'string') continue;
      const params = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(node.parameters) ? node.parameters : [])]
        .map((p) => deref(p))
        .filter((p): p is Node => !!p);
      const responses = isNode(node.responses) ? node.responses : {};
      const success = Object.entries(responses).find(([status]) => /^2/.test(status));
      const schema = success ? deref(deref(deref(success[1])?.content && (deref(success[1])!.content as Node)['application/json'])?.schema) : undefined;
      const items = schema && isNode(schema.properties) ? deref(deref(schema.properties.data)?.items) : undefined;
      const objectOf = (s: Node | undefined) => {
        const object = s && isNode(s.properties) ? deref(s.properties.object)?.const : undefined;
        return typeof object === 'string' ? object : undefined;
      };
      const body = deref(node.requestBody);
      ops.push({
        id: node.operationId,
        method: method.toUpperCase(),
        path: route,
        permission: typeof node['x-required-permission'] === 'string' ? node['x-required-permission'] : undefined,
        tokenTypes: Array.isArray(node['x-token-types']) ? node['x-token-types'].map(String) : [],
        public: Array.isArray(node.security) && node.security.length === 0,
        statuses: Object.keys(responses).map(Number),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => {
            const s = deref(p.schema);
            return s && s.default !== undefined ? {name: String(p.name), default: s.default} : {name: String(p.name)};
          }),
        ...(body ? {body: body.required === true} : {}),
        idempotent: params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        returns: objectOf(items) ?? objectOf(schema),
        list: Boolean(items),
      });
    }
  }
  return ops;
}

function objectsOf(doc: Node): SimData['objects'] {
  const templates = objectTemplates(doc);
  const schemas = isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas : {};
  const out: SimData['objects'] = {};
  for (const [object, schema] of objectSchemas(doc)) {
    const node = schemas[schema];
    const idPattern = isNode(node) && isNode(node.properties) && isNode(node.properties.id) ? node.properties.id.pattern : undefined;
    const prefix = typeof idPattern === 'string' ? /^\^([a-z]+_)/.exec(idPattern)?.[1] : undefined;
    const template = templates.get(object);
    if (!template) throw new Error(`api/openapi.yaml has no example of a ${object} object: the simulation builds ${object} objects from one`);
    out[object] = {schema, ...(prefix ? {prefix} : {}), template: template as Obj};
  }
  return out;
}

/** The secret fields of each provider's credential: the `secrets` of its create schema (the CredentialCreate discriminator's mapping). */
function credentialSecretsOf(doc: Node): Record<string, string[]> {
  const deref = resolver(doc);
  const create = isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas.CredentialCreate : undefined;
  const mapping = isNode(create) && isNode(create.discriminator) && isNode(create.discriminator.mapping) ? create.discriminator.mapping : {};
  const out: Record<string, string[]> = {};
  for (const [provider, ref] of Object.entries(mapping)) {
    const schema = deref({$ref: String(ref)});
    const secrets = schema && isNode(schema.properties) ? deref(schema.properties.secrets) : undefined;
    out[provider] = secrets && isNode(secrets.properties) ? Object.keys(secrets.properties) : [];
  }
  return out;
}

// --------------------------------------------------------------------- facts

const backticked = (text: string): string[] => [...text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);

function lifecycleOf(l: Node): SimLifecycle {
  const states = (Array.isArray(l.states) ? l.states : []).filter(isNode).map((s) => String(s.name));
  const known = (text: string) => backticked(text).filter((s) => states.includes(s));
  const kinds = isNode(l.kinds) ? (l.kinds as Record<string, string>) : undefined;
  const transitions = (Array.isArray(l.transitions) ? l.transitions : []).filter(isNode).map((t) => ({
    from: String(t.from),
    event: String(t.event),
    to: String(t.to),
    op: t.op === undefined ? [] : [t.op].flat().map(String),
  }));
  const initial: Record<string, string> = {};
  for (const t of transitions) {
    const m = /^\((new|sign-up)(?:, (.+))?\)$/.exec(t.from);
    if (!m) continue;
    const kind = m[2] ? (Object.entries(kinds ?? {}).find(([, label]) => new RegExp(`^(?:${label})$`, 'i').test(m[2]!))?.[0] ?? m[2]) : 'default';
    const first = known(t.to)[0];
    if (first) initial[kind] = first;
  }
  const settles: SimLifecycle['settles'] = [];
  for (const t of transitions) {
    if (t.op.length) continue;
    const from = known(t.from);
    if (from.length !== 1) continue;
    const outcome = /\bfails?\b/i.test(t.event) ? 'failed' : /\bsucceeds\b|^Issued$|^Renewed$/i.test(t.event) ? 'succeeded' : undefined;
    if (!outcome) continue;
    const to = /\(gone\)/.test(t.to) ? 'gone' : /had before/.test(t.to) ? 'previous' : known(t.to)[0];
    if (to) settles.push({from: from[0]!, outcome, to});
  }
  const operations: SimLifecycleOperation[] = (Array.isArray(l.operations) ? l.operations : []).filter(isNode).map((op) => {
    const name = String(op.name);
    const row = transitions.find((t) => t.op.includes(name));
    const rowStates = row ? known(row.to) : [];
    const gone = row ? /then gone/.test(row.to) : false;
    const during = gone || (rowStates.length > 1 && /then/.test(row?.to ?? '')) ? rowStates[0] : undefined;
    const to = gone ? 'gone' : typeof op.to === 'string' ? op.to : rowStates.at(-1);
    const from = op.from === 'any' ? 'any' : Array.isArray(op.from) ? op.from.map(String) : isNode(op.from) ? (op.from as Record<string, string[]>) : [];
    return {
      name,
      api: Array.isArray(op.api) ? op.api.map(String) : [],
      from,
      ...(during ? {during} : {}),
      ...(to ? {to} : {}),
      ...(typeof op.refused === 'string' ? {refused: op.refused} : {}),
      contents: op.on === 'contents',
    };
  });
  return {id: String(l.id), states, ...(kinds ? {kinds: Object.keys(kinds)} : {}), initial, settles, operations};
}

function actionsOf(facts: Node): SimActionType[] {
  return (Array.isArray(facts.actions) ? facts.actions : []).filter(isNode).flatMap((a) => {
    const typeText = String(a.type);
    const kind = typeof a.kind === 'string' ? a.kind : /\(([^)]+)\)$/.exec(typeText)?.[1];
    const types = typeText
      .replace(/\s*\([^)]*\)$/, '')
      .split(' / ')
      .map((t) => t.trim());
    const stepTexts = String(a.steps).split(' / ');
    const operations = Array.isArray(a.operations) ? a.operations.map(String) : [];
    return types.map((type, index): SimActionType => {
      const text = (stepTexts[index] ?? stepTexts[0])!;
      const fromPipeline = /pipeline's steps|Your steps/.test(text);
      const names = fromPipeline ? [] : text.split(/;\s*/).map((s) => s.replace(/\s*\((?:1 )?per server\)\s*$/, '').trim());
      return {
        type,
        ...(kind ? {kind} : {}),
        steps: names,
        perServer: /per server/.test(text) || /every (?:linked|target) server/.test(text),
        fromPipeline,
        free: a.credits === 0,
        // A row for two types ("network.create / network.delete") lists one operation for each, in the same order.
        operations: types.length > 1 ? (operations[index] ? [operations[index]!] : []) : operations,
      };
    });
  });
}

function factsOf(facts: Node): SimFacts {
  const plans: SimFacts['plans'] = {};
  for (const p of (Array.isArray(facts.plans) ? facts.plans : []).filter(isNode)) {
    const limits: Record<string, number> = {};
    for (const plan of ['free', 'pro', 'team', 'enterprise']) if (typeof p[plan] === 'number') limits[plan] = p[plan] as number;
    plans[String(p.id)] = limits;
  }
  const roles = isNode(facts.role_rules) ? facts.role_rules : {};
  return {
    permissions: (Array.isArray(facts.permissions) ? facts.permissions : []).filter(isNode).map((p) => ({
      name: String(p.name),
      level: p.level === 'project' ? 'project' : 'environment',
      roles: Array.isArray(p.roles) ? p.roles.map(String) : [],
    })),
    plans,
    fixedLimits: (Array.isArray(facts.fixed_limits) ? facts.fixed_limits : []).filter(isNode).map((l) => ({
      id: String(l.id),
      value: Number(l.value),
      per: String(l.per),
      limitName: String(l.limit_name),
    })),
    actions: actionsOf(facts),
    lifecycles: (Array.isArray(facts.lifecycles) ? facts.lifecycles : []).filter(isNode).map(lifecycleOf),
    alwaysPermissions: Array.isArray(roles.always) ? roles.always.map(String) : [],
    impliesView: roles.implies_view === true,
    deployPipeline: (Array.isArray(facts.deploy_pipeline_steps) ? facts.deploy_pipeline_steps : [])
      .filter(isNode)
      .map((s) => ({name: String(s.name), type: String(s.type)})),
  };
}

/** Secrets a seed's row names (tokens, webhook URLs, bootstrap tokens), by the prefix the object type uses. */
const SECRET_PREFIX: Record<string, RegExp> = {
  personal_access_token: /\bldpat_[A-Za-z0-9]+/,
  project_api_token: /\bldpak_[A-Za-z0-9]+/,
  incoming_webhook: /\bldhook_[A-Za-z0-9]+/,
};

function worldOf(facts: Node): Obj[] {
  const sample = isNode(facts.sample_world) ? facts.sample_world : {};
  const out: Obj[] = [];
  for (const rows of Object.values(sample)) {
    if (!Array.isArray(rows)) continue;
    for (const row of rows.filter(isNode)) {
      const cells = Array.isArray(row.row) ? row.row.map(String).join(' | ') : '';
      for (const seed of [row.seed ?? []].flat().filter(isNode)) {
        const secret = SECRET_PREFIX[String(seed.object)]?.exec(cells)?.[0];
        out.push(secret ? {...(seed as Obj), $secret: secret} : (seed as Obj));
      }
    }
  }
  return out;
}
