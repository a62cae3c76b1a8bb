#!/usr/bin/env node
/**
 * npm run test:visual [-- --update]: the pictures of the pages
 * (tests/visual/README.md). Builds the test site first when there is none
 * (build-test/, as `npm test` builds it), then runs tests/visual/ with
 * Node's test runner. `--update` writes the new pictures as the baselines.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--update');
if (unknown.length) {
  console.error(`Unknown option: ${unknown.join(' ')}. Usage: npm run test:visual [-- --update]`);
  process.exit(2);
}
const buildDir = path.resolve(root, process.env.LAUNCHDECK_BUILD_DIR ?? 'build-test');
if (!fs.existsSync(path.join(buildDir, '404.html'))) {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-for-tests.mjs'), '--only-first'], {cwd: root, stdio: 'inherit'});
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const env = {...process.env};
delete env.NODE_TEST_CONTEXT;
if (args.includes('--update')) env.VISUAL_UPDATE = '1';
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', 'tests/visual/'], {cwd: root, stdio: 'inherit', env});
process.exit(run.status ?? 1);
