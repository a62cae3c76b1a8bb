/**
 * The package as npm ships it: what its manifest declares, what `npm pack`
 * puts in the tarball, and the server started from the unpacked tarball in a
 * folder of its own, next to nothing but its declared dependencies (no site,
 * no Docusaurus, no TypeScript), answering an MCP client over stdio on a
 * tiny built site (./fixtures/site).
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtureSite = path.join(packageDir, 'test/fixtures/site');
const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));

/** What the tarball holds, and nothing else: the program, its modules, the bundled site code, the README. */
const SHIPPED = ['README.md', 'docs.mjs', 'lib/site.mjs', 'package.json', 'refuse.mjs', 'server.mjs', 'source.mjs', 'transport.mjs'];

/** @type {string} */
let work;
/** What `npm pack --json` says of the tarball. @type {{name: string, filename: string, files: Array<{path: string}>}} */
let packed;
before(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-mcp-pack-'));
  // npm pack runs the prepack script, which bundles lib/site.mjs from the site's sources.
  const run = spawnSync('npm', ['pack', '--json', '--pack-destination', work], {cwd: packageDir, encoding: 'utf8', timeout: 120_000});
  assert.equal(run.status, 0, run.stderr);
  [packed] = JSON.parse(run.stdout);
});
after(() => fs.rmSync(work, {recursive: true, force: true}));

test('the package runs on its own dependencies: the MCP SDK and zod, no Docusaurus, no TypeScript loader', () => {
  assert.equal(manifest.name, '@launchdeck/docs-mcp');
  assert.equal(manifest.private, undefined, 'the package is publishable');
  assert.deepEqual(manifest.bin, {'launchdeck-docs-mcp': 'server.mjs'});
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.engines?.node, '>=20');
  const runtime = Object.keys({...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies});
  assert.deepEqual(runtime.sort(), ['@modelcontextprotocol/sdk', 'zod']);
  for (const name of [...runtime, ...Object.keys(manifest.devDependencies ?? {})]) {
    assert.ok(!/^@docusaurus\/|^(jiti|tsx|ts-node|typescript|react)$/.test(name), `${name} is not a dependency of the package`);
  }
});

test('lib/site.d.mts types exactly what the bundle exports: each site module of SITE_MODULES and its names', async () => {
  const {SITE_MODULES} = await import('../scripts/bundle.mjs');
  const types = fs.readFileSync(path.join(packageDir, 'lib/site.d.mts'), 'utf8');
  const declared = [...types.matchAll(/export \{([^}]*)\} from '\.\.\/\.\.\/([^']+)'/g)].map((m) => [
    m[2],
    m[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ]);
  assert.deepEqual(declared, SITE_MODULES);
});

test('bundling the site code reads only packages this package depends on, so `npm ci -w mcp` is enough for `npm run mcp`', async () => {
  const {bundle} = await import('../scripts/bundle.mjs');
  const packages = new Set();
  await bundle({outfile: path.join(work, 'site-check.mjs'), packages});
  assert.ok(packages.has('porter2'), [...packages].join(', '));
  const declared = new Set(Object.keys({...manifest.dependencies, ...manifest.devDependencies}));
  assert.deepEqual(
    [...packages].filter((name) => !declared.has(name)),
    [],
  );
});

test('every package the shipped modules import is a dependency', () => {
  const deps = new Set(Object.keys(manifest.dependencies));
  const problems = [];
  for (const file of SHIPPED.filter((f) => f.endsWith('.mjs'))) {
    const text = fs.readFileSync(path.join(packageDir, file), 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      if (/^(node:|\.{1,2}\/)/.test(specifier)) continue;
      const [scope, name] = specifier.split('/');
      const pkg = scope.startsWith('@') ? `${scope}/${name}` : scope;
      if (!deps.has(pkg)) problems.push(`${file} imports ${specifier}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('npm pack ships the server, its modules, the bundled site code and the README, and nothing of the site', () => {
  assert.equal(packed.name, '@launchdeck/docs-mcp');
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, SHIPPED);
  const bundle = fs.readFileSync(path.join(packageDir, 'lib/site.mjs'), 'utf8');
  assert.match(bundle, /^\/\/ Generated by mcp\/scripts\/bundle\.mjs/);
  // Self-contained: no import but Node's own modules.
  const imports = [...bundle.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']|\b(?:__)?require\(\s*["']([^"']+)["']/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
  assert.deepEqual(
    imports.filter((s) => !/^node:/.test(s) && !['fs', 'path', 'url', 'util', 'process', 'module'].includes(s)),
    [],
  );
});

/**
 * Copies each of `names` and, recursively, what it depends on, from the repository's node_modules into `target`.
 * @param {string[]} names
 * @param {string} from
 * @param {string} target
 */
function copyDependencies(names, from, target) {
  const done = new Set();
  /**
   * @param {string} name
   * @param {string} dir
   */
  const visit = (name, dir) => {
    // Node's lookup: node_modules/<name> in this folder or the nearest one above.
    let at = dir;
    let found;
    for (;;) {
      const candidate = path.join(at, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) {
        found = candidate;
        break;
      }
      const parent = path.dirname(at);
      if (parent === at) return; // an optional peer that isn't installed
      at = parent;
    }
    if (done.has(found)) return;
    done.add(found);
    // Top-level packages are copied whole, with their own node_modules; nested ones come with their parent.
    if (path.dirname(found.replace(/\/@[^/]+\/[^/]+$/, '/x')) === path.join(from, 'node_modules')) {
      fs.cpSync(found, path.join(target, 'node_modules', name), {recursive: true, dereference: true});
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(found, 'package.json'), 'utf8'));
    for (const dep of Object.keys({...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies})) visit(dep, found);
  };
  for (const name of names) visit(name, from);
}

/** @type {{unpacked: string, site: string} | undefined} */
let install;
/** The packed package unpacked in a folder of its own, with its dependencies only, and a copy of the fixture site. */
function installPackage() {
  if (install) return install;
  const installed = path.join(work, 'app');
  const unpacked = path.join(installed, 'node_modules', '@launchdeck/docs-mcp');
  fs.mkdirSync(unpacked, {recursive: true});
  const untar = spawnSync('tar', ['-xzf', path.join(work, packed.filename), '-C', unpacked, '--strip-components=1'], {encoding: 'utf8'});
  assert.equal(untar.status, 0, untar.stderr);
  const repoRoot = path.resolve(packageDir, '..');
  copyDependencies(Object.keys(manifest.dependencies), repoRoot, installed);
  for (const absent of ['@docusaurus/core', 'jiti', 'typescript', 'porter2', 'yaml']) {
    assert.ok(!fs.existsSync(path.join(installed, 'node_modules', absent)), `${absent} is not installed beside the package`);
  }
  const site = path.join(work, 'site');
  fs.cpSync(fixtureSite, site, {recursive: true});
  install = {unpacked, site};
  return install;
}

test('the packed package, alone in a folder with its dependencies, serves a built site over stdio', async () => {
  const {unpacked, site} = installPackage();

  const client = new Client({name: 'docs-mcp-package-test', version: '1.0.0'});
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(unpacked, 'server.mjs'), '--dir', site],
    cwd: work,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  /** The text of a tool's answer (the SDK types `content` loosely). @param {any} answer @returns {string} */
  const textOf = (answer) => answer.content[0].text;
  try {
    await client.connect(transport);
    assert.deepEqual(client.getServerVersion(), {name: 'launchdeck-docs', version: manifest.version});
    assert.deepEqual((await client.listTools()).tools.map((t) => t.name).sort(), ['get_api_operation', 'list_sections', 'read_page', 'search_docs']);
    // The bundled search engine, on the fixture's index.
    const search = await client.callTool({name: 'search_docs', arguments: {query: 'add a server'}});
    const results = JSON.parse(textOf(search)).results;
    assert.equal(results[0]?.url, 'https://docs.launchdeck.io/docs/servers/add-server', textOf(search));
    const page = await client.callTool({name: 'read_page', arguments: {page: 'servers/add-server'}});
    assert.match(textOf(page), /^# Add a server\n/);
    // The bundled contract helpers and samples.
    const operation = await client.callTool({name: 'get_api_operation', arguments: {operation: 'GET /servers/srv_6Yp2Mx9K'}});
    assert.equal(operation.isError, undefined, textOf(operation));
    const op = JSON.parse(textOf(operation));
    assert.equal(op.operation_id, 'getServer');
    assert.match(op.curl, /^curl .*https:\/\/api\.launchdeck\.io\/v1\/servers\/srv_6Yp2Mx9K/s);
    const refused = await client.callTool({name: 'read_page', arguments: {page: '../../package.json'}});
    assert.deepEqual(refused, {isError: true, content: [{type: 'text', text: 'Refused: ".." is not allowed in a page path.'}]});
  } catch (/** @type {any} */ error) {
    error.message += `\nserver's stderr: ${stderr}`;
    throw error;
  } finally {
    await client.close();
  }
});

test('the packed server answers every malformed line, keeps the session after a message too large, and exits quietly when the client goes', async () => {
  const {unpacked, site} = installPackage();
  const {spawn} = await import('node:child_process');
  const {MAX_LINE_BYTES} = await import('../transport.mjs');
  const child = spawn(process.execPath, [path.join(unpacked, 'server.mjs'), '--dir', site], {cwd: work, stdio: ['pipe', 'pipe', 'pipe']});
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  /** The answers so far, one JSON value per line (anything else on stdout fails the test). */
  const answers = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  /** @param {number} count */
  const answered = async (count) => {
    for (let i = 0; i < 100 && answers().length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return answers();
  };
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({code, signal})));
  try {
    const hello = {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'edges', version: '1'}};
    child.stdin.write(`${JSON.stringify({jsonrpc: '2.0', id: 1, method: 'initialize', params: hello})}\n`);
    await answered(1);
    child.stdin.write('{not json\n');
    child.stdin.write(`${JSON.stringify({hello: 'world', id: 7})}\n`);
    child.stdin.write(`${JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'search_docs', arguments: 'servers'}})}\n`);
    child.stdin.write(
      `${JSON.stringify({jsonrpc: '2.0', id: 3, method: 'tools/call', params: {name: 'search_docs', query: 'x'.repeat(MAX_LINE_BYTES + 10)}})}\n`,
    );
    child.stdin.write(`${JSON.stringify({jsonrpc: '2.0', id: 4, method: 'tools/call', params: {name: 'search_docs', arguments: {query: 'add a server'}}})}\n`);
    const [, parse, invalid, params, tooLarge, search] = await answered(6);
    assert.deepEqual([parse.id, parse.error?.code], [null, -32700], JSON.stringify(parse));
    assert.deepEqual([invalid.id, invalid.error?.code], [7, -32600], JSON.stringify(invalid));
    assert.deepEqual([params.id, params.error?.code], [2, -32602], JSON.stringify(params));
    assert.match(params.error.message, /^Invalid params: a tool's arguments are an object/);
    assert.deepEqual([tooLarge.id, tooLarge.error?.code], [null, -32600], JSON.stringify(tooLarge));
    assert.equal(search.id, 4, 'the session goes on after the message that was too large');
    assert.match(search.result.content[0].text, /add-server/);
    // The client closes the server's stdout, then its stdin: the server exits with 0 and no stack trace.
    child.stdout.destroy();
    child.stdin.end();
    assert.deepEqual(await exited, {code: 0, signal: null});
    assert.doesNotMatch(stderr, /EPIPE|Error:| {4}at /);
  } finally {
    child.kill();
  }
});
