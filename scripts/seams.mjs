#!/usr/bin/env node
/**
 * The seams of src/internals (README there): where the site relies on
 * Docusaurus or the search plugin beyond their public API.
 *
 *   npm run seams                       # each seam and whether its upstream files are ones it was verified against
 *   npm run seams -- --accept <id> ...  # after re-checking a seam against new upstream files: record them as verified
 *   npm run seams -- --accept all       # the same for every seam (only after checking each one)
 *   npm run seams -- --site <dir>       # check the upstream files installed in another copy of the site
 *                                       # (with --accept: record them here, in src/internals/upstream.json)
 *
 * Exits 1 when a seam's upstream changed (without --accept).
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.url, {interopDefault: true});
const {SEAMS, SEAM_LINES_CEILING, seamLines} = /** @type {typeof import('../src/internals/seams.ts')} */ (jiti(path.join(root, 'src/internals/seams.ts')));
const {checkSeams, formatProblems, acceptSeams, readVerified, upstreamKey, packageOf, packageVersion, VERIFIED_FILE} =
  /** @type {typeof import('../src/internals/check.ts')} */ (jiti(path.join(root, 'src/internals/check.ts')));

const args = process.argv.slice(2);
/** The values after `--name` (up to the next option), if given. @param {string} name */
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.slice(i + 1).filter((a, j, rest) => !rest.slice(0, j + 1).some((x) => x.startsWith('--'))) : undefined;
};
const site = path.resolve(option('site')?.[0] ?? root);

const accept = option('accept');
if (accept) {
  if (accept.length === 0) {
    console.error('Name the seams to accept (ids from src/internals/seams.ts), or "all".');
    process.exit(2);
  }
  const unknown = accept.filter((id) => id !== 'all' && !SEAMS.some((seam) => seam.id === id));
  if (unknown.length) {
    console.error(`No such seam: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const recorded = acceptSeams(site, accept.includes('all') ? 'all' : accept, SEAMS, path.join(root, VERIFIED_FILE));
  console.log(recorded.length ? `Recorded as verified:\n  ${recorded.join('\n  ')}` : 'Nothing new to record: those files were already verified.');
  process.exit(0);
}

const problems = checkSeams(site, SEAMS, readVerified(root));
const lines = seamLines((file) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1);
for (const seam of SEAMS) {
  const bad = problems.filter((p) => p.seam.id === seam.id);
  console.log(`${bad.length ? 'CHANGED' : 'ok     '}  ${seam.id.padEnd(24)} ${String(lines.get(seam.id)).padStart(4)} lines  ${seam.what}`);
  for (const upstream of seam.upstream) {
    const key = upstreamKey(upstream);
    const problem = bad.find((p) => p.file === key);
    console.log(
      `           ${problem ? (problem.problem === 'missing' ? 'missing ' : 'changed ') : '        '}${key} (${packageVersion(packageOf(upstream.file), site)})`,
    );
  }
}
const total = [...lines.values()].reduce((a, b) => a + b, 0);
console.log(`\n${SEAMS.length} seams, ${total} lines of their own (at most ${SEAM_LINES_CEILING}: src/internals/README.md, "Keeping it small")`);
// What an upgrade costs: the pinned files whose verified text is not the same in every version they were verified in.
const verified = readVerified(root);
const keys = [...new Set(SEAMS.flatMap((seam) => seam.upstream.map(upstreamKey)))];
const differing = keys.filter((key) => Object.keys(verified[key] ?? {}).length > 1);
const versions = [...new Set(keys.flatMap((key) => Object.values(verified[key] ?? {}).flat()))].sort();
console.log(`${keys.length} pinned upstream files, ${differing.length} of which differ between the versions they were verified in (${versions.join(', ')}):`);
for (const key of differing) console.log(`  ${key}`);
if (problems.length) {
  console.log(`\n${formatProblems(problems)}`);
  process.exit(1);
}
