/**
 * A small JSON Schema (2020-12) validator for the API console, in the browser.
 * Ajv can't run there: it compiles schemas with `new Function`, and the site's
 * Content-Security-Policy forbids `unsafe-eval`. This one interprets the schema
 * and supports exactly the keywords api/openapi.yaml uses in its request and
 * response schemas: type (one or several, "null" included), properties,
 * required, additionalProperties (false or a schema), minProperties, items,
 * minItems, maxItems, uniqueItems, enum, const, minLength, maxLength, pattern,
 * format (date-time, email, uri, uuid, ipv4, ipv6; other formats pass), minimum,
 * maximum, oneOf, readOnly and writeOnly. tests/unit/console-validate.test.mjs
 * fails when the contract starts using another keyword.
 *
 * Schemas are prepared at build time with `resolveRefs`: references inlined,
 * annotations (description, example, default, discriminator, x-*…) dropped.
 */

/** One problem with a value: where (a JSON pointer, "" for the root) and what, in plain English. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/** A schema as `resolveRefs` returns it: no references, only the keywords below. */
export interface JsonSchema {
  type?: string | string[];
  properties?: {[name: string]: JsonSchema};
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  oneOf?: JsonSchema[];
  readOnly?: boolean;
  writeOnly?: boolean;
}

export interface ValidateOptions {
  /**
   * `request` (the default): a read-only property present is an issue, and a
   * read-only property is never required. `response`: read-only properties are
   * fine, and write-only properties are never required.
   */
  mode?: 'request' | 'response';
}

/** At most this many issues are reported. */
const MAX_ISSUES = 50;

const TYPE_NAMES: {[type: string]: string} = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

type Test = {test(text: string): boolean};

const byte = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

const dateTime = (text: string): boolean => {
  const m = /^(\d{4})-(\d\d)-(\d\d)[t ]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i.exec(text);
  const date = m && new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return !!date && date.getUTCMonth() === +m![2]! - 1 && date.getUTCDate() === +m![3]!;
};

/** The URL parser knows IPv6 (the characters are checked first, so that "]" can't end the host). */
const ipv6 = (text: string): boolean => {
  try {
    return /^[\da-f:.]*:[\da-f:.]*$/i.test(text) && !!new URL(`http://[${text}]`);
  } catch {
    return false;
  }
};

/** The formats the contract uses: a test, and what a valid value is. */
const FORMATS: {[format: string]: [Test, string]} = {
  'date-time': [{test: dateTime}, 'a date and time such as 2025-01-31T09:30:00Z'],
  email: [/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'an email address'],
  uri: [/^[a-z][a-z\d+.-]*:[^\s"<>\\^`{|}]*$/i, 'a URI such as https://example.com'],
  uuid: [/^(urn:uuid:)?[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/i, 'a UUID'],
  ipv4: [new RegExp(`^(${byte}\\.){3}${byte}$`), 'an IPv4 address'],
  ipv6: [{test: ipv6}, 'an IPv6 address'],
};

const patterns = new Map<string, RegExp>();

const has = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

const isObject = (value: unknown): value is {[key: string]: unknown} => !!value && typeof value === 'object' && !Array.isArray(value);

const equal = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => has(b, key) && equal((a as never)[key], (b as never)[key]));
};

const isType = (value: unknown, type: string): boolean =>
  type === 'integer'
    ? Number.isInteger(value)
    : type === 'null'
      ? value === null
      : type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? isObject(value)
          : typeof value === type;

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const child = (path: string, key: string | number): string => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every way `value` breaks `schema` (at most 50), or [] when it's valid. */
export function validate(schema: JsonSchema, value: unknown, options: ValidateOptions = {}): SchemaIssue[] {
  const request = options.mode !== 'response';

  const check = (s: JsonSchema, v: unknown, path: string, out: SchemaIssue[]): void => {
    const issue = (message: string, at = path) => {
      out.push({path: at, message});
    };
    if (out.length >= MAX_ISSUES) return;
    if (request && s.readOnly) return issue('is read-only');
    const types = s.type === undefined ? undefined : ([] as string[]).concat(s.type);
    if (types && !types.some((type) => isType(v, type))) return issue(`must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`);
    if (s.const !== undefined && !equal(v, s.const)) return issue(`must be ${show(s.const)}`);
    if (s.enum && !s.enum.some((option) => equal(v, option))) return issue(`must be one of: ${s.enum.map(show).join(', ')}`);

    if (typeof v === 'string') {
      const length = [...v].length;
      if (s.minLength !== undefined && length < s.minLength) issue(`must be at least ${count(s.minLength, 'character')}`);
      if (s.maxLength !== undefined && length > s.maxLength) issue(`must be at most ${count(s.maxLength, 'character')}`);
      if (s.pattern !== undefined) {
        let re = patterns.get(s.pattern);
        if (!re) patterns.set(s.pattern, (re = new RegExp(s.pattern, 'u')));
        if (!re.test(v)) issue(`must match the pattern ${s.pattern}`);
      }
      const format = s.format === undefined ? undefined : FORMATS[s.format];
      if (format && !format[0].test(v)) issue(`must be ${format[1]}`);
    } else if (typeof v === 'number') {
      if (s.minimum !== undefined && v < s.minimum) issue(`must be at least ${s.minimum}`);
      if (s.maximum !== undefined && v > s.maximum) issue(`must be at most ${s.maximum}`);
    } else if (Array.isArray(v)) {
      if (s.minItems !== undefined && v.length < s.minItems) issue(`must have at least ${count(s.minItems, 'item')}`);
      if (s.maxItems !== undefined && v.length > s.maxItems) issue(`must have at most ${count(s.maxItems, 'item')}`);
      if (s.uniqueItems && v.some((item, i) => v.findIndex((other) => equal(item, other)) < i)) issue('must not contain the same item twice');
      const items = s.items;
      if (items) v.forEach((item, i) => check(items, item, child(path, i), out));
    } else if (isObject(v)) {
      const properties = s.properties ?? {};
      const keys = Object.keys(v);
      if (s.minProperties !== undefined && keys.length < s.minProperties) issue(`must have at least ${count(s.minProperties, 'field')}`);
      for (const name of s.required ?? []) {
        const property = has(properties, name) ? properties[name] : undefined;
        if (!has(v, name) && !(request ? property?.readOnly : property?.writeOnly)) issue('is required', child(path, name));
      }
      const extra = s.additionalProperties;
      for (const key of keys) {
        const at = child(path, key);
        if (has(properties, key)) check(properties[key]!, v[key], at, out);
        else if (extra === false) issue(`isn't a field of this ${request ? 'request' : 'response'}`, at);
        else if (isObject(extra)) check(extra, v[key], at, out);
      }
    }

    if (s.oneOf) {
      // Exactly one branch must match; when none does, the closest one (fewest issues) tells what's wrong.
      let closest: SchemaIssue[] | undefined;
      let matches = 0;
      for (const branch of s.oneOf) {
        const found: SchemaIssue[] = [];
        check(branch, v, path, found);
        if (!found.length) matches++;
        else if (!closest || found.length < closest.length) closest = found;
      }
      if (matches > 1) issue('matches more than one of the allowed forms');
      else if (!matches && closest) out.push(...closest);
    }
  };

  const issues: SchemaIssue[] = [];
  check(schema, value, '', issues);
  return issues.slice(0, MAX_ISSUES);
}

/** Keywords `validate` uses whose values are kept as they are. */
const KEPT: ReadonlySet<string> = new Set([
  'type',
  'required',
  'additionalProperties',
  'minProperties',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'readOnly',
  'writeOnly',
]);

/**
 * Build time: `schema` with every local "$ref" ("#/components/schemas/X", or
 * any JSON pointer into `root`) inlined, and only the keywords `validate` uses.
 * Keys beside a "$ref" (readOnly, description) win over the target's. A
 * reference to a schema it is already inside is left as {} (anything).
 */
export function resolveRefs(schema: unknown, root: unknown, seen: string[] = []): JsonSchema {
  if (!isObject(schema)) return {};
  const {$ref, ...rest} = schema;
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) return {};
    let target: unknown = $ref.startsWith('#/') ? root : undefined;
    for (const part of $ref.slice(2).split('/')) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) && has(target, key) ? target[key] : undefined;
    }
    if (!isObject(target)) throw new Error(`Can't resolve the schema reference ${$ref}`);
    return resolveRefs({...target, ...rest}, root, [...seen, $ref]);
  }
  const out: {[key: string]: unknown} = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'properties' && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, resolveRefs(property, root, seen)]));
    else if (key === 'items' || (key === 'additionalProperties' && isObject(value))) out[key] = resolveRefs(value, root, seen);
    else if (key === 'oneOf' && Array.isArray(value)) out[key] = value.map((branch) => resolveRefs(branch, root, seen));
    else if (KEPT.has(key)) out[key] = value;
  }
  return out as JsonSchema;
}

/**
 * Every schema keyword `validate` understands: those above, the ones that
 * hold other schemas, and references, which `resolveRefs` follows. A test
 * fails when the contract uses another one.
 */
export const KEYWORDS: readonly string[] = [...KEPT, 'properties', 'items', 'oneOf', '$ref'];
