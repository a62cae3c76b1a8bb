/**
 * The API contract (api/openapi.yaml) as the reference pages need it: its
 * operations grouped by resource, with their references resolved and their
 * schemas flattened into rows of fields.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type Node = {[key: string]: Json};

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: Node;
  example?: Json;
}

export interface Operation {
  id: string;
  /** kebab-case operation ID: the page's file name. */
  slug: string;
  method: Method;
  path: string;
  summary: string;
  description: string;
  resource: Resource;
  /** Position in the contract, for the sidebar. */
  order: number;
  node: Node;
  parameters: Parameter[];
}

export interface Resource {
  /** The tag, for example "SSH keys". */
  name: string;
  /** Folder name, for example "ssh-keys". */
  slug: string;
  description: string;
  order: number;
  operations: Operation[];
}

export interface Contract {
  doc: Node;
  resources: Resource[];
  operations: Operation[];
  /** Resolves a local $ref ("#/components/schemas/Server"). */
  resolve(ref: string): Node | undefined;
  /** A node with its $ref followed (sibling keys, such as a description, win). */
  deref(node: Json | undefined): Node | undefined;
}

export const kebab = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

const isNode = (value: Json | undefined): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

export function loadContract(file: string): Contract {
  return contractOf(parseYaml(fs.readFileSync(file, 'utf8')) as Node);
}

/** The contract from its parsed document (the YAML file, or the site's /openapi.json). */
export function contractOf(doc: Node): Contract {
  const resolve = (ref: string): Node | undefined => {
    if (!ref.startsWith('#/')) return undefined;
    let node: Json | undefined = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      node = isNode(node) ? node[key] : undefined;
    }
    return isNode(node) ? node : undefined;
  };
  const deref = (node: Json | undefined): Node | undefined => {
    let current = isNode(node) ? node : undefined;
    const seen = new Set<string>();
    while (current && typeof current.$ref === 'string' && !seen.has(current.$ref)) {
      seen.add(current.$ref);
      const {$ref, ...siblings} = current;
      const target = resolve($ref as string);
      current = target ? {...target, ...siblings} : undefined;
    }
    return current;
  };

  const tags = (Array.isArray(doc.tags) ? doc.tags : []).filter(isNode);
  const resources: Resource[] = tags.map((tag, order) => ({
    name: String(tag.name),
    slug: kebab(String(tag.name)),
    description: String(tag.description ?? ''),
    order,
    operations: [],
  }));
  const byName = new Map(resources.map((r) => [r.name, r]));
  const operations: Operation[] = [];
  const paths = isNode(doc.paths) ? doc.paths : {};
  for (const [route, itemJson] of Object.entries(paths)) {
    const item = isNode(itemJson) ? itemJson : {};
    for (const method of METHODS) {
      const node = item[method];
      if (!isNode(node)) continue;
      const tag = Array.isArray(node.tags) ? String(node.tags[0]) : 'Other';
      let resource = byName.get(tag);
      if (!resource) {
        resource = {name: tag, slug: kebab(tag), description: '', order: resources.length, operations: []};
        resources.push(resource);
        byName.set(tag, resource);
      }
      const parameters = [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(node.parameters) ? node.parameters : [])]
        .map((p) => deref(p))
        .filter((p): p is Node => !!p)
        .map((p) => ({
          name: String(p.name),
          in: String(p.in) as Parameter['in'],
          required: p.required === true,
          description: String(p.description ?? ''),
          schema: deref(p.schema) ?? {},
          example: p.example,
        }));
      const id = String(node.operationId);
      const operation: Operation = {
        id,
        slug: kebab(id),
        method,
        path: route,
        summary: String(node.summary ?? id),
        description: String(node.description ?? ''),
        resource,
        order: operations.length,
        node,
        parameters,
      };
      resource.operations.push(operation);
      operations.push(operation);
    }
  }
  return {doc, resources: resources.filter((r) => r.operations.length > 0), operations, resolve, deref};
}

/** The last contract loadSiteContract parsed, with the file's state then. */
let loaded: {file: string; mtimeMs: number; size: number; contract: Contract} | undefined;

/** The site's contract (api/openapi.yaml), parsed once for the plugin, its remark plugin and the simulation. */
export function loadSiteContract(siteDir: string): Contract {
  const file = path.join(siteDir, 'api/openapi.yaml');
  const {mtimeMs, size} = fs.statSync(file);
  // Parsed again only when the file changes (npm start watches it).
  if (loaded?.file !== file || loaded.mtimeMs !== mtimeMs || loaded.size !== size) loaded = {file, mtimeMs, size, contract: loadContract(file)};
  return loaded.contract;
}

// ----------------------------------------------------------------- schemas

/** One row of a fields table. */
export interface FieldRow {
  /** Dotted path: "agent.version", "data[].id". */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Format, enum, default, constraints, read-only…, as short phrases. */
  facts: string[];
  depth: number;
}

/** The schema's type in words: "string", "integer or null", "array of objects". */
export function typeOf(contract: Contract, schema: Node): string {
  const s = contract.deref(schema) ?? {};
  if (Array.isArray(s.oneOf)) return 'one of several objects';
  const types = Array.isArray(s.type) ? s.type.map(String) : s.type ? [String(s.type)] : s.properties ? ['object'] : [];
  const named = types.map((t) => {
    if (t === 'array') {
      const items = contract.deref(s.items);
      return items ? `array of ${plural(typeOf(contract, items))}` : 'array';
    }
    return t;
  });
  return named.length
    ? named
        .join(' or ')
        .replace(/ or null$/, ', nullable')
        .replace(/^null or (.+)$/, '$1, nullable')
    : 'any';
}

const plural = (type: string) =>
  type.startsWith('array')
    ? `${type}`
    : type
        .split(' or ')
        .map((t) => (t === 'null' || t.endsWith(', nullable') ? t : `${t}s`))
        .join(' or ');

const code = (value: Json | undefined) => `\`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;

/** Short facts about a schema: format, allowed values, default, limits, access. */
export function factsOf(contract: Contract, schema: Node): string[] {
  const s = contract.deref(schema) ?? {};
  const facts: string[] = [];
  if (s.format) facts.push(`format ${code(s.format)}`);
  if (s.const !== undefined) facts.push(`always ${code(s.const)}`);
  if (Array.isArray(s.enum)) facts.push(`one of ${s.enum.map((v) => code(v)).join(', ')}`);
  if (s.default !== undefined) facts.push(`default ${code(s.default)}`);
  if (s.minimum !== undefined && s.maximum !== undefined) facts.push(`${s.minimum}–${s.maximum}`);
  else if (s.minimum !== undefined) facts.push(`at least ${s.minimum}`);
  else if (s.maximum !== undefined) facts.push(`at most ${s.maximum}`);
  if (s.minLength !== undefined && s.maxLength !== undefined) facts.push(`${s.minLength}–${s.maxLength} characters`);
  else if (s.maxLength !== undefined) facts.push(`at most ${s.maxLength} characters`);
  else if (s.minLength !== undefined) facts.push(`at least ${s.minLength} characters`);
  if (s.minItems !== undefined) facts.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) facts.push(`at most ${s.maxItems} items`);
  if (s.pattern) facts.push(`pattern ${code(s.pattern)}`);
  if (s.readOnly === true) facts.push('read-only');
  if (s.writeOnly === true) facts.push('write-only');
  return facts;
}

/** The object variants of a oneOf schema, with the value that selects each (discriminator). */
export function variantsOf(contract: Contract, schema: Node): Array<{label: string; schema: Node}> | undefined {
  const s = contract.deref(schema);
  if (!s || !Array.isArray(s.oneOf)) return undefined;
  const discriminator = isNode(s.discriminator) ? String(s.discriminator.propertyName ?? '') : '';
  return s.oneOf.map((option, index) => {
    const ref = isNode(option) && typeof option.$ref === 'string' ? option.$ref : '';
    const variant = contract.deref(option) ?? {};
    const props = isNode(variant.properties) ? variant.properties : {};
    const selector = discriminator ? contract.deref(props[discriminator]) : undefined;
    const value = selector?.const ?? (Array.isArray(selector?.enum) ? selector.enum.join(', ') : undefined);
    const name = ref.split('/').pop() ?? `Variant ${index + 1}`;
    return {label: value !== undefined ? `${discriminator}: ${String(value)}` : name, schema: variant};
  });
}

/** The fields of an object schema, nested fields as dotted rows (down to `maxDepth`). */
export function fieldRows(contract: Contract, schema: Node, prefix = '', depth = 0, maxDepth = 3): FieldRow[] {
  const s = contract.deref(schema) ?? {};
  const rows: FieldRow[] = [];
  const properties = isNode(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  for (const [name, propJson] of Object.entries(properties)) {
    const prop = contract.deref(propJson) ?? {};
    const full = prefix ? `${prefix}.${name}` : name;
    rows.push({
      name: full,
      type: typeOf(contract, prop),
      required: required.has(name),
      description: String(prop.description ?? ''),
      facts: factsOf(contract, prop),
      depth,
    });
    if (depth + 1 > maxDepth) continue;
    const items = contract.deref(prop.items);
    if (isNode(prop.properties) || (!prop.type && !prop.items && isNode(prop.properties))) {
      rows.push(...fieldRows(contract, prop, full, depth + 1, maxDepth));
    } else if (items && isNode(items.properties)) {
      rows.push(...fieldRows(contract, items, `${full}[]`, depth + 1, maxDepth));
    }
  }
  return rows;
}

/** The request body's JSON schema and example, if the operation has one. */
export function requestBody(contract: Contract, op: Operation): {schema: Node; example?: Json; required: boolean} | undefined {
  const body = contract.deref(op.node.requestBody);
  const content = isNode(body?.content) ? body.content : undefined;
  const json = content && isNode(content['application/json']) ? content['application/json'] : undefined;
  if (!json) return undefined;
  const schema = contract.deref(json.schema) ?? {};
  return {schema, example: json.example ?? schema.example, required: body?.required === true};
}

export interface ResponseInfo {
  status: string;
  description: string;
  contentType?: string;
  schema?: Node;
  example?: Json;
  /** Error codes this response can carry. */
  codes: string[];
}

export {statusText} from './client/statusText';

export function responsesOf(contract: Contract, op: Operation): ResponseInfo[] {
  const responses = isNode(op.node.responses) ? op.node.responses : {};
  return Object.entries(responses).map(([status, json]) => {
    const response = contract.deref(json) ?? {};
    const content = isNode(response.content) ? response.content : {};
    const [contentType, mediaJson] = Object.entries(content)[0] ?? [];
    const media = isNode(mediaJson) ? mediaJson : undefined;
    const schema = media ? contract.deref(media.schema) : undefined;
    let example: Json | undefined = media?.example;
    const codes = new Set<string>();
    if (media && isNode(media.examples)) {
      for (const ex of Object.values(media.examples)) {
        const value = isNode(ex) ? ex.value : undefined;
        const c = isNode(value) && isNode(value.error) ? value.error.code : undefined;
        if (typeof c === 'string') codes.add(c);
        example ??= value;
      }
    }
    const description = String(response.description ?? '');
    if (/^[45]/.test(status)) {
      for (const m of description.matchAll(/`([a-z][a-z0-9_]*_[a-z0-9_]+|[a-z]+_[a-z]+)`/g)) codes.add(m[1]!);
      for (const m of description.matchAll(/`([a-z]+)`/g)) if (/^(unauthenticated|conflict)$/.test(m[1]!)) codes.add(m[1]!);
    }
    return {status, description, contentType, schema, example, codes: [...codes]};
  });
}

export const requiredPermission = (op: Operation): string | undefined =>
  typeof op.node['x-required-permission'] === 'string' ? op.node['x-required-permission'] : undefined;

export const tokenTypes = (op: Operation): string[] => (Array.isArray(op.node['x-token-types']) ? op.node['x-token-types'].map(String) : []);

/** True when the operation needs no token (`security: []`). */
export const isPublic = (op: Operation): boolean => Array.isArray(op.node.security) && op.node.security.length === 0;

/** The example value of a path or query parameter (its own, or its schema's). */
export function parameterExample(p: Parameter): string {
  const value = p.example ?? p.schema.example ?? p.schema.default ?? (Array.isArray(p.schema.enum) ? p.schema.enum[0] : undefined);
  return value === undefined ? `<${p.name}>` : String(value);
}

/** The operation's path with the example values of its path parameters filled in. */
export function examplePath(op: Operation): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return p ? encodeURIComponent(parameterExample(p)) : `{${name}}`;
  });
}

/** True for list endpoints (cursor pagination). */
export const isList = (op: Operation): boolean => op.parameters.some((p) => p.in === 'query' && p.name === 'cursor');
