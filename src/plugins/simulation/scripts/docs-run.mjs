#!/usr/bin/env node
/**
 * `npm run docs:run`: does what every task page with API steps tells the
 * reader to do, against a fresh simulation of Launchdeck each
 * (src/plugins/simulation/runner), and prints each finding as
 * `file:line: rule: message`, then one line:
 *
 *   docs run: pages P/T, calls C, findings F, checks that fail without the main step K/N
 *
 *   npm run docs:run                                   # every page
 *   npm run docs:run -- docs/servers/stop-server.md    # the pages named
 *   npm run docs:run -- --verbose                      # also each page's outcome and the calls it couldn't send
 *
 * Exit code 1 when anything is found.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const jiti = createJiti(fileURLToPath(import.meta.url), {interopDefault: true});
const {runDocs} = /** @type {typeof import('../runner/index.ts')} */ (jiti(path.join(root, 'src/plugins/simulation/runner/index.ts')));

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const files = args.filter((a) => !a.startsWith('--')).map((f) => path.relative(root, path.resolve(f)).split(path.sep).join('/'));
const started = Date.now();
const run = runDocs(files.length ? files : undefined);
for (const f of run.findings) console.log(`${f.file}:${f.line}: docs-run ${f.rule}: ${f.message}`);
if (verbose) {
  for (const r of run.results) {
    console.log(`${r.file}: ${r.findings.length ? `${r.findings.length} finding(s)` : 'passes'}; calls ${r.calls}; check ${r.check}`);
    for (const s of r.skipped) console.log(`  line ${s.line}: not sent, ${s.reason} (manual)`);
  }
}
const manual = run.results.filter((r) => r.check === 'manual').map((r) => r.file);
if (manual.length) console.log(`\nManual checks, not counted as passing (the reader checks by hand: web app, SSH, a CI job): ${manual.join(', ')}`);
console.log(`\n${run.line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(run.findings.length ? 1 : 0);
