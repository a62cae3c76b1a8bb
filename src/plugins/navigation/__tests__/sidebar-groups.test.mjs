/**
 * src/plugins/navigation on fixtures: the sidebar's items (as the docs
 * plugin's generator returns them) get their groups' labels, in order; a
 * section in no group, or a group split by another's items, fails with a
 * message that says what to change. And every section of docs/ is in a group.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {withGroups, SIDEBAR_GROUPS, SIDEBAR_SCROLL_SCRIPT} = /** @type {typeof import('../plugin.ts')} */ (jiti('../plugin.ts'));

testFixtures(path.join(fixturesBeside(import.meta.url), 'sidebar-groups'), (input) => ({
  json: `${JSON.stringify(withGroups(JSON.parse(input)), null, 2)}\n`,
}));

test('every section folder and top-level page of docs/ is in exactly one group', () => {
  const members = SIDEBAR_GROUPS.flatMap((group) => group.members);
  assert.equal(new Set(members).size, members.length, 'no member in two groups');
  const docs = path.join(repoRoot, 'docs');
  const sections = fs
    .readdirSync(docs, {withFileTypes: true})
    .filter((entry) => (entry.isDirectory() && fs.existsSync(path.join(docs, entry.name, 'index.md'))) || (entry.isFile() && entry.name.endsWith('.md')))
    .map((entry) => entry.name.replace(/\.md$/, ''))
    .sort();
  assert.deepEqual([...members].sort(), sections);
});

test('the sidebar scroll script is one expression that touches only a scrolling ancestor of the current link', () => {
  assert.match(SIDEBAR_SCROLL_SCRIPT, /^\(window\.ldShowCurrent=function\(\)\{.*\}\)\(\)$/);
  assert.match(SIDEBAR_SCROLL_SCRIPT, /menu__link--active/);
  assert.doesNotMatch(SIDEBAR_SCROLL_SCRIPT, /window\.scroll|scrollIntoView/);
});
