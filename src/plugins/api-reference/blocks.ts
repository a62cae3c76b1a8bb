/**
 * The first step of the API reference after the contract (./contract.ts): an
 * operation's page as content, that is its title, description and body as
 * blocks (headings, paragraphs, tables, samples, examples, guides). Three
 * outputs are written from it, each in its own module, and none of them
 * feeds back into this one:
 * - ./pageData.ts: the data that src/plugins/api-reference/client/Operation.tsx renders;
 * - ./toolsMarkdown.ts: the page's Markdown for readers' tools;
 * - ./docsFiles.ts: the files the docs plugin reads (the page's MDX, the
 *   reference overview, the sidebar categories).
 * ./plugin.ts runs them.
 */
import path from 'node:path';
import {
  factsOf,
  fieldRows,
  isList,
  isPublic,
  parameterExample,
  requestBody,
  requiredPermission,
  responsesOf,
  statusText,
  tokenTypes,
  typeOf,
  variantsOf,
  type Contract,
  type FieldRow,
  type Json,
  type Node,
  type Operation,
  type Parameter,
} from './contract';
import {samplesFor, type Sample} from './samples';
import {REFERENCE_DIR, referenceRoute} from './client/routes';
import {docRoute} from '../../utils/docRoutes';
import {replaceUrlTokens} from '../../utils/productUrls';

/** A guide that shows a call to an operation. */
export interface GuideLink {
  title: string;
  /** Path of the guide's Markdown file under docs/ ("servers/add-server.md"). */
  file: string;
}

// ------------------------------------------------------------ text helpers

/** Inline code, for text that may itself hold a backtick. */
export const inlineCode = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function firstSentence(text: string): string {
  const plain = text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const end = plain.search(/\.(\s|$)/);
  return end >= 0 ? plain.slice(0, end + 1) : plain;
}

/** A one-sentence description of 50–160 characters, as every page has. */
export function pageDescription(op: Operation): string {
  const head = `${op.method.toUpperCase()} ${op.path}`;
  let sentence = firstSentence(op.description);
  if (!sentence) sentence = `${op.summary} with the Launchdeck API, with parameters, responses and code samples.`;
  sentence = sentence.replace(/[.:;]+$/, '');
  let text = `${head}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}.`;
  if (text.length > 160) {
    const cut = text.slice(0, 157);
    text = `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}….`.replace(/….$/, '…');
    if (!text.endsWith('.')) text = `${text.replace(/…$/, '')}.`;
  }
  if (text.length < 50) text = `${text.replace(/\.$/, '')}, with parameters, responses and code samples.`;
  return text;
}

/** The title of an operation's page (its front matter, its Markdown): "Create a server (API)". */
export const pageTitle = (op: Operation): string => `${op.summary} (API)`;

// ------------------------------------------------------------------ blocks

/**
 * A reference page's body as blocks, which ./pageData.ts and
 * ./toolsMarkdown.ts write out. Text is inline Markdown: code spans,
 * **strong**, and links to `.md` files relative to the page (see
 * linkResolver).
 */
export type Block =
  | {type: 'heading'; depth: 2 | 3 | 4; text: string}
  | {type: 'paragraph'; text: string}
  /** A description from the contract: paragraphs and "- " lists. */
  | {type: 'prose'; text: string}
  | {type: 'list'; items: string[]}
  | {type: 'table'; head: string[]; rows: string[][]}
  | {type: 'details'; summary: string; blocks: Block[]}
  | {type: 'code'; language: string; code: string}
  | {type: 'samples'; samples: Sample[]}
  | {type: 'endpoint'; method: Operation['method']; path: string}
  | {type: 'guides'; guides: GuideLink[]}
  /**
   * The "Try it" console: a heading and a paragraph that every page shows,
   * then the panel (src/plugins/api-reference/client/console). Only the site's page has it; the
   * Markdown for readers' tools leaves it out.
   */
  | {type: 'console'; heading: string; text: string};

/** Table cells are one line: a description's line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\s*\n+\s*/g, ' ').trim();
const capitalized = (fact: string) => `${fact.charAt(0).toUpperCase()}${fact.slice(1)}.`;

/**
 * A description, then the schema's facts it doesn't already give: a row
 * that says "1–63 characters" doesn't say it again, nor "At most 280
 * characters" after "0–280 characters", nor "One of …" after listing every
 * value.
 */
export function describedWithFacts(description: string, facts: string[]): string {
  const said = description.toLowerCase();
  const unsaid = facts.filter((fact) => {
    const f = fact.toLowerCase();
    if (said.includes(f)) return false;
    const values = f.match(/`[^`]*`/g) ?? [];
    if (/^(one of|always) /.test(f) && values.length > 0 && values.every((value) => said.includes(value))) return false;
    const limit = /^(?:at most |\d+–)(\d+) characters$/.exec(f)?.[1];
    return !(limit && new RegExp(`(^|[^\\d])${limit} characters`).test(said));
  });
  return [description, ...unsaid.map(capitalized)].filter(Boolean).join(' ');
}

function fieldsTable(rows: FieldRow[]): Block[] {
  if (rows.length === 0) return [];
  return [
    {
      type: 'table',
      head: ['Field', 'Type', 'Required', 'Description'],
      rows: rows.map((row) => [inlineCode(row.name), oneLine(row.type), row.required ? 'Yes' : 'No', oneLine(describedWithFacts(row.description, row.facts))]),
    },
  ];
}

function parametersTable(params: Parameter[], contract: Contract): Block {
  return {
    type: 'table',
    head: ['Name', 'Type', 'Required', 'Description'],
    rows: params.map((p) => {
      const example = parameterExample(p);
      const details = [describedWithFacts(p.description ?? '', factsOf(contract, p.schema)), example.startsWith('<') ? '' : `Example: ${inlineCode(example)}.`]
        .filter(Boolean)
        .join(' ');
      return [inlineCode(p.name), oneLine(typeOf(contract, p.schema)), p.required ? 'Yes' : 'No', oneLine(details)];
    }),
  };
}

const json = (value: Json) => JSON.stringify(value, null, 2);

function schemaName(schema: Node): string | undefined {
  return typeof schema.title === 'string' ? schema.title : undefined;
}

/** What the "Try it" section says before the panel, also when the page runs no JavaScript. */
function consoleText(op: Operation): string {
  const token = isPublic(op)
    ? 'This endpoint takes no token.'
    : 'Paste a [personal access token](../../../api-tokens/personal-access-tokens/add-personal-access-token.md) or a project API token: it stays in this browser tab and is never put in the samples.';
  return `Send this request to the Launchdeck API from this page and read the response. ${token} Launchdeck has no sandbox, so a request acts on your real resources: try changes in a project you made for testing. Nothing is sent until you press **Send**.`;
}

/** The page of an operation, below its title, as blocks. */
export function operationBlocks(contract: Contract, op: Operation, guides: GuideLink[], apiUrlToken = '%API_URL%', changes: GuideLink[] = []): Block[] {
  const out: Block[] = [];
  const method = op.method.toUpperCase();
  const permission = requiredPermission(op);
  const tokens = tokenTypes(op);
  const responses = responsesOf(contract, op);
  const success = responses.filter((r) => /^2/.test(r.status));
  const errors = responses.filter((r) => /^[45]/.test(r.status));

  out.push({type: 'endpoint', method: op.method, path: op.path});
  if (op.description) out.push({type: 'prose', text: op.description});

  const facts: string[] = [];
  if (isPublic(op)) facts.push('**Authentication:** none. This endpoint takes no token.');
  else if (permission) facts.push(`**Required permission:** ${inlineCode(permission)}`);
  else facts.push('**Required permission:** none beyond a valid token.');
  if (tokens.length) {
    facts.push(
      `**Tokens:** ${tokens.map((t) => (t === 'personal_access_token' ? 'personal access tokens' : t.replace(/_/g, ' '))).join(', ')} only. A project API token gets \`403\` \`token_not_allowed\`.`,
    );
  }
  const getAction = contract.operations.find((o) => o.id === 'getAction');
  if (success.some((r) => r.status === '202')) {
    const follow = getAction && getAction !== op ? ` Follow it with [${getAction.summary}](../${getAction.resource.slug}/${getAction.slug}.md).` : '';
    facts.push(`**Starts an action:** the response is \`202 Accepted\` with the action, which runs in the background.${follow}`);
  }
  if (op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) {
    facts.push('**Safe to retry:** send an `Idempotency-Key` header, and a repeated request returns the first response instead of doing the work twice.');
  }
  out.push({type: 'list', items: facts});

  // Request
  out.push({type: 'heading', depth: 2, text: 'Request'}, {type: 'paragraph', text: inlineCode(`${method} ${apiUrlToken}${op.path}`)});
  for (const [where, heading] of [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
  ] as const) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) continue;
    out.push({type: 'heading', depth: 3, text: heading});
    if (where === 'header') out.push({type: 'paragraph', text: `Besides \`Authorization: Bearer <token>\`${isPublic(op) ? ' (not needed here)' : ''}:`});
    out.push(parametersTable(params, contract));
  }
  const body = requestBody(contract, op);
  if (body) {
    out.push(
      {type: 'heading', depth: 3, text: 'Body'},
      {
        type: 'paragraph',
        text: `A JSON object (\`Content-Type: application/json\`)${body.required ? '' : ', optional'}. Unknown fields are refused with \`422\` \`validation_failed\`.`,
      },
    );
    const variants = variantsOf(contract, body.schema);
    if (body.schema.description) out.push({type: 'prose', text: String(body.schema.description)});
    if (variants) {
      out.push({type: 'paragraph', text: 'One of these objects:'});
      for (const variant of variants) {
        const [key, value] = variant.label.split(':');
        out.push({type: 'heading', depth: 4, text: value !== undefined ? `${key}: \`${value.trim()}\`` : variant.label});
        out.push(...fieldsTable(fieldRows(contract, variant.schema).filter((r) => !r.facts.includes('read-only'))));
      }
    } else {
      out.push(...fieldsTable(fieldRows(contract, body.schema).filter((r) => !r.facts.includes('read-only'))));
    }
  }
  out.push({type: 'heading', depth: 3, text: 'Example request'}, {type: 'samples', samples: samplesFor(contract, op, apiUrlToken)});
  if (!isPublic(op)) {
    out.push({
      type: 'paragraph',
      text: 'The samples read a token from the `LAUNCHDECK_TOKEN` environment variable. To create one, see [Add a personal access token](../../../api-tokens/personal-access-tokens/add-personal-access-token.md).',
    });
  }

  out.push({type: 'console', heading: 'Try it', text: consoleText(op)});

  // Responses
  out.push({type: 'heading', depth: 2, text: 'Responses'});
  for (const r of success) {
    out.push({type: 'heading', depth: 3, text: statusText(r.status)});
    if (r.description) out.push({type: 'prose', text: r.description});
    const variants = r.schema ? variantsOf(contract, r.schema) : undefined;
    if (r.schema && r.contentType === 'application/json') {
      const rows = variants ? [] : fieldRows(contract, r.schema).filter((row) => !row.facts.includes('write-only'));
      if (rows.length) {
        const name = schemaName(r.schema);
        out.push({type: 'details', summary: `Fields of the response${name ? ` (${name})` : ''}: ${rows.length}`, blocks: fieldsTable(rows)});
      }
    }
    if (r.example !== undefined) {
      if (r.contentType === 'application/json') out.push({type: 'code', language: 'json', code: json(r.example)});
      else out.push({type: 'code', language: /shellscript/.test(r.contentType ?? '') ? 'bash' : 'text', code: String(r.example).replace(/\n$/, '')});
    }
  }
  if (errors.length) {
    out.push(
      {type: 'heading', depth: 3, text: 'Errors'},
      {type: 'paragraph', text: 'Every error has the body `{"error": {"code", "message", "details", "request_id"}}`. Test the `code`, never the message.'},
      {
        type: 'table',
        head: ['Status', '`code`', 'When'],
        rows: errors.map((r) => [
          inlineCode(statusText(r.status)),
          r.codes.map(inlineCode).join(', ') || '—',
          oneLine(r.description.replace(/^[A-Za-z ]+:\s*/, '')),
        ]),
      },
      {type: 'paragraph', text: 'Codes and what to do about them: [Errors](../../index.md#errors).'},
    );
  }

  if (isList(op)) {
    out.push(
      {type: 'heading', depth: 2, text: 'Pagination'},
      {
        type: 'paragraph',
        text: 'The response is a page of results: `data` and `next_cursor`. Pass `limit` (1–100, default 20), and `cursor` set to the `next_cursor` of the previous page, until `next_cursor` is `null`. See [Pagination](../../index.md#pagination).',
      },
    );
  }
  out.push(
    {type: 'heading', depth: 2, text: 'Rate limits'},
    {
      type: 'paragraph',
      text: isPublic(op)
        ? 'Without a token: 60 requests a minute per incoming webhook URL, and per IP address. Over the limit, the API returns `429` `rate_limited` with a `Retry-After` header. See [Rate limits](../../index.md#rate-limits).'
        : "Counts toward your token's 600 requests a minute. Over the limit, the API returns `429` `rate_limited` with a `Retry-After` header. See [Rate limits](../../index.md#rate-limits).",
    },
  );

  out.push({type: 'heading', depth: 2, text: 'Guides that use it'});
  if (guides.length) out.push({type: 'guides', guides});
  else {
    out.push({
      type: 'paragraph',
      text: `No task page shows this call yet. The [${op.resource.name} endpoints](../index.md#${op.resource.slug}) and the [API overview](../../index.md) explain how it fits with the others.`,
    });
  }
  // The changelog entries that name this operation (src/plugins/changelog), newest first.
  if (changes.length) out.push({type: 'heading', depth: 2, text: 'Changelog'}, {type: 'guides', guides: changes});
  return out;
}

/** An operation's page as content: what every output of the reference is written from. */
export interface OperationContent {
  /** The page's file under docs/ ("api/reference/servers/create-server.md"). */
  file: string;
  /** Its route ("/docs/api/reference/servers/create-server"). */
  route: string;
  /** Its title, as front matter gives it ("Create a server (API)"). */
  title: string;
  /** Its heading, above the blocks: the operation's summary ("Create a server"). */
  heading: string;
  description: string;
  /** Everything below the heading. */
  blocks: Block[];
}

/** The content of an operation's page, with the guides that call it and the changelog entries that name it. */
export function operationContent(contract: Contract, op: Operation, guides: GuideLink[], changes: GuideLink[] = []): OperationContent {
  return {
    file: `${REFERENCE_DIR}/${op.resource.slug}/${op.slug}.md`,
    route: referenceRoute(op),
    title: pageTitle(op),
    heading: op.summary,
    description: pageDescription(op),
    // The one place the reference's URL tokens are replaced: every page, console and Markdown file is made from these blocks.
    blocks: resolveTokens(operationBlocks(contract, op, guides, '%API_URL%', changes)),
  };
}

/** Blocks with the product URL tokens of every string replaced (src/utils/productUrls.ts). */
function resolveTokens<T>(value: T): T {
  if (typeof value === 'string') return replaceUrlTokens(value) as T;
  if (Array.isArray(value)) return value.map(resolveTokens) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveTokens(item)])) as T;
  return value;
}

/**
 * Resolves the links of blocks' text on the page at `file` (under docs/) to
 * the site's addresses: a relative `.md` file becomes its route, a fragment or
 * an absolute address stays as it is.
 */
export function linkResolver(file: string): (url: string) => string {
  return (url) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
    const [target = '', hash] = url.split('#');
    const route = docRoute(path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
    return hash ? `${route}#${hash}` : route;
  };
}
