/**
 * The docs run (src/plugins/simulation/runner): every task page with API
 * steps does what it tells the reader, against a fresh simulation of
 * Launchdeck each, with only the permissions its "Before you begin" names;
 * its "Check the result" tells success from failure; and its troubleshooting
 * fixes are allowed from the states their causes name. Each finding names
 * the file and the line. `npm run check` runs this for the pages it is given
 * (LAUNCHDECK_PAGES), `npm run docs:run` prints every finding and the
 * summary line.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {runDocs} = /** @type {typeof import('../../src/plugins/simulation/runner/index.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/simulation/runner/index.ts'))
);

const only = process.env.LAUNCHDECK_PAGES?.split(',').filter((f) => /^docs\/.+\.mdx?$/.test(f));

test('every page’s API steps run against the simulation as the page says', () => {
  const run = runDocs(only?.length ? only : undefined);
  console.log(run.line);
  assert.ok(only?.length || run.total > 100, `only ${run.total} pages with API steps were found`);
  assert.deepEqual(
    run.findings.map((f) => `${f.file}:${f.line}: ${f.rule}: ${f.message}`),
    [],
  );
});
