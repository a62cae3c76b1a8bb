/**
 * scripts/prerequisites.mjs, which `npm test` and .ci/run start with: a
 * machine without Chromium or nginx stops at once with the command to run,
 * instead of failing dozens of tests half an hour later.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {repoRoot} from '../helpers.mjs';

const script = path.join(repoRoot, 'scripts/prerequisites.mjs');
/** @param {Record<string, string>} env */
const run = (env) => {
  const started = Date.now();
  const result = spawnSync(process.execPath, [script], {env: {...process.env, LAUNCHDECK_NO_INSTALL: '1', ...env}, encoding: 'utf8', timeout: 30000});
  return {...result, seconds: (Date.now() - started) / 1000};
};

test('a machine without Chromium and nginx stops in seconds, naming them and the one command that installs them', () => {
  const {status, stderr, seconds} = run({CHROMIUM_PATH: '/nonexistent/chromium', NGINX_PATH: '/nonexistent/nginx'});
  assert.equal(status, 1);
  assert.ok(seconds < 10, `took ${seconds} s`);
  assert.match(stderr, /the tests need Chromium, nginx,/);
  assert.match(stderr, /^ {2}sudo apt-get install -y chromium nginx$/m);
  assert.match(stderr, /set CHROMIUM_PATH/);
});

test('this machine, which runs the tests, has what they need', () => {
  const {status, stderr} = run({});
  assert.equal(status, 0, stderr);
  assert.doesNotMatch(stderr, /the tests need/);
});
