/**
 * One output of the API reference (see ./blocks.ts): the files the docs plugin
 * reads from docs/api/reference/. An operation's page is a few lines of MDX
 * (front matter, title, and the component that renders its data from
 * ./pageData.ts); the overview lists every resource's operations; each
 * resource is a sidebar category with no page of its own.
 *
 * Docusaurus reads .md files as MDX, so text is escaped for MDX 2 and later
 * (braces, angle brackets, heading ids) and nothing relies on the MDX 1
 * compatibility that newer versions turn off.
 */
import type {Contract, Operation, Resource} from './contract';
import {inlineCode, type OperationContent} from './blocks';

/** Escapes text for MDX outside code spans: braces and angle brackets would be read as JSX. */
export function mdText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/([{}])/g, '\\$1').replace(/</g, '&lt;')))
    .join('');
}

/** Text for a table cell: one line, pipes escaped. */
const cell = (text: string) => mdText(text.replace(/\s*\n+\s*/g, ' ').trim()).replace(/\|/g, '\\|');
const yamlString = (text: string) => JSON.stringify(text);

/** Front matter lines that date the page by the contract's last change (generated files aren't in git). */
const lastUpdateLines = (date?: string) => (date ? ['last_update:', `  date: ${date}`] : []);

/** The front matter of an operation's page. */
export function operationFrontMatter(op: Operation, page: Pick<OperationContent, 'title' | 'heading' | 'description'>, lastUpdate?: string): string[] {
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
    `title: ${yamlString(page.title)}`,
    // The page's h1, shorter than its title ("View a team" for "View a team (API)"): src/plugins/page-tools/theme/DocItem/Content draws it.
    `heading: ${yamlString(page.heading)}`,
    `sidebar_label: ${yamlString(op.summary)}`,
    `sidebar_position: ${op.resource.operations.indexOf(op) + 1}`,
    `sidebar_class_name: ${yamlString(`api-method api-method--${op.method}`)}`,
    `description: ${yamlString(page.description)}`,
    'keywords:',
    ...[...new Set(keywords)].map((k) => `  - ${yamlString(k)}`),
    ...lastUpdateLines(lastUpdate),
    '---',
  ];
}

/** What the installed docs plugin accepts in a `_category_.json`. */
export interface CategoryOptions {
  /**
   * A `key` of its own (docs plugin 3.8+, see src/config/docusaurusVersion.ts).
   * From 3.8 the build fails when two categories share a translation key, and
   * a resource ("Servers", "SSH keys") shares its label with a guide section;
   * 3.7 refuses a `_category_.json` with keys it doesn't know.
   */
  categoryKey: boolean;
}

/** The translation key of a resource's sidebar category: "api-reference.ssh-keys". */
export const categoryKeyOf = (resource: Pick<Resource, 'slug'>): string => `api-reference.${resource.slug}`;

/**
 * The sidebar category of a resource (no page of its own: the overview lists
 * every resource's operations, and fewer pages keep every page's JavaScript small).
 */
export function resourceCategory(resource: Resource, options: CategoryOptions): string {
  const key = options.categoryKey ? {key: categoryKeyOf(resource)} : {};
  return `${JSON.stringify({label: resource.name, ...key, position: resource.order + 2, collapsed: true}, null, 2)}\n`;
}

/**
 * The reference's overview (docs/api/reference/index.md): every resource under
 * a heading whose id is the resource's slug, which the operations' pages link
 * to, with its operations.
 */
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
      // The id escaped as MDX 2 needs it; Docusaurus still reads it as the heading's id.
      `### ${mdText(r.name)} \\{#${r.slug}}`,
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
 * The site's page of an operation: front matter (its h1 is `heading`) and one component fed
 * with the page's data (./pageData.ts), next to it as JSON in `dataFile`.
 */
export function operationStub(op: Operation, page: OperationContent, dataFile: string, lastUpdate?: string, consoleData?: string): string {
  return [
    ...operationFrontMatter(op, page, lastUpdate),
    '',
    "import Operation from '@site/src/plugins/api-reference/client/Operation';",
    `import data from './${dataFile}';`,
    '',
    'export const toc = data.toc;',
    '',
    // The console's data is a static file, fetched when a reader opens the console.
    consoleData ? `<Operation blocks={data.blocks} consoleData="${consoleData}" />` : '<Operation blocks={data.blocks} />',
    '',
  ].join('\n');
}
