#!/usr/bin/env node
/**
 * npm test: everything CI checks, stopping at the first step that fails.
 *
 * 1. The prerequisites (scripts/prerequisites.mjs): Chromium, nginx, fonts.
 * 2. The two test builds (scripts/build-for-tests.mjs) start, and while they
 *    run: the types, the lint, the API contract's changes and the MCP
 *    package's tests, one after the other. None of these writes what the
 *    build reads, nor reads what it writes (the generated reference pages,
 *    .docusaurus/, .generated/ and the build folders are outside every
 *    check). The build's output is held and printed when it ends; a failed
 *    check stops the build.
 * 3. The test files, one at a time (`node --test --test-concurrency=1`):
 *    tests/content, tests/unit, the features' __tests__, tests/guards,
 *    tests/build, tests/browser and tests/visual.
 *
 * Each step's time is printed when it ends, and all of them at the end.
 *
 *   npm test
 *   npm test -- --no-files   # steps 1 and 2 only: the checks and the builds
 */
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--no-files');
if (unknown.length) {
  console.error(`Unknown option: ${unknown.join(' ')}. Usage: npm test [-- --no-files]`);
  process.exit(2);
}

const TEST_FOLDERS = ['tests/content', 'tests/unit', 'src', 'tests/guards', 'tests/build', 'tests/browser', 'tests/visual'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
/** @type {string[]} */
const times = [];

/**
 * Runs a command at the root; resolves with its exit code. `hold` keeps its output to print later.
 * @param {string} title
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {{hold?: boolean, env?: NodeJS.ProcessEnv}} [options]
 */
function run(title, command, commandArgs, {hold = false, env = process.env} = {}) {
  const start = Date.now();
  if (!hold) console.log(`\n=== ${title}`);
  // A held step runs in its own process group, so that stopping it stops the builds it started.
  const child = spawn(command, commandArgs, {cwd: root, env, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: hold});
  /** @type {Buffer[]} */
  const output = [];
  child.stdout?.on('data', (d) => output.push(d));
  child.stderr?.on('data', (d) => output.push(d));
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - start) / 1000);
      times.push(`${String(seconds).padStart(4)} s  ${title}`);
      if (hold) {
        console.log(`\n=== ${title} (ran beside the checks above)`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${title}: ${code === 0 ? 'ok' : `failed (${code ?? signal})`}, ${seconds} s`);
      resolve(code ?? 1);
    });
  });
  return {child, done: /** @type {Promise<number>} */ (done)};
}

/** @param {number} code */
function finish(code) {
  console.log(`\nnpm test: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n${times.join('\n')}`);
  process.exit(code);
}

if ((await run('Prerequisites', process.execPath, ['scripts/prerequisites.mjs']).done) !== 0) finish(1);

const build = run('Test builds (npm run build:test)', process.execPath, ['scripts/build-for-tests.mjs'], {hold: true});
let building = true;
/** Stops the builds: in their own process group, they don't get the terminal's Ctrl+C. */
const stopBuild = () => {
  if (building && build.child.pid) process.kill(-build.child.pid, 'SIGTERM');
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    stopBuild();
    process.exit(130);
  });
}
for (const script of ['typecheck', 'lint', 'api:changes', 'test:mcp']) {
  if ((await run(`npm run ${script}`, npm, ['run', '--silent', script]).done) !== 0) {
    stopBuild();
    await build.done;
    finish(1);
  }
}
const built = await build.done;
building = false;
if (built !== 0) finish(1);
if (args.includes('--no-files')) finish(0);

// A `node --test` started from inside another would report to it instead of printing.
const {NODE_TEST_CONTEXT, ...env} = process.env;
// The usual reporter, and at the end the time each file took (scripts/test-file-times.mjs).
const reporters = [
  ...['--test-reporter', process.stdout.isTTY ? 'spec' : 'tap', '--test-reporter-destination', 'stdout'],
  ...['--test-reporter', './scripts/test-file-times.mjs', '--test-reporter-destination', 'stdout'],
];
finish(await run('Test files', process.execPath, ['--test', '--test-concurrency=1', ...reporters, ...TEST_FOLDERS], {env}).done);
