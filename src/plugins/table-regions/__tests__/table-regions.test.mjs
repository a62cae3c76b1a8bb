/**
 * src/plugins/table-regions/rehypeTableRegions.ts on fixtures: every table is wrapped in a region
 * that scrolls on its own when the table is wider than the page, can take
 * keyboard focus, and is named by its caption, else the heading above it
 * (with its position when several tables share that heading), else (before
 * any heading) its first column; no two regions of a page share a name (the
 * rule tests/build/a11y.test.mjs runs on every built page, shown failing on a
 * page with two regions of one name).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, runRehype, testFixtures} from '../../../../tests/unit/fixtures.mjs';
import {repoRoot} from '../../../../tests/helpers.mjs';
import {duplicateRegionNames} from '../../../../tests/build/a11y-rules.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const rehypeTableRegions = /** @type {typeof import('../rehypeTableRegions.ts').default} */ (jiti('../rehypeTableRegions.ts'));
const {regionNames} = /** @type {typeof import('../rehypeTableRegions.ts')} */ (jiti('../rehypeTableRegions.ts'));

testFixtures(path.join(fixturesDir, 'table-regions'), async (source) => ({html: await runRehype(source, {rehypePlugins: [rehypeTableRegions]})}));

const dir = path.join(fixturesDir, 'table-regions');
const outputs = fs.readdirSync(dir).filter((file) => file.endsWith('.output.html'));

test('no two regions of a fixture page share a name', () => {
  assert.ok(outputs.length >= 6);
  for (const file of outputs) assert.deepEqual(duplicateRegionNames(fs.readFileSync(path.join(dir, file), 'utf8')), [], file);
});

test('the rule fails on a page with two regions of one name', () => {
  const broken = fs.readFileSync(path.join(repoRoot, 'tests/build/__fixtures__/a11y-broken.html'), 'utf8');
  assert.deepEqual(duplicateRegionNames(broken), ['2 regions are named "Table: States"']);
});

test('names: caption first, then heading and position among its tables, then the first column; repeats numbered', () => {
  const table = (/** @type {Partial<Parameters<typeof regionNames>[0][number]>} */ fields) => ({
    caption: '',
    heading: '',
    headingIndex: -1,
    firstHeaderCell: '',
    ...fields,
  });
  assert.deepEqual(
    regionNames([
      table({firstHeaderCell: 'Status code'}),
      table({heading: 'States', headingIndex: 0}),
      table({heading: 'States', headingIndex: 0, caption: 'Transitions'}),
      table({heading: 'States', headingIndex: 0}),
      table({heading: 'Sizes', headingIndex: 1}),
      table({heading: 'Example', headingIndex: 2}),
      table({heading: 'Example', headingIndex: 3}),
    ]),
    [
      'Table: Status code',
      'Table: States (1 of 2)',
      'Table: Transitions',
      'Table: States (2 of 2)',
      'Table: Sizes',
      'Table: Example (1)',
      'Table: Example (2)',
    ],
  );
});
