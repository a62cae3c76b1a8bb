/**
 * What html-validate and the Nu HTML Checker hold the site to, on every
 * built page (server-rendered HTML): no two table regions of a page share a
 * name, every tab and its panel name each other, no itemprop is outside an
 * item, every form has a submit button, every link has an address. The rules (./a11y-rules.mjs) are
 * shown failing on a page made to break them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {assertBuilt, buildDir, builtHtmlFiles, readBuiltHtml} from '../helpers.mjs';
import {RULES, elementsOf} from './a11y-rules.mjs';

const broken = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'a11y-broken.html'), 'utf8');

for (const [name, rule] of Object.entries(RULES)) {
  test(`${name} fails on a page made to break it`, () => {
    assert.notDeepEqual(rule(broken), []);
  });
}

test('the rules name what breaks them on the broken page', () => {
  assert.deepEqual(RULES.duplicateRegionNames(broken), ['2 regions are named "Table: States"']);
  assert.ok(RULES.untiedTabs(broken).includes('tab "Web app" has no aria-controls'));
  assert.deepEqual(RULES.strayItemprop(broken), ['<time itemprop="dateModified"> is in no itemscope']);
  assert.deepEqual(RULES.formsWithoutSubmit(broken), ['a form (role "search") has no submit button']);
  assert.deepEqual(RULES.linksWithoutHref(broken), ['<a> "id" has no href']);
});

test('every built page keeps every rule', () => {
  assertBuilt();
  const failures = [];
  let tabs = 0;
  let regions = 0;
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    const roles = elementsOf(html).map((e) => e.attrs.role);
    tabs += roles.filter((role) => role === 'tab').length;
    regions += roles.filter((role) => role === 'region').length;
    for (const [name, rule] of Object.entries(RULES)) for (const failure of rule(html)) failures.push(`${path.relative(buildDir, file)}: ${name}: ${failure}`);
  }
  assert.deepEqual(failures, []);
  // The rules looked at something: the site has tabs and table regions.
  assert.ok(tabs > 50, `${tabs} tabs`);
  assert.ok(regions > 50, `${regions} regions`);
});

test('the servers overview names its two tables under "States" apart', () => {
  const html = readBuiltHtml('/docs/servers');
  const names = elementsOf(html)
    .filter((e) => e.attrs.role === 'region' && e.attrs.class === 'ld-table')
    .map((e) => e.attrs['aria-label']);
  assert.deepEqual(
    names.filter((n) => n.includes('States')),
    ['Table: States (1 of 2)', 'Table: States (2 of 2)'],
  );
});
