/**
 * The rules of ./review-rules.mjs report nothing on the pages, and each one
 * fails on its bad example of __fixtures__/review/ (the failures it must
 * report are in the .expected file beside it), so a rule that stops matching
 * anything fails here too. The last example shows the state rule of
 * ./facts-rules.mjs catching a reader told to unlink a `failed` server
 * (contributing/facts.yml: the server's `deploy-or-configure` operation names
 * unlinking, which runs on the server).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {readDocs} from './docs-model.mjs';
import {rules} from './review-rules.mjs';
import {rules as factsRules} from './facts-rules.mjs';

const docs = readDocs().map((d) => ({file: d.file, raw: d.raw}));
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/review');

const pageRules = {
  'removing rule: a page never tells the reader to wait for a `removing` resource and send the edit again (Configuration states)': rules.removingRetryRule,
  'settings tab rule: a page that needs only `:view` says who sees the Settings tab (B1)': rules.settingsTabRule,
};

for (const [name, rule] of Object.entries(pageRules)) {
  test(name, () => {
    assert.deepEqual(
      docs.flatMap((doc) => rule(doc)),
      [],
    );
  });
}

test('each review rule fails on its bad example, with the file, the line and what it expected', () => {
  const byFixture = {removing: rules.removingRetryRule, 'settings-tab': rules.settingsTabRule, 'unlink-failed': factsRules.stateRule};
  for (const [name, rule] of Object.entries(byFixture)) {
    const file = `${name}.md`;
    const got = rule({file, raw: fs.readFileSync(path.join(dir, file), 'utf8')});
    const expectedFile = path.join(dir, `${name}.expected`);
    if (process.env.UPDATE_FIXTURES) fs.writeFileSync(expectedFile, `${got.join('\n')}\n`);
    assert.ok(got.length > 0, `${file}: the rule reports nothing`);
    assert.deepEqual(got, fs.readFileSync(expectedFile, 'utf8').trim().split('\n'), file);
  }
});
