/**
 * Ajv's errors in the API's words (writer's reference C1, "Errors"): each
 * invalid field with its `issue` (`required`, `too_short`, …) and a message.
 * Shared by the validators compiled for the browser and those Node compiles.
 */
import type {FieldIssue} from './types';

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const ISSUE: Record<string, FieldIssue['issue']> = {
  required: 'required',
  minLength: 'too_short',
  minItems: 'too_short',
  maxLength: 'too_long',
  maxItems: 'too_long',
  pattern: 'invalid_format',
  format: 'invalid_format',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  additionalProperties: 'unknown_field',
  unevaluatedProperties: 'unknown_field',
  not: 'not_allowed',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};
const FORMATS: Record<string, string> = {
  'date-time': 'a date and time such as 2025-01-31T09:30:00Z',
  date: 'a date such as 2025-01-31',
  email: 'an email address',
  uri: 'a URL',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
};

/** Ajv's keyword messages ("must be <= 100") as a reader reads them ("must be at most 100"). */
const MESSAGES: Record<string, (params: Record<string, unknown>) => string> = {
  type: (p) =>
    `must be ${String(p.type)
      .split(',')
      .map((t) => TYPE_NAMES[t] ?? t)
      .join(' or ')}`,
  minimum: (p) => `must be at least ${String(p.limit)}`,
  maximum: (p) => `must be at most ${String(p.limit)}`,
  exclusiveMinimum: (p) => `must be more than ${String(p.limit)}`,
  exclusiveMaximum: (p) => `must be less than ${String(p.limit)}`,
  minLength: (p) => (p.limit === 1 ? "can't be empty" : `must be at least ${String(p.limit)} characters`),
  maxLength: (p) => `must be at most ${String(p.limit)} characters`,
  minItems: (p) => `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`,
  maxItems: (p) => `must have at most ${String(p.limit)} items`,
  uniqueItems: () => 'must not contain the same item twice',
  pattern: (p) => `must match the pattern ${String(p.pattern)}`,
  format: (p) => `must be ${FORMATS[String(p.format)] ?? `in the format ${String(p.format)}`}`,
  const: (p) => `must be ${JSON.stringify(p.allowedValue)}`,
  discriminator: (p) => `doesn't name one of the documented variants (${JSON.stringify(p.tagValue)})`,
};

/** A JSON pointer as a reader writes the field: "/domains/0/name" → "domains[0].name". */
export function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

export function issuesOf(errors: AjvError[] | null | undefined): FieldIssue[] {
  const out: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // Branch errors of oneOf/anyOf explain the summary error that follows them; the discriminator picks one branch.
    if (error.keyword === 'if' || error.keyword === 'then' || error.keyword === 'else') continue;
    let pointer = error.instancePath;
    if (error.keyword === 'required') pointer += `/${String(error.params.missingProperty)}`;
    if (error.keyword === 'additionalProperties') pointer += `/${String(error.params.additionalProperty)}`;
    if (error.keyword === 'unevaluatedProperties') pointer += `/${String(error.params.unevaluatedProperty)}`;
    // oneOf chosen by a field (`provider`): the field is what is missing or wrong.
    const tagMissing = error.keyword === 'discriminator' && error.params.tagValue === undefined;
    if (error.keyword === 'discriminator') pointer += `/${String(error.params.tag)}`;
    const field = fieldOf(pointer) || 'body';
    const issue = tagMissing ? 'required' : (ISSUE[error.keyword] ?? 'invalid_value');
    const key = `${field} ${issue}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const message =
      issue === 'required'
        ? 'is required'
        : issue === 'unknown_field'
          ? "isn't a field of this request"
          : error.keyword === 'enum'
            ? `must be one of ${((error.params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`
            : (MESSAGES[error.keyword]?.(error.params) ?? error.message ?? 'is invalid');
    out.push({field, issue, message});
  }
  return out;
}
