/**
 * The docs' MCP server (mcp/), driven by the official SDK's own client over
 * stdio, in both modes: `--dir` on the test build, and `--url` on the same
 * build served by scripts/serve.mjs. Its search gives the same first page as
 * the site's /search page in Chromium; bad input gets a clear error and
 * nothing else. It runs mcp/server.mjs in the repository, on the site code
 * bundled from the current sources (mcp/scripts/bundle.mjs); mcp/test/ tests
 * the package as npm ships it.
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {buildDir, repoRoot, visit, withSiteAndBrowser} from '../helpers.mjs';
import {bundle} from '../../mcp/scripts/bundle.mjs';

const site = withSiteAndBrowser();
const SITE_URL = 'https://docs.launchdeck.io';
const server = path.join(repoRoot, 'mcp/server.mjs');
/** @type {Record<string, Client>} */
const clients = {};

/**
 * What the tests read of the tools' JSON answers (mcp/docs.mjs writes them; request_body is null
 * for an operation without a body, never one the tests read).
 * @typedef {{
 *   operation_id: string, method: string, path: string, required_permission: string | null, curl: string, reference_url: string,
 *   parameters: Array<{name: string, in: string}>,
 *   request_body: {schema: {oneOf: Array<{properties: {name: {type: string}}}>}},
 *   responses: Array<{error_codes?: string[]}>,
 *   guides: Array<{url: string}>,
 * }} ApiOperation
 * @typedef {{section: string, title: string, url: string, pages: number}} Section
 * @typedef {{query: string, truncated?: boolean, results: Array<{url: string, title: string, section: string, snippet: string}>}} SearchAnswer
 */

/** @param {string[]} args */
async function connect(args) {
  const client = new Client({name: 'launchdeck-docs-tests', version: '1.0.0'});
  await client.connect(new StdioClientTransport({command: process.execPath, args: [server, ...args], cwd: repoRoot, stderr: 'ignore'}));
  return client;
}

before(async () => {
  // withSiteAndBrowser's before hook has run: site.server serves the test build.
  await bundle();
  clients.dir = await connect(['--dir', buildDir]);
  clients.url = await connect(['--url', site.server.url]);
});
after(async () => {
  await clients.dir?.close();
  await clients.url?.close();
});

/**
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
const call = async (client, name, args) => {
  const result = await client.callTool({name, arguments: args});
  return {error: result.isError === true, text: /** @type {Array<{text?: string}>} */ (result.content).map((c) => c.text).join('\n')};
};
/**
 * A tool's answer, parsed: an ApiOperation, Section[] or SearchAnswer, as the tool gives.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @returns {Promise<unknown>}
 */
const data = async (client, name, args) => {
  const {error, text} = await call(client, name, args);
  assert.equal(error, false, text);
  return JSON.parse(text);
};

for (const mode of ['dir', 'url']) {
  test(`${mode}: the tools and resources it offers`, async () => {
    const client = clients[mode];
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['get_api_operation', 'list_sections', 'read_page', 'search_docs']);
    const resources = (await client.listResources()).resources.map((r) => r.uri).sort();
    assert.deepEqual(resources, [`${SITE_URL}/llms.txt`, `${SITE_URL}/openapi.yaml`]);
    const llms = await client.readResource({uri: `${SITE_URL}/llms.txt`});
    assert.match(/** @type {{text: string}} */ (llms.contents[0]).text, /^# Launchdeck\n[\s\S]*MCP server/);
    const contract = await client.readResource({uri: `${SITE_URL}/openapi.yaml`});
    assert.match(/** @type {{text: string}} */ (contract.contents[0]).text, /openapi: "3\.1\.0"/);
  });

  test(`${mode}: read_page returns a guide's and a reference page's Markdown, however the page is named`, async () => {
    const client = clients[mode];
    const guide = fs.readFileSync(path.join(buildDir, 'docs/servers/stop-server.md'), 'utf8');
    for (const ref of [
      '/docs/servers/stop-server',
      'servers/stop-server',
      'docs/servers/stop-server.md',
      `${SITE_URL}/docs/servers/stop-server#steps`,
      '/docs/servers/stop-server?tab=aws#steps',
    ]) {
      const {error, text} = await call(client, 'read_page', {page: ref});
      assert.equal(error, false, ref);
      assert.equal(text, guide, ref);
    }
    const section = await call(client, 'read_page', {page: '/docs/servers/'});
    assert.equal(section.text, fs.readFileSync(path.join(buildDir, 'docs/servers/index.md'), 'utf8'));
    const reference = await call(client, 'read_page', {page: '/docs/api/reference/servers/create-server'});
    assert.match(reference.text, /^---\n[\s\S]*\n# Add a server\n[\s\S]*POST `\/environments\/\{environment_id\}\/servers`/);
  });

  test(`${mode}: get_api_operation by ID and by method and path`, async () => {
    const client = clients[mode];
    const byId = /** @type {ApiOperation} */ (await data(client, 'get_api_operation', {operation: 'createServer'}));
    assert.equal(byId.method, 'POST');
    assert.equal(byId.path, '/environments/{environment_id}/servers');
    assert.equal(byId.required_permission, 'server:create');
    assert.ok(byId.parameters.some((p) => p.name === 'environment_id' && p.in === 'path'));
    // The request schema, references resolved: one object per provider.
    assert.ok(byId.request_body.schema.oneOf.every((variant) => variant.properties.name.type === 'string'));
    assert.ok(byId.responses.some((r) => r.error_codes?.includes('credits_exhausted')));
    assert.match(byId.curl, /^curl -X POST "https:\/\/api\.launchdeck\.io\/v1\/environments\/env_[A-Za-z0-9]+\/servers"/);
    assert.match(byId.curl, /\$LAUNCHDECK_TOKEN/);
    assert.ok(
      byId.guides.some((g) => g.url === `${SITE_URL}/docs/servers/add-server`),
      JSON.stringify(byId.guides),
    );
    assert.equal(byId.reference_url, `${SITE_URL}/docs/api/reference/servers/create-server`);
    for (const ref of ['GET /servers/{server_id}', 'get /servers/srv_6Yp2Mx9K', 'GET https://api.launchdeck.io/v1/servers/srv_6Yp2Mx9K']) {
      assert.equal(/** @type {ApiOperation} */ (await data(client, 'get_api_operation', {operation: ref})).operation_id, 'getServer', ref);
    }
    // A literal segment beats a parameter.
    assert.equal(
      /** @type {ApiOperation} */ (await data(client, 'get_api_operation', {operation: 'POST /servers/srv_6Yp2Mx9K/start'})).operation_id,
      'startServer',
    );
  });

  test(`${mode}: list_sections and search within a section`, async () => {
    const client = clients[mode];
    const sections = /** @type {Section[]} */ (await data(client, 'list_sections', {}));
    const servers = /** @type {Section} */ (sections.find((s) => s.section === 'servers'));
    assert.equal(servers.title, 'Servers');
    assert.equal(servers.url, `${SITE_URL}/docs/servers/`);
    assert.ok(servers.pages >= 15);
    assert.ok(sections.some((s) => s.section === 'api/reference' && s.pages === 169));
    const within = /** @type {SearchAnswer} */ (await data(client, 'search_docs', {query: 'key', section: 'ssh-keys', limit: 10}));
    assert.ok(within.results.length > 0);
    for (const r of within.results) assert.ok(r.url.startsWith(`${SITE_URL}/docs/ssh-keys/`), r.url);
    // Every section it lists can be searched, nested ones and the API reference included, by name or by title.
    const refused = [];
    for (const s of sections) {
      for (const name of [s.section, s.title]) {
        const {error, text} = await call(client, 'search_docs', {query: s.title, section: name, limit: 5});
        if (error) refused.push(`${name}: ${text}`);
        else if (JSON.parse(text).results.some((/** @type {{url: string}} */ r) => !r.url.startsWith(s.url)))
          refused.push(`${name}: a result outside ${s.url}`);
      }
    }
    assert.deepEqual(refused, []);
    const invitations = /** @type {SearchAnswer} */ (await data(client, 'search_docs', {query: 'invite', section: 'teams/invitations'}));
    assert.ok(invitations.results.length > 0);
    const reference = /** @type {SearchAnswer} */ (await data(client, 'search_docs', {query: 'create server', section: 'api/reference'}));
    assert.equal(reference.results[0]?.url, `${SITE_URL}/docs/api/reference/servers/create-server`);
  });

  test(`${mode}: bad input gets a clear error and nothing else`, async () => {
    const client = clients[mode];
    // The README's own example, a typo of an address: the page it meant comes first.
    const typo = await call(client, 'read_page', {page: '/docs/servers/add-sever'});
    assert.match(typo.text, /^No page at \/docs\/servers\/add-sever\. Closest: Add a server \(/);
    const unknown = await call(client, 'read_page', {page: '/docs/servers/add-servr'});
    assert.equal(unknown.error, true);
    assert.match(unknown.text, /^No page at \/docs\/servers\/add-servr\. Closest: Add a server \(https:\/\/docs\.launchdeck\.io\/docs\/servers\/add-server\);/);
    // Each hostile name, through the server, with its exact answer (mcp/test/refuse.test.mjs has the whole table).
    const pageUrl = `give a path such as /docs/servers/add-server or a ${SITE_URL}/docs/… URL`;
    for (const [hostile, refusal] of [
      ['/docs/servers/add-server\u0000.md', 'Refused: the page name contains a control character (U+0000).'],
      ['/docs/servers/\u001b[31madd-server', 'Refused: the page name contains a control character (U+001B).'],
      ['/docs/servers/add-server\u007f', 'Refused: the page name contains a control character (U+007F).'],
      ['/docs/servers/add-server\n', 'Refused: the page name contains a control character (U+000A).'],
      ['../../package.json', 'Refused: ".." is not allowed in a page path.'],
      ['/docs/../../package.json', 'Refused: ".." is not allowed in a page path.'],
      ['/docs/%2e%2e/%2e%2e/package.json', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here %2e%2e).'],
      ['/docs/%252e%252e/%252e%252e/package.json', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here %252e%252e).'],
      ['..\\..\\package.json', 'Refused: ".." is not allowed in a page path.'],
      ['file:///etc/passwd', `Refused: file: URLs are not pages of this site; ${pageUrl}.`],
      ['data:text/plain,hi', `Refused: data: URLs are not pages of this site; ${pageUrl}.`],
      ['javascript:alert(1)', `Refused: javascript: URLs are not pages of this site; ${pageUrl}.`],
      ['https://evil.example.com/docs/servers/add-server', `Refused: https://evil.example.com is not this site (${SITE_URL}).`],
      ['/etc/passwd', 'Refused: "/etc/passwd" is not a page of the docs (they are under /docs/).'],
    ]) {
      const r = await call(client, 'read_page', {page: hostile});
      assert.equal(r.error, true, JSON.stringify(hostile));
      assert.equal(r.text, refusal, JSON.stringify(hostile));
    }
    const section = await call(client, 'search_docs', {query: 'key', section: '../servers'});
    assert.deepEqual(section, {error: true, text: 'Refused: ".." is not allowed in a section name.'});
    const operation = await call(client, 'get_api_operation', {operation: 'GET /servers/%2e%2e/tokens'});
    assert.deepEqual(operation, {error: true, text: `Refused: ".." is not allowed in an operation's path, percent-encoded or not (here %2e%2e).`});
    // Resources are the two listed: any other URI is the protocol's own error.
    await assert.rejects(client.readResource({uri: 'file:///etc/passwd'}), /Resource file:\/\/\/etc\/passwd not found/);
    const op = await call(client, 'get_api_operation', {operation: 'createServr'});
    assert.equal(op.error, true);
    assert.match(op.text, /^No operation "createServr"\. Closest: createServer/);
    const unknownSection = await call(client, 'search_docs', {query: 'key', section: 'nope'});
    assert.match(unknownSection.text, /^Unknown section "nope"\. Sections: .*servers/);
    const empty = await call(client, 'search_docs', {query: '  \u0007 '});
    assert.match(empty.text, /^The query is empty/);
    // Long queries are read up to 200 characters; longer than the schema allows is refused before running.
    const long = /** @type {SearchAnswer} */ (await data(client, 'search_docs', {query: `add a server ${'x'.repeat(1000)}`}));
    assert.equal(long.truncated, true);
    assert.equal(long.query.length, 200);
    const tooLong = await call(client, 'search_docs', {query: 'x'.repeat(5000)});
    assert.equal(tooLong.error, true);
    const limit = await call(client, 'search_docs', {query: 'server', limit: 500});
    assert.equal(limit.error, true);
  });
}

test('search_docs gives the same first page as the site’s search', async () => {
  const queries = [
    'add a server on aws',
    'delete server',
    'rotate ssh key',
    'invalid_state',
    'cron job',
    'firewall',
    'api token',
    'deploy from github actions',
  ];
  let page;
  for (const query of queries) {
    ({page} = await visit(site, `/search?q=${encodeURIComponent(query)}`, {page}));
    const first = page.locator('ol[aria-label="Search results"] li a').first();
    await first.waitFor();
    // The MCP server searches every page's text: compare with the page's list once it has searched it too.
    await page.getByText(/Searching the text of every page/).waitFor({state: 'detached', timeout: 15000});
    const href = new URL(/** @type {string} */ (await first.getAttribute('href')), site.server.url).pathname;
    for (const mode of ['dir', 'url']) {
      const {results} = /** @type {SearchAnswer} */ (await data(clients[mode], 'search_docs', {query, limit: 3}));
      assert.equal(new URL(results[0].url).pathname, href, `${mode}: "${query}"`);
      assert.ok(results[0].title && results[0].section && results[0].snippet, JSON.stringify(results[0]));
    }
  }
  assert.ok(page);
  await page.close();
});

test('a folder without a built site, or a bad option, stops the server with a message saying what to do', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-empty-'));
  try {
    for (const [args, message] of /** @type {[string[], RegExp][]} */ ([
      [['--dir', empty], /holds no built docs site.*npm run build/],
      [['--dir', path.join(empty, 'missing')], /No folder .*npm run build/],
      [['--url', 'http://example.com'], /Use an https:\/\/ address/],
      [['--colour'], /Unknown option --colour/],
    ])) {
      const run = spawnSync(process.execPath, [server, ...args], {encoding: 'utf8', timeout: 20000, input: ''});
      assert.equal(run.status, 1, args.join(' '));
      assert.match(run.stderr, message, run.stderr);
      assert.equal(run.stdout, '', 'nothing on the protocol stream');
    }
  } finally {
    fs.rmSync(empty, {recursive: true, force: true});
  }
});
