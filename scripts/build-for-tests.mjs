#!/usr/bin/env node
/**
 * Production build for the test suite, into build-test/: the same as
 * `npm run build` plus the test-only crash page (LAUNCHDECK_TEST_BUILD=1).
 */
import {spawnSync} from 'node:child_process';

const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', 'build-test'], {
  stdio: 'inherit',
  env: {...process.env, LAUNCHDECK_TEST_BUILD: '1', NO_UPDATE_NOTIFIER: '1'},
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
