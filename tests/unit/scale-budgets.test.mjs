/**
 * scripts/scaleBudgets.mjs: the budgets of `npm run bench -- --scale N`
 * (bench/budgets.json, "scale") pass a table within them and fail one that
 * is over, figure by figure.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {budgetFor, checkScaleBudgets} from '../../scripts/scaleBudgets.mjs';
import {repoRoot} from '../helpers.mjs';

const budgets = JSON.parse(fs.readFileSync(path.join(repoRoot, 'bench/budgets.json'), 'utf8')).scale;

/**
 * A scale table as the bench prints it.
 * @param {number} factor
 * @param {{task: number, home: number, tier: number, build: number, memory: number}} many
 */
const table = (factor, many) => ({
  'First-load JS, home (KB gzip)': {1: 150.2, [factor]: many.home},
  'First-load JS, task (KB gzip)': {1: 159.7, [factor]: many.task},
  'First search tier (KB gzip)': {1: 44.6, [factor]: many.tier},
  'Cold build (s)': {1: 40, [factor]: many.build},
  'Peak memory (MB)': {1: 1200, [factor]: many.memory},
});

test('the issue\u2019s targets are the budgets: +3 KB, 60 KB, 4\u00d7 and 2.5 GB at \u00d74; +6 KB at \u00d710', () => {
  assert.deepEqual(budgetFor(budgets, 4)?.budget, {first_load_js_growth_kb: 3, first_search_tier_kb: 60, cold_build_ratio: 4, peak_memory_mb: 2560});
  assert.equal(budgetFor(budgets, 10)?.budget.first_load_js_growth_kb, 6);
  assert.equal(budgetFor(budgets, 2)?.factor, 4, '\u00d72 is held to \u00d74\u2019s budgets');
  assert.equal(budgetFor(budgets, 20), undefined);
});

test('a site that grows within its budgets passes every row', () => {
  const rows = checkScaleBudgets(table(4, {home: 152, task: 162.6, tier: 58, build: 150, memory: 2400}), 4, budgets);
  assert.deepEqual(
    rows.map((row) => [row.figure, row.value, row.ok]),
    [
      ['First-load JS, home (KB gzip)', '+1.8 KB', true],
      ['First-load JS, task (KB gzip)', '+2.9 KB', true],
      ['First search tier (KB gzip)', '58 KB', true],
      ['Cold build (s)', '3.75\u00d7', true],
      ['Peak memory (MB)', '2400 MB', true],
    ],
  );
});

test('today\u2019s growth (73 bytes a page) fails, figure by figure', () => {
  const rows = checkScaleBudgets(table(4, {home: 185, task: 195, tier: 65, build: 170, memory: 2600}), 4, budgets);
  assert.deepEqual(
    rows.filter((row) => !row.ok).map((row) => row.figure),
    ['First-load JS, home (KB gzip)', 'First-load JS, task (KB gzip)', 'First search tier (KB gzip)', 'Cold build (s)', 'Peak memory (MB)'],
  );
  assert.throws(
    () => checkScaleBudgets({'First-load JS, task (KB gzip)': {1: 159}}, 4, budgets),
    /no figure "First-load JS, task \(KB gzip\)" at \u00d71 and \u00d74/,
  );
});
