/**
 * The API console's code without a browser: the validator against the
 * keywords the contract uses, the data written for every operation, and the
 * request, samples and carried values made from a reader's input, hostile
 * input included. (tests/browser/api-console.test.mjs drives the console in
 * Chromium against a mock of the contract.)
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {loadSiteContract} = /** @type {typeof import('../contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {guidesByOperation} = jiti(path.join(repoRoot, 'src/plugins/api-reference/plugin.ts'));
const {consoleContext, consoleSpec} = /** @type {typeof import('../consoleSpec.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/consoleSpec.ts')));
const {validate, resolveRefs, KEYWORDS} = /** @type {typeof import('../client/console/validate.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/client/console/validate.ts'))
);
const request = /** @type {typeof import('../client/console/request.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/client/console/request.ts')));
const {docRoute} = /** @type {typeof import('../../../utils/docRoutes.ts')} */ (jiti(path.join(repoRoot, 'src/utils/docRoutes.ts')));

const contract = loadSiteContract(repoRoot);
const guides = guidesByOperation(repoRoot, contract);
const context = consoleContext(contract, path.join(repoRoot, 'docs'));
const specs = Object.fromEntries(contract.operations.map((op) => [op.id, consoleSpec(context, op, guides.get(op.id) ?? [])]));

/** Keywords validate() checks (its own list), and those it may ignore because they only describe. */
const CHECKED = new Set(KEYWORDS);
const DESCRIPTIVE = new Set(['description', 'example', 'examples', 'default', 'title', 'discriminator', 'deprecated', 'nullable']);

test('the validator understands every keyword the contract uses in its schemas', () => {
  const unknown = new Set();
  /** @param {unknown} schema */
  const walk = (schema) => {
    if (!schema || typeof schema !== 'object') return;
    for (const [key, value] of Object.entries(schema)) {
      if (!CHECKED.has(key) && !DESCRIPTIVE.has(key) && !key.startsWith('x-')) unknown.add(key);
      if (key === 'properties') Object.values(value).forEach(walk);
      else if (key === 'items' || key === 'additionalProperties') walk(value);
      else if (key === 'oneOf') value.forEach(walk);
    }
  };
  Object.values(/** @type {any} */ (contract.doc).components.schemas).forEach(walk);
  for (const op of contract.operations) op.parameters.forEach((p) => walk(p.schema));
  assert.deepEqual([...unknown], [], 'a keyword validate() would silently ignore: support it in src/plugins/api-reference/client/console/validate.ts');
});

test('the validator names the field and the rule', () => {
  const schema = {
    type: 'object',
    required: ['name', 'size'],
    additionalProperties: false,
    properties: {
      name: {type: 'string', minLength: 1, maxLength: 5, pattern: '^[a-z]+$'},
      size: {type: 'integer', minimum: 1, maximum: 10},
      tags: {type: 'array', items: {type: 'string', enum: ['a', 'b']}, uniqueItems: true, maxItems: 2},
      id: {type: 'string', readOnly: true},
      when: {type: ['string', 'null'], format: 'date-time'},
    },
  };
  const issues = (/** @type {unknown} */ value) => validate(schema, value).map((i) => `${request.fieldName(i.path)} ${i.message}`);
  assert.deepEqual(issues({name: 'web', size: 3}), []);
  assert.deepEqual(issues({name: 'web', size: 3, when: null}), []);
  assert.deepEqual(issues({size: 3}), ['name is required']);
  assert.deepEqual(issues({name: 'Web-1!', size: 0}), ['name must be at most 5 characters', 'name must match the pattern ^[a-z]+$', 'size must be at least 1']);
  assert.deepEqual(issues({name: 'web', size: 2.5}), ['size must be an integer']);
  assert.deepEqual(issues({name: 'web', size: 1, tags: ['a', 'a', 'c']}), [
    'tags must have at most 2 items',
    'tags must not contain the same item twice',
    'tags[2] must be one of: a, b',
  ]);
  assert.deepEqual(issues({name: 'web', size: 1, id: 'x', colour: 'red'}), ['id is read-only', "colour isn't a field of this request"]);
  assert.deepEqual(issues({name: 'web', size: 1, when: '2025-02-30T10:00:00Z'}), ['when must be a date and time such as 2025-01-31T09:30:00Z']);
  // A response may carry read-only fields.
  assert.deepEqual(validate(schema, {name: 'web', size: 1, id: 'x'}, {mode: 'response'}), []);
  // References are inlined at build time, recursion stops.
  const root = {components: {schemas: {Node: {type: 'object', properties: {child: {$ref: '#/components/schemas/Node'}}}}}};
  assert.deepEqual(resolveRefs({$ref: '#/components/schemas/Node'}, root), {type: 'object', properties: {child: {}}});
});

test("every operation's example body passes its own request schema, and every error code is explained", () => {
  const failures = [];
  for (const [id, spec] of Object.entries(specs)) {
    if (spec.body?.example !== undefined) {
      const issues = validate(spec.body.schema, spec.body.example);
      if (issues.length) failures.push(`${id}: ${issues.map((i) => `${request.fieldName(i.path)} ${i.message}`).join('; ')}`);
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
  assert.deepEqual(request.parameterIssues(spec, {environment_id: '', limit: '500'}), {
    environment_id: 'is required',
    limit: 'must be at most 100',
  });
  assert.deepEqual(request.parameterIssues(spec, {environment_id: 'env_3Kd8Pw1z', limit: '20'}), {});
  const create = specs.createServer;
  assert.deepEqual(request.requestHeaders(create, {environment_id: 'env_1', 'Idempotency-Key': 'k-1'}), [['Idempotency-Key', 'k-1']]);
  assert.deepEqual(request.checkBody(create, '{"name": 1').issues, []);
  assert.match(/** @type {string} */ (request.checkBody(create, '{"name": 1').syntax), /isn't valid JSON/);
  assert.ok(request.checkBody(create, '{"name": 1}').issues.some((i) => i.path === '/name' && /must be a string/.test(i.message)));
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
