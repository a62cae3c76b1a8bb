/**
 * The API reference generator (src/api): every operation gets one page, the
 * code samples of every operation are valid programs, and the contract
 * passes a real OpenAPI linter (Redocly CLI, with zero errors).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import createJiti from 'jiti';
import {repoRoot} from '../helpers.mjs';

const jiti = createJiti(path.join(repoRoot, 'tests/unit/api-reference.test.mjs'), {interopDefault: true});
const {loadSiteContract, METHODS} = jiti(path.join(repoRoot, 'src/api/contract.ts'));
const {samplesFor} = jiti(path.join(repoRoot, 'src/api/samples.ts'));
const {referenceFiles, pageDescription, mdText} = jiti(path.join(repoRoot, 'src/api/render.ts'));
const {guidesByOperation} = jiti(path.join(repoRoot, 'src/api/plugin.ts'));

const contract = loadSiteContract(repoRoot);
const API_URL = 'https://api.launchdeck.io/v1';

test('every operation of the contract has exactly one page, and every resource a sidebar group', () => {
  let count = 0;
  for (const item of Object.values(contract.doc.paths)) count += METHODS.filter((m) => item[m]).length;
  assert.equal(contract.operations.length, count);
  const files = referenceFiles(contract, () => []);
  const pages = files.filter((f) => f.file.endsWith('.md') && f.file !== 'index.md');
  assert.equal(pages.length, count, 'one page per operation');
  assert.equal(new Set(pages.map((f) => f.file)).size, count, 'no two operations share a page');
  assert.equal(files.filter((f) => f.file.endsWith('_category_.json')).length, contract.resources.length);
  for (const op of contract.operations) assert.ok(files.some((f) => f.file === `${op.resource.slug}/${op.slug}.md`), op.id);
});

test('every page has a unique one-sentence description of 50–160 characters', () => {
  const seen = new Map();
  const failures = [];
  for (const op of contract.operations) {
    const d = pageDescription(op);
    if (d.length < 50 || d.length > 160 || !d.endsWith('.')) failures.push(`${op.id}: ${d.length} characters: ${d}`);
    if (seen.has(d)) failures.push(`${op.id} and ${seen.get(d)} share "${d}"`);
    seen.set(d, op.id);
  }
  assert.deepEqual(failures, []);
});

test('text from the contract is escaped for MDX: braces and angle brackets outside code', () => {
  assert.equal(mdText('Send `{"a": 1}` to {id} <b>'), 'Send `{"a": 1}` to \\{id\\} &lt;b>');
});

test('every code sample is a valid program: bash -n, node --check, python3 -m py_compile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-samples-'));
  const failures = [];
  try {
    for (const op of contract.operations) {
      for (const sample of samplesFor(contract, op, API_URL)) {
        const file = path.join(dir, `${op.slug}.${sample.language === 'bash' ? 'sh' : sample.language === 'javascript' ? 'mjs' : 'py'}`);
        fs.writeFileSync(file, `${sample.code}\n`);
        const [command, ...args] =
          sample.language === 'bash' ? ['bash', '-n', file] : sample.language === 'javascript' ? [process.execPath, '--check', file] : ['python3', '-m', 'py_compile', file];
        const run = spawnSync(command, args, {encoding: 'utf8'});
        if (run.status !== 0) failures.push(`${op.id} ${sample.label}: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ')}`);
      }
      // The request body that curl sends is the contract's example, as JSON.
      const curl = samplesFor(contract, op, API_URL)[0].code;
      const data = /-d '([\s\S]*)'$/.exec(curl)?.[1];
      if (data) JSON.parse(data.replace(/'\\''/g, "'"));
    }
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
  assert.deepEqual(failures, []);
});

test('samples call the right URL and send the token, except where the contract needs none', () => {
  const byId = Object.fromEntries(contract.operations.map((op) => [op.id, op]));
  const [curl, js, python] = samplesFor(contract, byId.startServer, API_URL).map((s) => s.code);
  assert.match(curl, /^curl -X POST "https:\/\/api\.launchdeck\.io\/v1\/servers\/srv_[A-Za-z0-9]+\/start"/);
  assert.match(curl, /Authorization: Bearer \$LAUNCHDECK_TOKEN/);
  assert.match(js, /method: 'POST'/);
  assert.match(python, /requests\.post\(/);
  const hook = contract.operations.find((op) => op.path === '/hooks/{hook_secret}');
  assert.ok(hook, 'the incoming webhook operation');
  for (const sample of samplesFor(contract, hook, API_URL)) assert.doesNotMatch(sample.code, /Authorization/, `${sample.label} sends no token`);
});

test('guides and reference link both ways: every guide that calls an operation is listed on its page', () => {
  const guides = guidesByOperation(repoRoot, contract);
  assert.ok(guides.size > 60, `${guides.size} operations are used by guides`);
  const files = referenceFiles(contract, (op) => guides.get(op.id) ?? []);
  const startServer = files.find((f) => f.file === 'servers/start-server.md');
  assert.match(startServer.content, /\[Start a server\]\(\.\.\/\.\.\/\.\.\/servers\/start-server\.md\)/);
});

test('the contract passes Redocly\'s OpenAPI linter with zero errors', () => {
  const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', 'api/openapi.yaml', '--format=json'], {cwd: repoRoot, encoding: 'utf8', timeout: 120000});
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  const report = JSON.parse(json);
  const errors = (report.problems ?? []).filter((p) => p.severity === 'error');
  assert.deepEqual(
    errors.map((p) => `${p.ruleId}: ${p.message}`),
    [],
  );
  assert.equal(run.status, 0, run.stderr);
});
