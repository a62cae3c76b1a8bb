#!/usr/bin/env node
/**
 * The Launchdeck docs as an MCP server, over stdio, for coding assistants
 * (Claude Desktop and Claude Code, Cursor, VS Code): search with the site's
 * own engine and ranking, every page's Markdown, the API operations, the
 * sections, and llms.txt and the OpenAPI contract as resources.
 *
 *   npx -y @launchdeck/docs-mcp --url https://docs.launchdeck.io  # the published package
 *   npm run mcp -- --dir build                       # in the repository: a built site, offline
 *   npm run mcp -- --url https://docs.launchdeck.io  # the deployed site (the default)
 *
 * It writes nothing and logs to stderr only (stdout is the protocol).
 * mcp/README.md says how to connect each editor.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import {Docs, MAX_QUERY_LENGTH, MAX_RESULTS} from './docs.mjs';
import {SiteError, dirSource, urlSource} from './source.mjs';
import {LineTransport} from './transport.mjs';

const DEFAULT_URL = 'https://docs.launchdeck.io';
const {version} = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

/**
 * @param {string[]} argv
 * @returns {{dir?: string, url?: string, help?: boolean}}
 */
export function parseArgs(argv) {
  /** @type {{dir?: string, url?: string, help?: boolean}} */
  const args = {dir: undefined, url: undefined};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = inline ?? argv[i + 1];
    if (flag === '--dir' || flag === '--url') {
      if (value === undefined || value.startsWith('--')) throw new SiteError(`${flag} needs a value.`);
      args[/** @type {'dir' | 'url'} */ (flag.slice(2))] = value;
      if (inline === undefined) i++;
    } else if (flag === '--help' || flag === '-h') {
      args.help = true;
    } else {
      throw new SiteError(`Unknown option ${argv[i]}. Use --dir <built site> or --url <site address>.`);
    }
  }
  if (args.dir && args.url) throw new SiteError('Use --dir or --url, not both.');
  return args;
}

/**
 * @param {unknown} value
 * @returns {{content: {type: 'text', text: string}[]}}
 */
const json = (value) => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}]});

/**
 * A tool's handler that answers bad input with a clear message, flagged as an error, and nothing else.
 * @template T
 * @template R
 * @param {(args: T) => Promise<R>} handler
 * @returns {(args: T) => Promise<R | {isError: true, content: {type: 'text', text: string}[]}>}
 */
const refusing =
  (handler) =>
  async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      return {isError: true, content: [{type: 'text', text: error.message}]};
    }
  };

/** @param {import('./source.mjs').Source} source */
export async function createServer(source) {
  const docs = await new Docs(source).load();
  const server = new McpServer(
    {name: 'launchdeck-docs', version},
    {instructions: `Launchdeck's documentation (${docs.siteUrl}): search it, read its pages as Markdown, and look up REST API operations.`},
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Launchdeck docs',
      description: `Searches the Launchdeck documentation with the site's own search engine (same ranking as its search box). Returns the best pages with title, URL, section and a snippet. Read a result with read_page.`,
      inputSchema: {
        query: z.string().max(4000).describe(`What to look for, in your own words or a pasted error message (read up to ${MAX_QUERY_LENGTH} characters).`),
        section: z.string().max(200).optional().describe('Only this section, for example "servers" or "api-tokens" (list_sections lists them).'),
        limit: z.number().int().min(1).max(MAX_RESULTS).optional().describe(`How many results (1–${MAX_RESULTS}, default 5).`),
      },
    },
    refusing(async ({query, section, limit}) => json(docs.search(query, {section, limit}))),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        'Returns the Markdown of one page of the Launchdeck docs, a guide or an API reference page, by its URL or path (for example /docs/servers/add-server or https://docs.launchdeck.io/docs/api/reference/servers/create-server).',
      inputSchema: {page: z.string().max(2000).describe('The page URL or path.')},
    },
    refusing(async ({page}) => {
      const {url, markdown} = await docs.readPage(page);
      return {content: [{type: 'text', text: markdown}], _meta: {url}};
    }),
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Get a Launchdeck API operation',
      description:
        'One operation of the Launchdeck REST API by its operation ID (createServer) or method and path (POST /environments/{environment_id}/servers, or a real path such as GET /servers/srv_6Yp2Mx9K): summary, permission, parameters, request and response schemas, error codes, a curl sample and the guides that use it.',
      inputSchema: {operation: z.string().max(2000).describe('Operation ID, or "METHOD /path".')},
    },
    refusing(async ({operation}) => json(await docs.operation(operation))),
  );

  server.registerTool(
    'list_sections',
    {
      title: 'List the docs sections',
      description: 'Every section of the Launchdeck docs with its title, URL, description and number of pages.',
      inputSchema: {},
    },
    async () => json(docs.sections()),
  );

  for (const [name, file, mimeType, description] of [
    ['llms.txt', '/llms.txt', 'text/plain', 'Every page of the docs, with a one-line description (llmstxt.org format).'],
    ['openapi.yaml', '/openapi.yaml', 'application/yaml', 'The Launchdeck REST API contract, OpenAPI 3.1.'],
  ]) {
    const uri = docs.absolute(file);
    server.registerResource(name, uri, {title: name, description, mimeType}, async () => {
      const text = await source.read(file);
      if (text === null) throw new SiteError(`${file} is missing from ${source.describe()}.`);
      return {contents: [{uri, mimeType, text}]};
    });
  }
  return server;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stderr.write('Usage: launchdeck-docs-mcp [--dir <built site> | --url <site address>]\n');
    return;
  }
  const source = args.dir ? dirSource(path.resolve(args.dir)) : urlSource(args.url ?? DEFAULT_URL);
  const server = await createServer(source);
  // The client closed stdin or stdout: nothing more to answer.
  server.server.onclose = () => process.exit(0);
  await server.connect(new LineTransport());
  process.stderr.write(`launchdeck-docs MCP server: serving ${source.describe()} over stdio.\n`);
}

// Run as a program (also through npx's symbolic link), not when a test imports it.
if (process.argv[1] && fs.realpathSync(path.resolve(process.argv[1])) === fs.realpathSync(fileURLToPath(import.meta.url))) {
  main().catch((error) => {
    process.stderr.write(`launchdeck-docs MCP server: ${error instanceof SiteError ? error.message : error.stack}\n`);
    process.exit(1);
  });
}
