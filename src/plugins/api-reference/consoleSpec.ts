/**
 * Build time: the API console's data for one operation (./types.ts), from the
 * contract, the API overview's table of error codes and the troubleshooting
 * entries of the guides that call the operation. ../plugin.ts writes it
 * beside the operation's page; the page loads it when a reader opens the
 * console, so it costs nothing on the page's first load.
 */
import {docRoute} from '../../utils/docRoutes';
import {docSourceExists, readDocSource} from '../../utils/docsSource';
import {TROUBLESHOOTING_SECTION, markdownHeadings, plainHeading} from '../../utils/markdownHeadings';
import {apiServers} from '../../config/urls';
import {replaceUrlTokens} from '../../utils/productUrls';
import {factsOf, isPublic, requestBody, responsesOf, tokenTypes, type Contract, type Json, type Operation} from './contract';
import type {GuideLink} from './blocks';
import {SIMULATION_LABEL, SIMULATION_SERVER} from '../simulation/client/constants';
import {checksGroup} from '../simulation/validators';
import type {ConsoleError, ConsoleParam, ConsoleSpec, JsonValue} from './client/console/types';

/** Inline Markdown as plain text: code spans, emphasis and links lose their markup. */
export function plainText(markdown: string): string {
  return plainHeading(replaceUrlTokens(markdown));
}

/** Where the API overview explains every error code. */
const OVERVIEW = 'api/index.md';
const ERROR_TABLE_ANCHOR = 'error-codes';

/**
 * The overview's table of error codes: code → status and meaning. A site
 * without the overview (a test's) explains codes with the contract's words.
 */
export function errorCodesOf(docsDir: string): Map<string, {status: string; meaning: string}> {
  if (!docSourceExists(docsDir, OVERVIEW)) return new Map();
  const markdown = readDocSource(docsDir, OVERVIEW);
  const codes = new Map<string, {status: string; meaning: string}>();
  for (const line of markdown.split('\n')) {
    const m = /^\|\s*`(\d{3})`\s*\|\s*`([a-z_]+)`\s*\|([^|]+)\|/.exec(line);
    if (m) codes.set(m[2]!, {status: m[1]!, meaning: plainText(m[3]!)});
  }
  if (codes.size === 0) throw new Error(`API console: no error codes found in docs/${OVERVIEW} (its "Error codes" table).`);
  return codes;
}

/**
 * The troubleshooting entries of a guide that name an error code in their
 * heading ("### The API returns `plan_limit_reached`"): code → the entry's
 * title and anchor, with the ids Docusaurus gives headings.
 */
export function troubleshootingEntries(docsDir: string, guide: GuideLink): Map<string, {title: string; to: string}> {
  const entries = new Map<string, {title: string; to: string}>();
  for (const heading of markdownHeadings(readDocSource(docsDir, guide.file), plainText)) {
    if (heading.level !== 3 || !TROUBLESHOOTING_SECTION.test(heading.h2)) continue;
    for (const code of heading.markdown.matchAll(/`([a-z]+(?:_[a-z]+)+|unauthenticated|conflict)`/g)) {
      if (!entries.has(code[1]!)) entries.set(code[1]!, {title: `${guide.title}: ${heading.text}`, to: `${docRoute(guide.file)}#${heading.id}`});
    }
  }
  return entries;
}

const DESTRUCTIVE = /^(delete|remove|revoke|cancel|archive|rotate)/;

const asString = (value: Json | undefined): string | undefined => (value === undefined || value === null ? undefined : String(value));

/** ID prefixes of the contract's path parameters ("srv_" → "server_id"), from their patterns. */
export function idPrefixes(contract: Contract): {[prefix: string]: string} {
  const out: {[prefix: string]: string} = {};
  for (const op of contract.operations) {
    for (const p of op.parameters) {
      const prefix = p.in === 'path' && typeof p.schema.pattern === 'string' ? /^\^([a-z]+_)/.exec(p.schema.pattern)?.[1] : undefined;
      if (prefix && !out[prefix]) out[prefix] = p.name;
    }
  }
  return out;
}

export interface ConsoleContext {
  contract: Contract;
  errorCodes: Map<string, {status: string; meaning: string}>;
  prefixes: {[prefix: string]: string};
  /** Troubleshooting entries of a guide, read once per guide. */
  troubleshooting: (guide: GuideLink) => Map<string, {title: string; to: string}>;
}

/** What the console needs once for every operation. */
export function consoleContext(contract: Contract, docsDir: string): ConsoleContext {
  const cache = new Map<string, Map<string, {title: string; to: string}>>();
  return {
    contract,
    errorCodes: errorCodesOf(docsDir),
    prefixes: idPrefixes(contract),
    troubleshooting: (guide) => {
      let entries = cache.get(guide.file);
      if (!entries) cache.set(guide.file, (entries = troubleshootingEntries(docsDir, guide)));
      return entries;
    },
  };
}

/** The console's data for one operation. */
export function consoleSpec(context: ConsoleContext, op: Operation, guides: GuideLink[]): ConsoleSpec {
  const {contract} = context;
  const params: ConsoleParam[] = op.parameters
    .filter((p): p is typeof p & {in: ConsoleParam['in']} => p.in !== 'cookie' && !(p.in === 'header' && /^(authorization|content-type)$/i.test(p.name)))
    .map((p) => {
      const schema = contract.deref(p.schema) ?? {};
      const type = Array.isArray(schema.type) ? String(schema.type.find((t) => t !== 'null') ?? 'string') : String(schema.type ?? 'string');
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        type,
        ...(Array.isArray(schema.enum) ? {enum: schema.enum.map(String)} : {}),
        ...(schema.default !== undefined ? {default: String(schema.default)} : {}),
        ...(asString(p.example ?? schema.example) !== undefined ? {example: asString(p.example ?? schema.example)} : {}),
        description: plainText(p.description),
        facts: factsOf(contract, schema)
          .filter((fact) => !fact.startsWith('one of'))
          .map(plainText),
      };
    });

  const body = requestBody(contract, op);
  const responses: ConsoleSpec['responses'] = {};
  const errors: {[code: string]: ConsoleError} = {};
  const overview = {title: 'API overview: Error codes', to: `${docRoute(OVERVIEW)}#${ERROR_TABLE_ANCHOR}`};
  const help = (code: string) => {
    for (const guide of guides) {
      const entry = context.troubleshooting(guide).get(code);
      if (entry) return entry;
    }
    return overview;
  };
  for (const r of responsesOf(contract, op)) {
    const json = r.contentType === 'application/json';
    responses[r.status] = {description: plainText(r.description), json};
    for (const code of r.codes) {
      const known = context.errorCodes.get(code);
      errors[code] = {status: r.status, meaning: known?.meaning ?? plainText(r.description), help: help(code)};
    }
  }
  // Every operation can meet these, documented or not.
  for (const code of ['unauthenticated', 'token_expired', 'token_revoked', 'rate_limited', 'internal_error', 'service_unavailable']) {
    const known = context.errorCodes.get(code);
    if (known && !errors[code] && (code !== 'unauthenticated' || !isPublic(op))) errors[code] = {...known, help: help(code)};
  }

  return {
    servers: [{label: SIMULATION_LABEL, url: SIMULATION_SERVER, simulated: true}, ...apiServers],
    operationId: op.id,
    checks: checksGroup(op.resource.name),
    method: op.method.toUpperCase(),
    path: op.path,
    summary: op.summary,
    auth: !isPublic(op),
    tokenTypes: tokenTypes(op),
    idempotent: op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
    destructive: op.method === 'delete' || DESTRUCTIVE.test(op.id),
    params,
    ...(body ? {body: {example: body.example as JsonValue | undefined, required: body.required}} : {}),
    responses,
    errors,
    idPrefixes: context.prefixes,
  };
}
