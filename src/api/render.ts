/**
 * The API reference pages, generated from the contract: one page per
 * operation, a sidebar category per resource, and the reference overview.
 * An operation's page is built as blocks (operationBlocks), then written as
 * the site's page data and as Markdown for readers' tools (./pageData.ts);
 * the overview is plain Markdown.
 */
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
  type Resource,
} from './contract';
import {samplesFor, type Sample} from './samples';
import {operationPageData, operationToolsMarkdown} from './pageData';
import {urls} from '../config/urls';
import {REFERENCE_DIR, referenceRoute} from './routes';

export {REFERENCE_DIR, referenceRoute};

/** A guide that shows a call to an operation. */
export interface GuideLink {
  title: string;
  /** Path of the guide's Markdown file under docs/ ("servers/add-server.md"). */
  file: string;
}

export interface GeneratedFile {
  /** Path under docs/api/reference/. */
  file: string;
  content: string;
  /** The page's Markdown for readers' tools, ready to publish, when `content` is not Markdown a reader could use. */
  markdown?: string;
}

export const LANGUAGE_TAB_GROUP = 'api-language';

// ------------------------------------------------------------ text helpers

/** Escapes text for MDX outside code spans: braces and angle brackets would be read as JSX. */
export function mdText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/([{}])/g, '\\$1').replace(/</g, '&lt;')))
    .join('');
}

/** Text for a table cell: one line, pipes escaped. */
const cell = (text: string) => mdText(text.replace(/\s*\n+\s*/g, ' ').trim()).replace(/\|/g, '\\|');
const inlineCode = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const yamlString = (text: string) => JSON.stringify(text);

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

// ------------------------------------------------------------------ blocks

/**
 * A reference page as blocks, written out twice (./pageData.ts): as the
 * site's page data and as Markdown for readers' tools
 * (/docs/api/reference/servers/create-server.md). Text is inline Markdown:
 * code spans, **strong**, and links to `.md` files relative to the page.
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
  | {type: 'guides'; guides: GuideLink[]};

/** Table cells are one line: a description's line breaks become spaces. */
const oneLine = (text: string) => text.replace(/\s*\n+\s*/g, ' ').trim();
const capitalized = (fact: string) => `${fact.charAt(0).toUpperCase()}${fact.slice(1)}.`;

function fieldsTable(rows: FieldRow[]): Block[] {
  if (rows.length === 0) return [];
  return [
    {
      type: 'table',
      head: ['Field', 'Type', 'Required', 'Description'],
      rows: rows.map((row) => [
        inlineCode(row.name),
        oneLine(row.type),
        row.required ? 'Yes' : 'No',
        oneLine([row.description, ...row.facts.map(capitalized)].filter(Boolean).join(' ')),
      ]),
    },
  ];
}

function parametersTable(params: Parameter[], contract: Contract): Block {
  return {
    type: 'table',
    head: ['Name', 'Type', 'Required', 'Description'],
    rows: params.map((p) => {
      const example = parameterExample(p);
      const details = [p.description, ...factsOf(contract, p.schema).map(capitalized), example.startsWith('<') ? '' : `Example: ${inlineCode(example)}.`]
        .filter(Boolean)
        .join(' ');
      return [inlineCode(p.name), oneLine(typeOf(contract, p.schema)), p.required ? 'Yes' : 'No', oneLine(details)];
    }),
  };
}

const json = (value: Json) => JSON.stringify(value, null, 2);

// ------------------------------------------------------------------- pages

/** Front matter lines that date the page by the contract's last change (generated files aren't in git). */
const lastUpdateLines = (date?: string) => (date ? ['last_update:', `  date: ${date}`] : []);

/** The page of an operation, below its title, as blocks. */
export function operationBlocks(contract: Contract, op: Operation, guides: GuideLink[], apiUrlToken = '%API_URL%'): Block[] {
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
  return out;
}

/** A sample's tab: "curl", "javascript", "python" (one tab group across the site). */
export const sampleValue = (sample: Sample): string => (sample.label === 'curl' ? 'curl' : sample.language);

/** The front matter of an operation's page. */
export function operationFrontMatter(op: Operation, lastUpdate?: string): string[] {
  const literal = op.path.split('/').filter((part) => part && !part.startsWith('{'));
  const keywords = [
    `${op.method} ${op.path}`.toLowerCase(),
    `${op.method} /${literal.join('/')}`.toLowerCase(),
    // "POST /servers" for the collection the operation acts on.
    `${op.method} /${literal.at(-1) ?? ''}`.toLowerCase(),
    op.id.toLowerCase(),
    `${op.summary.toLowerCase()} api`,
    `${op.resource.name.toLowerCase()} api`,
    `${op.resource.name.toLowerCase()} endpoint`,
  ];
  return [
    '---',
    `title: ${yamlString(`${op.summary} (API)`)}`,
    `sidebar_label: ${yamlString(op.summary)}`,
    `sidebar_position: ${op.resource.operations.indexOf(op) + 1}`,
    `sidebar_class_name: ${yamlString(`api-method api-method--${op.method}`)}`,
    `description: ${yamlString(pageDescription(op))}`,
    'keywords:',
    ...[...new Set(keywords)].map((k) => `  - ${yamlString(k)}`),
    ...lastUpdateLines(lastUpdate),
    '---',
  ];
}

function schemaName(schema: Node): string | undefined {
  return typeof schema.title === 'string' ? schema.title : undefined;
}

/**
 * The sidebar category of a resource (no page of its own: the overview lists
 * every resource's operations, and fewer pages keep every page's JavaScript small).
 */
export function resourceCategory(resource: Resource): string {
  return `${JSON.stringify({label: resource.name, position: resource.order + 2, collapsed: true}, null, 2)}\n`;
}

export function overviewPage(contract: Contract, lastUpdate?: string): string {
  const out = [
    '---',
    'title: "API reference"',
    'sidebar_position: 1',
    `description: ${yamlString(`Every endpoint of the Launchdeck REST API, from its OpenAPI contract: parameters, responses, errors and code samples for ${contract.operations.length} operations.`)}`,
    'keywords:',
    '  - api reference',
    '  - endpoints',
    '  - rest api reference',
    '  - openapi',
    '  - swagger',
    '  - api spec download',
    ...lastUpdateLines(lastUpdate),
    '---',
    '',
    `This reference describes every endpoint of the Launchdeck REST API: ${contract.operations.length} operations on ${contract.resources.length} resources, listed below by resource. Each page shows the method and path, the permission it needs, its parameters and body, code samples in curl, JavaScript and Python, every response with its fields and an example, the error codes it can return, and the guides that use it.`,
    '',
    'The pages are generated from the API contract, so they always match it. Download the contract to generate a client or to import the API into an HTTP tool: [openapi.yaml](pathname:///openapi.yaml) or [openapi.json](pathname:///openapi.json) (OpenAPI 3.1).',
    '',
    'All paths are relative to the base URL `%API_URL%`, and every request except the incoming webhook and the agent install script needs a token: `Authorization: Bearer <token>`. The [API overview](../index.md) explains authentication, the request and response format, pagination, errors, rate limits, idempotency and long-running operations.',
    '',
    '## Resources',
    '',
    ...contract.resources.flatMap((r) => [
      `### ${mdText(r.name)} {#${r.slug}}`,
      '',
      mdText(r.description),
      '',
      '| Operation | Method and path |',
      '| --- | --- |',
      ...r.operations.map((op) => `| [${cell(op.summary)}](./${r.slug}/${op.slug}.md) | ${inlineCode(`${op.method.toUpperCase()} ${op.path}`)} |`),
      '',
    ]),
  ];
  return out.join('\n');
}

/**
 * The site's page of an operation: front matter, title and one component fed
 * with the page's data (./pageData.ts), next to it as JSON.
 */
export function operationStub(op: Operation, dataFile: string, lastUpdate?: string): string {
  return [
    ...operationFrontMatter(op, lastUpdate),
    '',
    "import Operation from '@site/src/api/client/Operation';",
    `import data from './${dataFile}';`,
    '',
    'export const toc = data.toc;',
    '',
    `# ${mdText(op.summary)}`,
    '',
    '<Operation blocks={data.blocks} />',
    '',
  ].join('\n');
}

/**
 * Every file of the reference, paths relative to docs/api/reference/; for an
 * operation's page, `markdown` is its Markdown for readers' tools (the file
 * itself only imports the page's data).
 */
export function referenceFiles(contract: Contract, guidesOf: (op: Operation) => GuideLink[], lastUpdate?: string, siteUrl = urls.site): GeneratedFile[] {
  const files: GeneratedFile[] = [{file: 'index.md', content: overviewPage(contract, lastUpdate)}];
  for (const resource of contract.resources) {
    files.push({file: `${resource.slug}/_category_.json`, content: resourceCategory(resource)});
    for (const op of resource.operations) {
      const file = `${resource.slug}/${op.slug}.md`;
      const blocks = operationBlocks(contract, op, guidesOf(op));
      const data = operationPageData(blocks, `${REFERENCE_DIR}/${file}`, op.summary);
      const markdown = operationToolsMarkdown(blocks, {
        file: `${REFERENCE_DIR}/${file}`,
        route: referenceRoute(op),
        title: `${op.summary} (API)`,
        description: pageDescription(op),
        heading: op.summary,
        siteUrl,
      });
      files.push({file, content: operationStub(op, `${op.slug}.json`, lastUpdate), markdown});
      files.push({file: `${resource.slug}/${op.slug}.json`, content: `${JSON.stringify(data)}\n`});
    }
  }
  return files;
}
