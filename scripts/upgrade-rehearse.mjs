#!/usr/bin/env node
/**
 * Rehearses a Docusaurus upgrade without touching this checkout:
 *
 *   npm run upgrade:rehearse            # the newest 3.x this site is verified with (3.10.2)
 *   npm run upgrade:rehearse -- 3.11.0  # any other version
 *   npm run upgrade:rehearse -- 3.11.0 --keep   # keep the temporary copy to investigate
 *
 * In a temporary copy of the working tree (a local clone, so "Last updated"
 * dates still come from git, with uncommitted changes copied over) it sets
 * every @docusaurus/* package of package.json (dependencies, devDependencies
 * and overrides) to that version, exactly as a maintainer would bump them,
 * runs `npm install`, then:
 * 1. reports the seams of src/internals whose upstream files changed
 *    (npm run seams), without stopping there;
 * 2. builds the test build (scripts/build-for-tests.mjs --only-first, with
 *    the seams applied and any changed ones reported rather than fatal; the
 *    second build, from a source archive without git history, is left to the
 *    test suite, and the two checks that read it are skipped here);
 * 3. runs the checks over the built output (tests/build) and the browser
 *    smoke test (tests/browser/smoke.test.mjs: docs home, a task page, a
 *    reference page, the sidebar's other sections opening, the search box
 *    and /search, the colour switch, the not-found page).
 * It prints what broke, step by step, and exits 1 if anything did.
 * `--prepare <dir>` makes the copy and installs, and stops; `--from <dir>`
 * goes on from such a copy: CI (.ci/run) installs while the tests run.
 * src/internals/README.md says what to do with the result.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {copySourceFiles} from './workingTree.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
/** The value after `--name`, if given. @param {string} name */
const valueOf = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const prepareDir = valueOf('prepare');
const fromDir = valueOf('from');
const version = args.find((a, i) => !a.startsWith('--') && !['--prepare', '--from'].includes(args[i - 1] ?? '')) ?? '3.10.2';
const keep = args.includes('--keep');
if (!/^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(version)) {
  console.error(`Not a version: ${version}`);
  process.exit(2);
}

const steps = [];
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

/**
 * Runs a command in the copy, streaming its output; records the step.
 * @param {string} name
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {boolean}
 */
function run(name, command, commandArgs, cwd, env = {}) {
  console.log(`\n=== ${name} (${elapsed()})\n$ ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, {cwd, stdio: 'inherit', env: {...process.env, NO_UPDATE_NOTIFIER: '1', ...env}});
  const ok = result.status === 0;
  steps.push({name, ok});
  return ok;
}

/**
 * Deletes the copy and its node_modules (some 70,000 files: 10-30 s of disk) in the background where `rm` exists, so
 * that the verdict doesn't wait for it; in this process otherwise.
 * @param {string} dir
 */
function removeCopy(dir) {
  if (process.platform !== 'win32') {
    const rm = spawn('rm', ['-rf', dir], {detached: true, stdio: 'ignore'});
    rm.on('error', () => fs.rmSync(dir, {recursive: true, force: true}));
    rm.unref();
    return;
  }
  fs.rmSync(dir, {recursive: true, force: true});
}

// --prepare <dir>: only the copy and its install (network and disk), so CI can run them while the tests run (at the
// lowest priority: .ci/run);
// --from <dir>: the rest, on a copy prepared so (.ci/run).
const statusFile = (/** @type {string} */ dir) => path.join(dir, '.rehearsal-install.json');
const copy = fromDir ?? prepareDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `launchdeck-rehearse-${version}-`));
console.log(`Rehearsing Docusaurus ${version} in ${copy}`);
try {
  let installed;
  if (fromDir) {
    const status = JSON.parse(fs.readFileSync(statusFile(fromDir), 'utf8'));
    if (status.version !== version) throw new Error(`The copy in ${fromDir} was prepared for ${status.version}, not ${version}.`);
    console.log(`Going on from the copy prepared beforehand (--prepare). package.json:\n  ${status.bumped.join('\n  ')}`);
    steps.push({name: `npm install (every @docusaurus/* package at ${version}, prepared beforehand)`, ok: status.ok});
    installed = status.ok;
  } else {
    fs.mkdirSync(copy, {recursive: true});
    // A clone keeps the history; the working tree's files (committed or not) go on top.
    const clone = spawnSync('git', ['clone', '--quiet', '--no-checkout', root, copy], {encoding: 'utf8'});
    if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    spawnSync('git', ['checkout', '--quiet', 'HEAD', '--', '.'], {cwd: copy});
    copySourceFiles(root, copy);

    const manifestFile = path.join(copy, 'package.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const bumped = [];
    for (const section of ['dependencies', 'devDependencies', 'overrides']) {
      for (const name of Object.keys(manifest[section] ?? {})) {
        if (!name.startsWith('@docusaurus/')) continue;
        bumped.push(`${section}.${name}: ${manifest[section][name]} -> ${version}`);
        manifest[section][name] = version;
      }
    }
    fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`package.json:\n  ${bumped.join('\n  ')}`);
    installed = run(`npm install (every @docusaurus/* package at ${version})`, 'npm', ['install', '--no-audit', '--no-fund'], copy);
    if (prepareDir) {
      fs.writeFileSync(statusFile(copy), JSON.stringify({version, bumped, ok: installed}));
      console.log(`Prepared: npm run upgrade:rehearse -- --from ${copy} goes on from here.`);
      process.exit(installed ? 0 : 1);
    }
  }

  if (installed) {
    run('Seams whose upstream files changed (npm run seams)', process.execPath, ['scripts/seams.mjs'], copy);
    // The seams' upstream check reports instead of stopping the build, so the build shows what else breaks.
    // One build: the second one (a source archive, no git history) tests what git gives, not what Docusaurus does,
    // and the test suite builds it on every run; the two tests that read it say they are skipped here.
    const oneBuild = {LAUNCHDECK_SEAMS: 'report', LAUNCHDECK_ONE_BUILD: '1'};
    if (run('Test build (scripts/build-for-tests.mjs --only-first)', process.execPath, ['scripts/build-for-tests.mjs', '--only-first'], copy, oneBuild)) {
      run('Checks over the built output (tests/build)', process.execPath, ['--test', '--test-concurrency=1', 'tests/build'], copy, oneBuild);
      run('Browser smoke test (tests/browser/smoke.test.mjs)', process.execPath, ['--test', 'tests/browser/smoke.test.mjs'], copy);
    }
  }
} finally {
  console.log(`\n=== Docusaurus ${version} rehearsal (${elapsed()})`);
  for (const step of steps) console.log(`${step.ok ? 'ok    ' : 'BROKE '} ${step.name}`);
  if (keep) console.log(`The copy is kept in ${copy}.`);
  else removeCopy(copy);
}
const broke = steps.filter((step) => !step.ok);
if (broke.length === 0 && steps.length > 0) {
  console.log(
    `Docusaurus ${version}: everything above passed. To upgrade, bump the same packages in package.json, run npm install and npm test, then record the seams' new upstream files (npm run seams -- --accept <id>) after re-checking each one.`,
  );
} else {
  const seamsOnly = broke.length === 1 && broke[0].name.startsWith('Seams');
  console.log(
    seamsOnly
      ? `Docusaurus ${version}: the site builds and passes its checks, but some seams rely on upstream files that changed. Re-check each one it reported, then record it: npm run seams -- --accept <id> --site <the copy, with --keep>.`
      : `Docusaurus ${version}: ${broke.length} step(s) broke. src/internals/README.md, "Upgrading Docusaurus", says how to go on.`,
  );
  process.exit(1);
}
