/**
 * The Markdown (MDX) of the API reference pages, generated from the contract:
 * one page per operation, one index page per resource, and the reference
 * overview. Plain Markdown tables and Docusaurus's own Tabs: the pages cost
 * readers no more JavaScript than any other page.
 */
import {
  examplePath,
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
import {samplesFor} from './samples';

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
}

/** Where the reference lives under docs/ and on the site. */
export const REFERENCE_DIR = 'api/reference';
export const referenceRoute = (op: Operation) => `/docs/${REFERENCE_DIR}/${op.resource.slug}/${op.slug}`;
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

// ------------------------------------------------------------------ tables

function fieldsTable(rows: FieldRow[], withRequired = true): string {
  if (rows.length === 0) return '';
  const head = withRequired ? '| Field | Type | Required | Description |\n| --- | --- | --- | --- |' : '| Field | Type | Description |\n| --- | --- | --- |';
  const body = rows.map((row) => {
    const details = [row.description, ...row.facts.map((f) => `${f.charAt(0).toUpperCase()}${f.slice(1)}.`)].filter(Boolean).join(' ');
    const name = inlineCode(row.name);
    return withRequired
      ? `| ${name} | ${cell(row.type)} | ${row.required ? 'Yes' : 'No'} | ${cell(details)} |`
      : `| ${name} | ${cell(row.type)} | ${cell(details)} |`;
  });
  return [head, ...body].join('\n');
}

function parametersTable(params: Parameter[], contract: Contract): string {
  const rows = params.map((p) => {
    const facts = factsOf(contract, p.schema).map((f) => `${f.charAt(0).toUpperCase()}${f.slice(1)}.`);
    const example = parameterExample(p);
    const details = [p.description, ...facts, example.startsWith('<') ? '' : `Example: ${inlineCode(example)}.`].filter(Boolean).join(' ');
    return `| ${inlineCode(p.name)} | ${cell(typeOf(contract, p.schema))} | ${p.required ? 'Yes' : 'No'} | ${cell(details)} |`;
  });
  return ['| Name | Type | Required | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

const json = (value: Json) => JSON.stringify(value, null, 2);

function codeBlock(language: string, code: string, title?: string): string {
  const fence = code.includes('```') ? '~~~~' : '```';
  return `${fence}${language}${title ? ` title=${JSON.stringify(title)}` : ''}\n${code}\n${fence}`;
}

// ------------------------------------------------------------------- pages

/** Relative path from a reference page to a file under docs/. */
const fromOperationPage = (file: string) => `../../../${file}`;

/** Front matter lines that date the page by the contract's last change (generated files aren't in git). */
const lastUpdateLines = (date?: string) => (date ? ['last_update:', `  date: ${date}`] : []);

export function operationPage(contract: Contract, op: Operation, guides: GuideLink[], lastUpdate?: string, apiUrlToken = '%API_URL%'): string {
  const out: string[] = [];
  const method = op.method.toUpperCase();
  const permission = requiredPermission(op);
  const tokens = tokenTypes(op);
  const responses = responsesOf(contract, op);
  const success = responses.filter((r) => /^2/.test(r.status));
  const errors = responses.filter((r) => /^[45]/.test(r.status));
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

  out.push(
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
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `# ${mdText(op.summary)}`,
    '',
    `<p className="api-endpoint"><span className="api-method-badge api-method-badge--${op.method}">${method}</span> <code>{${JSON.stringify(op.path)}}</code></p>`,
    '',
  );
  if (op.description) out.push(mdText(op.description), '');

  const facts: string[] = [];
  if (isPublic(op)) facts.push('**Authentication:** none. This endpoint takes no token.');
  else if (permission) facts.push(`**Required permission:** ${inlineCode(permission)}`);
  else facts.push('**Required permission:** none beyond a valid token.');
  if (tokens.length) {
    facts.push(`**Tokens:** ${tokens.map((t) => (t === 'personal_access_token' ? 'personal access tokens' : t.replace(/_/g, ' '))).join(', ')} only. A project API token gets \`403\` \`token_not_allowed\`.`);
  }
  const getAction = contract.operations.find((o) => o.id === 'getAction');
  if (success.some((r) => r.status === '202')) {
    const follow = getAction && getAction !== op ? ` Follow it with [${getAction.summary}](../${getAction.resource.slug}/${getAction.slug}.md).` : '';
    facts.push(`**Starts an action:** the response is \`202 Accepted\` with the action, which runs in the background.${follow}`);
  }
  if (op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) {
    facts.push('**Safe to retry:** send an `Idempotency-Key` header, and a repeated request returns the first response instead of doing the work twice.');
  }
  out.push(...facts.map((f) => `- ${f}`), '');

  // Request
  out.push('## Request', '', `${inlineCode(`${method} ${apiUrlToken}${op.path}`)}`, '');
  for (const [where, heading] of [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
  ] as const) {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) continue;
    out.push(`### ${heading}`, '');
    if (where === 'header') out.push(`Besides \`Authorization: Bearer <token>\`${isPublic(op) ? ' (not needed here)' : ''}:`, '');
    out.push(parametersTable(params, contract), '');
  }
  const body = requestBody(contract, op);
  if (body) {
    out.push('### Body', '', `A JSON object (\`Content-Type: application/json\`)${body.required ? '' : ', optional'}. Unknown fields are refused with \`422\` \`validation_failed\`.`, '');
    const variants = variantsOf(contract, body.schema);
    if (body.schema.description) out.push(mdText(String(body.schema.description)), '');
    if (variants) {
      out.push('One of these objects:', '');
      for (const variant of variants) {
        out.push(`#### ${mdText(variant.label.includes(':') ? `${variant.label.split(':')[0]}: \`${variant.label.split(':')[1]!.trim()}\`` : variant.label)}`, '');
        out.push(fieldsTable(fieldRows(contract, variant.schema).filter((r) => !r.facts.includes('read-only'))), '');
      }
    } else {
      out.push(fieldsTable(fieldRows(contract, body.schema).filter((r) => !r.facts.includes('read-only'))), '');
    }
  }
  out.push('### Example request', '');
  out.push(`<Tabs groupId="${LANGUAGE_TAB_GROUP}">`);
  for (const sample of samplesFor(contract, op, apiUrlToken)) {
    const value = sample.label === 'curl' ? 'curl' : sample.language;
    out.push(`<TabItem value="${value}" label="${sample.label}"${value === 'curl' ? ' default' : ''}>`, '', codeBlock(sample.language, sample.code), '', '</TabItem>');
  }
  out.push('</Tabs>', '');
  if (!isPublic(op)) {
    out.push(
      'The samples read a token from the `LAUNCHDECK_TOKEN` environment variable. To create one, see [Add a personal access token](../../../api-tokens/personal-access-tokens/add-personal-access-token.md).',
      '',
    );
  }

  // Responses
  out.push('## Responses', '');
  for (const r of success) {
    out.push(`### ${statusText(r.status)}`, '');
    if (r.description) out.push(mdText(r.description), '');
    const variants = r.schema ? variantsOf(contract, r.schema) : undefined;
    if (r.schema && r.contentType === 'application/json') {
      const rows = variants ? [] : fieldRows(contract, r.schema).filter((row) => !row.facts.includes('write-only'));
      if (rows.length) {
        const name = schemaName(r.schema);
        out.push('<details>', `<summary>Fields of the response${name ? ` (${mdText(name)})` : ''}: ${rows.length}</summary>`, '', fieldsTable(rows), '', '</details>', '');
      }
    }
    if (r.example !== undefined) {
      if (r.contentType === 'application/json') out.push(codeBlock('json', json(r.example)), '');
      else out.push(codeBlock(/shellscript/.test(r.contentType ?? '') ? 'bash' : 'text', String(r.example).replace(/\n$/, '')), '');
    }
  }
  if (errors.length) {
    out.push('### Errors', '', 'Every error has the body `{"error": {"code", "message", "details", "request_id"}}`. Test the `code`, never the message.', '');
    out.push('| Status | `code` | When |', '| --- | --- | --- |');
    for (const r of errors) {
      out.push(`| ${inlineCode(statusText(r.status))} | ${r.codes.map(inlineCode).join(', ') || '—'} | ${cell(r.description.replace(/^[A-Za-z ]+:\s*/, ''))} |`);
    }
    out.push('', 'Codes and what to do about them: [Errors](../../index.md#errors).', '');
  }

  if (isList(op)) {
    out.push(
      '## Pagination',
      '',
      'The response is a page of results: `data` and `next_cursor`. Pass `limit` (1–100, default 20), and `cursor` set to the `next_cursor` of the previous page, until `next_cursor` is `null`. See [Pagination](../../index.md#pagination).',
      '',
    );
  }
  out.push(
    '## Rate limits',
    '',
    isPublic(op)
      ? 'Without a token: 60 requests a minute per incoming webhook URL, and per IP address. Over the limit, the API returns `429` `rate_limited` with a `Retry-After` header. See [Rate limits](../../index.md#rate-limits).'
      : 'Counts toward your token\'s 600 requests a minute. Over the limit, the API returns `429` `rate_limited` with a `Retry-After` header. See [Rate limits](../../index.md#rate-limits).',
    '',
  );

  out.push('## Guides that use it', '');
  if (guides.length) {
    for (const g of guides) out.push(`- [${mdText(g.title)}](${fromOperationPage(g.file)})`);
  } else {
    out.push(`No task page shows this call yet. The [${mdText(op.resource.name)} endpoints](../index.md#${op.resource.slug}) and the [API overview](../../index.md) explain how it fits with the others.`);
  }
  out.push('');
  return out.join('\n');
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

/** Every file of the reference, paths relative to docs/api/reference/. */
export function referenceFiles(contract: Contract, guidesOf: (op: Operation) => GuideLink[], lastUpdate?: string): GeneratedFile[] {
  const files: GeneratedFile[] = [{file: 'index.md', content: overviewPage(contract, lastUpdate)}];
  for (const resource of contract.resources) {
    files.push({file: `${resource.slug}/_category_.json`, content: resourceCategory(resource)});
    for (const op of resource.operations) {
      files.push({file: `${resource.slug}/${op.slug}.md`, content: operationPage(contract, op, guidesOf(op), lastUpdate)});
    }
  }
  return files;
}

export {examplePath};
