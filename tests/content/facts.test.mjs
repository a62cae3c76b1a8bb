/**
 * Content you can trust: the facts pages state agree with the one
 * machine-readable source (contributing/facts.yml, shown as tables in the
 * writer's reference) and with the contract (api/openapi.yaml). The rules are
 * in ./facts-rules.mjs; each one is shown failing on a bad example of
 * __fixtures__/facts/ (the failures it must report are in the .expected file
 * beside it), so a rule that stops matching anything fails here too.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {readDocs} from './docs-model.mjs';
import {rules, contractErrorCodes, facts} from './facts-rules.mjs';
import {applyTables, renderTables, referenceFile} from '../../scripts/facts.mjs';
import {repoRoot} from '../helpers.mjs';

const docs = readDocs().map((d) => ({file: d.file, raw: d.raw}));
const reference = {file: 'contributing/writers-reference.md', raw: fs.readFileSync(referenceFile, 'utf8')};
const codes = contractErrorCodes();

test("the writer's reference shows the facts of contributing/facts.yml (npm run facts writes its tables)", () => {
  assert.equal(applyTables(reference.raw, renderTables(facts)), reference.raw, 'a table differs from contributing/facts.yml: run npm run facts');
});

test("the reference's error codes (C2) are the contract's", () => {
  const c2 = reference.raw.slice(reference.raw.indexOf('## C2. Error codes'), reference.raw.indexOf('### Fixed limits'));
  const named = new Set([...c2.matchAll(/^\| \d{3} \| `([a-z_]+)` \|/gm)].map((m) => m[1]));
  assert.ok(named.size >= 25, `${named.size} codes in C2`);
  assert.deepEqual([...named].sort(), [...codes].sort());
});

const pageRules = {
  'every error code a page names exists in the contract': (doc) => rules.errorCodeRule(doc, codes),
  'every permission a page names is one of B6 (contributing/facts.yml)': rules.permissionRule,
  'every limit a page states next to its resource matches contributing/facts.yml': rules.limitRule,
  'a task page that starts an action says what it costs, as B17 says': rules.creditRule,
  'Idempotency-Key is sent only to operations that take one': rules.idempotencyRule,
  'an example that leaves fields out is titled "Response (shortened)"': rules.shortenedRule,
};

for (const [name, rule] of Object.entries(pageRules)) {
  test(name, () => {
    assert.deepEqual(
      docs.flatMap((doc) => rule(doc)),
      [],
    );
  });
}

test("the writer's reference and the contract's descriptions state the same limits as contributing/facts.yml", () => {
  const contractText = {file: 'api/openapi.yaml', raw: fs.readFileSync(path.join(repoRoot, 'api/openapi.yaml'), 'utf8')};
  assert.deepEqual([...rules.limitRule(reference), ...rules.limitRule(contractText)], []);
});

test('each content rule fails on its bad example, with the file, the line and the fact it expected', () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/facts');
  const byFixture = {
    'error-codes': (doc) => rules.errorCodeRule(doc, codes),
    permissions: rules.permissionRule,
    limits: rules.limitRule,
    credits: rules.creditRule,
    'credits-missing': rules.creditRule,
    idempotency: rules.idempotencyRule,
    shortened: rules.shortenedRule,
  };
  for (const [name, rule] of Object.entries(byFixture)) {
    const file = `${name}.md`;
    const got = rule({file, raw: fs.readFileSync(path.join(dir, file), 'utf8')});
    const expectedFile = path.join(dir, `${name}.expected`);
    if (process.env.UPDATE_FIXTURES) fs.writeFileSync(expectedFile, `${got.join('\n')}\n`);
    const expected = fs.readFileSync(expectedFile, 'utf8').trim().split('\n');
    assert.ok(got.length > 0, `${file}: the rule reports nothing`);
    assert.deepEqual(got, expected, `${file}`);
  }
});
