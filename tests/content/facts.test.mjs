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
import {applyTables, renderTables, referenceFile, referenceSection} from '../../scripts/facts.mjs';
import {repoRoot} from '../helpers.mjs';

const docs = readDocs().map((d) => ({file: d.file, raw: d.raw}));
const reference = {file: 'contributing/writers-reference.md', raw: fs.readFileSync(referenceFile, 'utf8')};
const codes = contractErrorCodes();

test("the writer's reference shows the facts of contributing/facts.yml (npm run facts writes its tables)", () => {
  // The same contributing/facts.yml: the rules and scripts/facts.mjs each type the part they read.
  const tableFacts = /** @type {import('../../scripts/facts.mjs').Facts} */ (/** @type {unknown} */ (facts));
  assert.equal(applyTables(reference.raw, renderTables(tableFacts)), reference.raw, 'a table differs from contributing/facts.yml: run npm run facts');
});

test("every state of contributing/facts.yml is in the reference's section it names, and every operation's transitions agree with it", () => {
  for (const l of facts.lifecycles) {
    const section = referenceSection(reference.raw, l.section);
    for (const state of l.states)
      assert.match(section, new RegExp(`\`${state.name}\`|\\*\\*${state.name}\\*\\*`), `${l.id}: ${l.section} doesn't name \`${state.name}\``);
    const names = l.states.map((x) => x.name);
    const ops = new Map((l.operations ?? []).map((op) => [op.name, op]));
    for (const op of ops.values()) {
      const from = op.from === 'any' ? names : Array.isArray(op.from) ? op.from : Object.values(op.from).flat();
      for (const x of [...from, ...(op.to ? [op.to] : [])]) assert.ok(names.includes(x), `${l.id} ${op.name}: \`${x}\` isn't one of its states`);
    }
    // A transition row that is an operation starts from states the operation is allowed from.
    for (const t of l.transitions ?? []) {
      for (const name of [t.op ?? []].flat()) {
        const op = ops.get(name);
        assert.ok(op, `${l.id}: the transition "${t.event}" names the operation ${name}, which isn't in its operations`);
        const rowFrom = /^any\b/.test(t.from)
          ? names.filter((x) => !/except/.test(t.from) || !t.from.includes(`\`${x}\``))
          : [...t.from.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((x) => names.includes(x));
        const allowed = op.from === 'any' ? names : Array.isArray(op.from) ? op.from : Object.values(op.from).flat();
        for (const x of rowFrom) assert.ok(allowed.includes(x), `${l.id}: the transition "${t.event}" starts from \`${x}\`, which ${name} isn't allowed from`);
      }
    }
  }
});

test("the reference's object tables give the name rules of contributing/facts.yml", () => {
  for (const r of facts.name_rules.resources) {
    const section = referenceSection(reference.raw, r.shown);
    const row = section.split('\n').find((/** @type {string} */ line) => line.startsWith(`| \`${r.field}\` | string |`));
    assert.ok(row, `${r.shown} has no \`${r.field}\` row`);
    assert.ok(row.includes(`${r.min}–${r.max} characters`), `${r.shown}: ${row}`);
    assert.ok(row.includes(facts.name_rules.rules[r.rule].says), `${r.shown}: ${row}`);
  }
  // The slug name rule itself ("How to read the resource chapters").
  const slug = reference.raw.split('\n').find((line) => line.startsWith('- **Slug name rule**'));
  for (const words of ['lowercase letters', 'digits', 'hyphens', 'starts with a letter', "doesn't end with a hyphen", 'no consecutive hyphens'])
    assert.ok(slug?.includes(words), `the slug name rule doesn't say "${words}"`);
});

test("the reference's error codes (C2) are the contract's", () => {
  const c2 = reference.raw.slice(reference.raw.indexOf('## C2. Error codes'), reference.raw.indexOf('### Fixed limits'));
  const named = new Set([...c2.matchAll(/^\| \d{3} \| `([a-z_]+)` \|/gm)].map((m) => m[1]));
  assert.ok(named.size >= 25, `${named.size} codes in C2`);
  assert.deepEqual([...named].sort(), [...codes].sort());
});

const pageRules = {
  'every error code a page names exists in the contract': (/** @type {import('./facts-rules.mjs').Page} */ doc) => rules.errorCodeRule(doc, codes),
  'every permission a page names is one of B6 (contributing/facts.yml)': rules.permissionRule,
  'every limit a page states next to its resource matches contributing/facts.yml': rules.limitRule,
  'a task page that starts an action says what it costs, as B17 says': rules.creditRule,
  'Idempotency-Key is sent only to operations that take one': rules.idempotencyRule,
  'an example that leaves fields out is titled "Response (shortened)"': rules.shortenedRule,
  'state rule: an instruction acts on a resource only from a state the operation is allowed from (contributing/facts.yml, lifecycles)': rules.stateRule,
  "plan rule: a project's page names the project owner's plan, subscription and credits, not the reader's": rules.planRule,
  'name rule: a page that states a name rule states all of it, as the reference does (contributing/facts.yml, name_rules)': rules.nameRule,
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
  assert.deepEqual([...rules.limitRule(reference), ...rules.contractLimitRule(contractText)], []);
});

test("the contract limit rule fails on its bad example (a contract's descriptions), with the line, the operation and the limit it expected", () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/facts');
  const file = 'contract-limits.yaml';
  const got = rules.contractLimitRule({file, raw: fs.readFileSync(path.join(dir, file), 'utf8')});
  const expectedFile = path.join(dir, 'contract-limits.expected');
  if (process.env.UPDATE_FIXTURES) fs.writeFileSync(expectedFile, `${got.join('\n')}\n`);
  assert.ok(got.length > 0, `${file}: the rule reports nothing`);
  assert.deepEqual(got, fs.readFileSync(expectedFile, 'utf8').trim().split('\n'), file);
});

test('each content rule fails on its bad example, with the file, the line and the fact it expected', () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/facts');
  const byFixture = {
    'error-codes': (/** @type {import('./facts-rules.mjs').Page} */ doc) => rules.errorCodeRule(doc, codes),
    permissions: rules.permissionRule,
    limits: rules.limitRule,
    credits: rules.creditRule,
    'credits-missing': rules.creditRule,
    idempotency: rules.idempotencyRule,
    shortened: rules.shortenedRule,
    states: rules.stateRule,
    plans: rules.planRule,
    names: rules.nameRule,
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

test('the state, plan and name rules report nothing on their good examples', () => {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/facts');
  for (const [name, rule] of Object.entries({'states-good': rules.stateRule, 'plans-good': rules.planRule, 'names-good': rules.nameRule})) {
    const file = `${name}.md`;
    assert.deepEqual(rule({file, raw: fs.readFileSync(path.join(dir, file), 'utf8')}), [], file);
  }
});
