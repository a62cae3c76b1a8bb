#!/usr/bin/env node
/**
 * The builds the test suite runs against:
 * 1. build-test/: the same as `npm run build` plus the test-only crash page
 *    (LAUNCHDECK_TEST_BUILD=1), and a mock of the API as a second server of
 *    the API console (LAUNCHDECK_API_MOCK_URL, on a loopback port that was
 *    free at build time; tests/browser/api-console.test.mjs starts the mock
 *    there).
 * 2. build-test-archive/: the same sources built the way a source archive is
 *    (a copy of the working tree without .git: no git history, so no "Last
 *    updated" dates), with a different hash salt so that every file name
 *    changes, as after any real change. The tests use it as "the next
 *    deploy" for a tab still open on the first build, and check its log
 *    (build-test-archive.log) for the one warning about the missing history.
 * `--only-first` skips the second build.
 */
import {spawnSync} from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {copySourceFiles} from './workingTree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {...process.env, LAUNCHDECK_TEST_BUILD: '1', NO_UPDATE_NOTIFIER: '1'};
const docusaurus = path.join(root, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

/**
 * @param {string} cwd
 * @param {string} outDir
 * @param {NodeJS.ProcessEnv} [extraEnv]
 * @param {string} [logFile]
 */
function build(cwd, outDir, extraEnv = {}, logFile) {
  console.log(`\n> docusaurus build --out-dir ${path.relative(root, outDir)}${cwd === root ? '' : ` (in ${cwd})`}`);
  const result = spawnSync(process.execPath, [docusaurus, 'build', '--out-dir', outDir], {
    cwd,
    env: {...env, ...extraEnv},
    stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (logFile) {
    const log = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    fs.writeFileSync(logFile, log);
    process.stdout.write(
      log
        .split('\n')
        .filter((line) => /^\[(SUCCESS|ERROR|WARNING)\]|No git history/.test(line))
        .join('\n') + '\n',
    );
  }
  if (result.status !== 0) {
    console.error(`The build in ${cwd} failed (exit code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

/** A loopback port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

build(root, path.join(root, 'build-test'), {LAUNCHDECK_API_MOCK_URL: process.env.LAUNCHDECK_API_MOCK_URL || `http://127.0.0.1:${await freePort()}`});

if (!process.argv.includes('--only-first')) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-archive-'));
  try {
    copySourceFiles(root, copy);
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    build(copy, path.join(root, 'build-test-archive'), {LAUNCHDECK_HASH_SALT: 'next-deploy'}, path.join(root, 'build-test-archive.log'));
  } finally {
    fs.rmSync(copy, {recursive: true, force: true});
  }
}
