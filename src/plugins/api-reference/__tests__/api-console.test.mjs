/**
 * The API console's code without a browser: the contract's checks as the
 * console runs them (Ajv's standalone code, compiled as the build compiles it
 * for the browser), the data written for every operation, and the request,
 * samples and carried values made from a reader's input, hostile input
 * included. (tests/browser/api-console.test.mjs drives the console in
 * Chromium against the simulation and a mock of the contract.)
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {loadSiteContract} = /** @type {typeof import('../contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {guidesByOperation} = jiti(path.join(repoRoot, 'src/plugins/api-reference/plugin.ts'));
const {consoleContext, consoleSpec} = /** @type {typeof import('../consoleSpec.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/consoleSpec.ts')));
const request = /** @type {typeof import('../client/console/request.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/client/console/request.ts')));
const {docRoute} = /** @type {typeof import('../../../utils/docRoutes.ts')} */ (jiti(path.join(repoRoot, 'src/utils/docRoutes.ts')));

const contract = loadSiteContract(repoRoot);
const guides = guidesByOperation(repoRoot, contract);
const context = consoleContext(contract, path.join(repoRoot, 'docs'));
const specs = Object.fromEntries(contract.operations.map((op) => [op.id, consoleSpec(context, op, guides.get(op.id) ?? [])]));

const {standaloneValidators} = /** @type {typeof import('../../simulation/validators.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/simulation/validators.ts'))
);

/** The request checks as the browser gets them: Ajv's standalone module, with its runtime helpers from node_modules. */
const validators = (() => {
  const dir = path.join(repoRoot, 'node_modules/.cache/launchdeck-tests');
  fs.mkdirSync(dir, {recursive: true});
  const file = path.join(dir, `requests-${process.pid}.cjs`);
  fs.writeFileSync(file, standaloneValidators(/** @type {any} */ (contract.doc)));
  try {
    return createRequire(import.meta.url)(file);
  } finally {
    fs.rmSync(file, {force: true});
  }
})();

test("the console's checks name the field and the rule, in the API's words", () => {
  const spec = specs.createServer;
  /** @param {string} text */
  const issues = (text) => request.checkBody(spec, text, validators).issues.map((i) => `${i.field} ${i.message}`);
  const example = /** @type {Record<string, unknown>} */ (spec.body?.example);
  assert.deepEqual(issues(JSON.stringify(example)), []);
  const {name: _name, ...nameless} = example;
  assert.ok(issues(JSON.stringify(nameless)).includes('name is required'), issues(JSON.stringify(nameless)).join('; '));
  assert.ok(issues(JSON.stringify({...example, name: 1})).includes('name must be a string'));
  assert.ok(issues(JSON.stringify({...example, colour: 'red'})).includes("colour isn't a field of this request"));
  assert.deepEqual(issues(''), ['body is required: this operation takes a JSON body']);
  assert.match(/** @type {string} */ (request.checkBody(spec, '{"name": 1', validators).syntax), /isn't valid JSON/);
  assert.deepEqual(request.parameterIssues(specs.listServers, {environment_id: 'env_3Kd8Pw1z', limit: 'lots'}, validators), {limit: 'must be an integer'});
});

test("every operation's example body passes its own request schema, and every error code is explained", () => {
  /** @type {string[]} */
  const failures = [];
  for (const [id, spec] of Object.entries(specs)) {
    if (spec.body?.example !== undefined) {
      const issues = request.checkBody(spec, JSON.stringify(spec.body.example), validators).issues;
      if (issues.length) failures.push(`${id}: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
    }
    for (const [code, error] of Object.entries(spec.errors)) {
      if (!error.meaning) failures.push(`${id}: ${code} has no explanation`);
      if (!/^\/docs\/[^#]+#[a-z0-9_-]+$/.test(error.help.to)) failures.push(`${id}: ${code} links to ${error.help.to}`);
    }
    if (spec.auth && !spec.errors.unauthenticated) failures.push(`${id}: no 401 unauthenticated`);
  }
  assert.deepEqual(failures, []);
});

test('the data says which operations ask first, take an idempotency key or need no token', () => {
  for (const id of [
    'deleteServer',
    'revokePersonalAccessToken',
    'revokeProjectApiToken',
    'cancelSubscription',
    'archiveEnvironment',
    'rotateIncomingWebhookUrl',
    'removeTeamMember',
  ])
    assert.equal(specs[id].destructive, true, id);
  for (const id of ['createServer', 'getServer', 'listServers', 'startServer', 'updateServer']) assert.equal(specs[id].destructive, false, id);
  assert.equal(specs.createServer.idempotent, true);
  assert.equal(specs.getServer.idempotent, false);
  assert.equal(specs.triggerIncomingWebhook.auth, false);
  assert.deepEqual(specs.getUser?.tokenTypes ?? specs.createPersonalAccessToken.tokenTypes, ['personal_access_token']);
  assert.equal(specs.getServer.idPrefixes.srv_, 'server_id');
  assert.equal(specs.getServer.idPrefixes.env_, 'environment_id');
  // An error code that a guide troubleshoots links to that entry, with the anchor Docusaurus gives its heading.
  assert.deepEqual(specs.createServer.errors.credentials_exhausted ?? null, null);
  assert.equal(specs.createServer.errors.credits_exhausted.help.to, `${docRoute('servers/add-server.md')}#the-api-returns-credits_exhausted`);
  assert.equal(specs.listProjects.errors.invalid_cursor.help.to, '/docs/api/#error-codes');
});

test('the request follows the fields: path values encoded, empty optional parameters left out, headers without the token', () => {
  const spec = specs.listServers;
  const url = request.requestUrl(spec, 'https://api.example.test/v1', {environment_id: 'env_1/../x', limit: '', cursor: 'a b&c'});
  assert.equal(url, 'https://api.example.test/v1/environments/env_1%2F..%2Fx/servers?cursor=a%20b%26c');
  assert.deepEqual(request.parameterIssues(spec, {environment_id: '', limit: '500'}, validators), {
    environment_id: 'is required',
    limit: 'must be at most 100',
  });
  assert.deepEqual(request.parameterIssues(spec, {environment_id: 'env_3Kd8Pw1z', limit: '20'}, validators), {});
  const create = specs.createServer;
  assert.deepEqual(request.requestHeaders(create, {environment_id: 'env_1', 'Idempotency-Key': 'k-1'}), [['Idempotency-Key', 'k-1']]);
  assert.deepEqual(request.checkBody(create, '{"name": 1', validators).issues, []);
  // The body's variant is chosen by its provider: without one, that is what the reader is told.
  assert.deepEqual(
    request.checkBody(create, '{"name": 1}', validators).issues.map((i) => `${i.field} ${i.message}`),
    ['provider is required'],
  );
  assert.equal(request.confirmation(specs.deleteServer, {server_id: 'srv_Abc123'}), `${specs.deleteServer.summary} (srv_Abc123)`);
});

test('IDs in a response carry to the path parameters that take them: the object’s own id first, a list’s first item', () => {
  const spec = specs.createServer;
  assert.deepEqual(request.carriedValues(spec, {id: 'srv_New1', object: 'server', environment_id: 'env_Old2', credential_id: 'cred_3'}), {
    server_id: 'srv_New1',
    environment_id: 'env_Old2',
    credential_id: 'cred_3',
  });
  assert.deepEqual(request.carriedValues(spec, {data: [{id: 'srv_First'}, {id: 'srv_Second'}], next_cursor: null}), {server_id: 'srv_First'});
  assert.deepEqual(request.carriedValues(spec, {id: 'not an id', name: 'srv_ but spaced'}), {});
  assert.deepEqual(request.carriedValues(spec, null), {});
});

test("samples with a reader's hostile values stay valid programs that send exactly those values, never the token", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-console-samples-'));
  try {
    const spec = specs.createServer;
    const hostile = `web-1'"$(touch pwned)\`id\`\\`;
    const values = {environment_id: `env_${hostile}`, 'Idempotency-Key': hostile};
    const body = {name: hostile, provider: 'aws', nested: {quote: "it's"}};
    const samples = request.liveSamples(spec, 'https://api.example.test/v1', values, body);
    const url = request.requestUrl(spec, 'https://api.example.test/v1', values);
    for (const code of Object.values(samples)) assert.ok(!/ldpat_|ldpak_/.test(code), 'no token in a sample');

    // curl: run it with `curl` replaced by a function that prints its arguments.
    const sh = path.join(dir, 'sample.sh');
    fs.writeFileSync(sh, `curl() { printf '%s\\n' "$@"; }\n${samples.curl}\n`);
    const run = spawnSync('bash', [sh], {cwd: dir, encoding: 'utf8', env: {PATH: process.env.PATH, LAUNCHDECK_TOKEN: 'secret'}});
    assert.equal(run.status, 0, run.stderr);
    const args = run.stdout.split('\n');
    assert.ok(args.includes(url), `curl gets the URL as typed: ${run.stdout}`);
    assert.ok(args.includes(`Idempotency-Key: ${hostile}`), 'and the header');
    assert.ok(run.stdout.includes(`\n-d\n${JSON.stringify(body, null, 2)}\n`), 'and the body');
    assert.ok(!fs.existsSync(path.join(dir, 'pwned')), 'nothing in the values ran');

    // JavaScript: run it with fetch replaced by a function that prints what it was given.
    const js = path.join(dir, 'sample.mjs');
    fs.writeFileSync(
      js,
      `globalThis.fetch = async (u, o) => { console.log(JSON.stringify({u, o})); return {ok: true, json: async () => ({})}; };\n${samples.javascript}\n`,
    );
    const node = spawnSync(process.execPath, [js], {encoding: 'utf8', env: {LAUNCHDECK_TOKEN: 'secret'}});
    assert.equal(node.status, 0, node.stderr);
    const sent = JSON.parse(node.stdout.split('\n')[0]);
    assert.equal(sent.u, url);
    assert.equal(sent.o.headers['Idempotency-Key'], hostile);
    assert.equal(sent.o.headers.Authorization, 'Bearer secret');
    assert.deepEqual(JSON.parse(sent.o.body), body);

    // Python: it compiles, and the body is the same literal.
    const py = path.join(dir, 'sample.py');
    fs.writeFileSync(py, `${samples.python}\n`);
    const compiled = spawnSync('python3', ['-m', 'py_compile', py], {encoding: 'utf8'});
    assert.equal(compiled.status, 0, compiled.stderr);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the samples the console writes from the examples are the samples the page shows', () => {
  const {samplesFor, SAMPLE_IDEMPOTENCY_KEY} = /** @type {typeof import('../samples.ts')} */ (
    jiti(path.join(repoRoot, 'src/plugins/api-reference/samples.ts'))
  );
  const server = 'https://api.launchdeck.io/v1';
  for (const op of contract.operations) {
    const spec = specs[op.id];
    /** @type {Record<string, string>} */
    const values = {};
    for (const p of spec.params) {
      if (p.in === 'path') values[p.name] = p.example ?? `<${p.name}>`;
      else if (p.in === 'query' && p.required) values[p.name] = p.example ?? p.default ?? '';
      else if (p.name === 'Idempotency-Key' && spec.method === 'POST')
        values[p.name] = p.example && !p.example.startsWith('<') ? p.example : SAMPLE_IDEMPOTENCY_KEY;
    }
    const page = Object.fromEntries(samplesFor(contract, op, server).map((s) => [s.label === 'curl' ? 'curl' : s.language, s.code]));
    assert.deepEqual(request.liveSamples(spec, server, values, spec.body?.example), page, op.id);
  }
});
