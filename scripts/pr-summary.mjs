#!/usr/bin/env node
/**
 * A pull request's summary for reviewers (the GitHub workflow writes it to
 * the job summary): the pages added, changed and removed with their
 * addresses and how many words changed, the redirects added, what the
 * one-page check finds in each changed page, the pictures of the visual
 * test that differ from their baselines (visual-report/report.json, written
 * by tests/visual/), and the build artifacts to download.
 *
 *   node scripts/pr-summary.mjs --base origin/main [--head HEAD] [--artifact launchdeck-docs-site] [--visual-report visual-report/report.json] [--no-check]
 *
 * Markdown on stdout. tests/unit/pr-summary.test.mjs runs it on a fixture change.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const {docRoute} = /** @type {typeof import('../src/utils/docRoutes.ts')} */ (
  createJiti(fileURLToPath(import.meta.url), {interopDefault: true})(path.join(root, 'src/utils/docRoutes.ts'))
);

/**
 * The value after `--name`, or `fallback`.
 * @template {string | undefined} F
 * @param {string[]} args
 * @param {string} name
 * @param {F} [fallback]
 * @returns {string | F}
 */
function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : /** @type {F} */ (fallback);
}

/** Runs git in `cwd`; its output, or throws with its error. @param {string} cwd @param {...string} args */
const git = (cwd, ...args) => {
  const run = spawnSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout;
};

/** A docs file's address, by the site's one rule (src/utils/docRoutes.ts). */
const routeOf = (/** @type {string} */ file) => docRoute(file.replace(/^docs\//, ''));

const words = (/** @type {string} */ text) => text.split(/\s+/).filter(Boolean).length;

/**
 * Words added and removed between two versions of a file (git's word diff).
 * @param {string} cwd
 * @param {string} base
 * @param {string} head
 * @param {string} file
 */
function wordChanges(cwd, base, head, file) {
  const diff = git(cwd, 'diff', '--word-diff=porcelain', '--no-color', base, head, '--', file);
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++')) added += words(line.slice(1));
    else if (line.startsWith('-') && !line.startsWith('---')) removed += words(line.slice(1));
  }
  return {added, removed};
}

/**
 * Redirects the change adds to movedPages in src/config/redirects.ts.
 * @param {string} cwd
 * @param {string} base
 * @param {string} head
 */
function redirectsAdded(cwd, base, head) {
  const diff = git(cwd, 'diff', '--no-color', base, head, '--', 'src/config/redirects.ts');
  return [...diff.matchAll(/^\+.*?\{\s*from:\s*'([^']+)',\s*to:\s*'([^']+)'\s*\}/gm)].map((m) => ({from: m[1], to: m[2]}));
}

/**
 * A picture in the visual test's report.json: without a baseline yet, the same as its baseline (or made its baseline: `updated`), or different.
 * @typedef {{name: string, route: string} & ({status: 'missing'} | {status: 'same', ratio?: number, updated?: boolean} | {status: 'different', ratio: number, reason?: string})} Shot
 */

/**
 * The visual test's verdict (tests/visual/visual.test.mjs writes report.json), as Markdown lines.
 * @param {string} reportFile
 * @param {string} visualArtifact
 * @returns {string[]}
 */
function visualSection(reportFile, visualArtifact) {
  const out = ['### Visual differences', ''];
  /** @type {{browser: string, baselineBrowser?: string, shots: Shot[]}} */
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch {
    return [...out, 'The visual test did not run (no report): see the log of the test step.', ''];
  }
  const differing = report.shots.filter((shot) => shot.status !== 'same');
  if (!differing.length) return [...out, `None: the ${report.shots.length} pictures match their baselines.`, ''];
  out.push(
    ...differing.map((shot) =>
      shot.status === 'missing'
        ? `- \`${shot.name}\` (${shot.route}): no baseline yet`
        : `- \`${shot.name}\` (${shot.route}): ${shot.reason ?? `${(shot.ratio * 100).toFixed(2)}% of the picture differs`}`,
    ),
    '',
    `The \`${visualArtifact}\` artifact of this run holds the baseline, the new picture and an image of the differences for each. ` +
      'If the change is intended, run `npm run test:visual -- --update` and commit the pictures (CONTRIBUTING.md, "Pictures of the pages").',
    '',
  );
  if (report.baselineBrowser && report.browser !== report.baselineBrowser) {
    out.push(`The baselines were drawn by ${report.baselineBrowser}; this run used ${report.browser}.`, '');
  }
  return out;
}

/**
 * The summary, in Markdown. `base` (the git ref the change is compared with) is needed: git is given it as is.
 * @param {{cwd?: string, base?: string, head?: string, artifact?: string, visualReport?: string, visualArtifact?: string, check?: boolean, siteUrl?: string}} [options]
 */
export function summary({
  cwd = root,
  base,
  head = 'HEAD',
  artifact = 'launchdeck-docs-site',
  visualReport = path.join(root, 'visual-report/report.json'),
  visualArtifact = 'visual-differences',
  check = true,
  siteUrl = 'https://docs.launchdeck.io',
} = {}) {
  const changes = git(cwd, 'diff', '--name-status', '-M', '--no-color', /** @type {string} */ (base), head, '--', 'docs')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .filter(([, file, renamed]) => /\.mdx?$/.test(renamed ?? file) && !(renamed ?? file).startsWith('docs/api/reference/'));
  const added = [];
  const changed = [];
  const removed = [];
  for (const [status, file, renamed] of changes) {
    if (status === 'A') added.push(file);
    else if (status === 'D') removed.push(file);
    else if (status.startsWith('R')) {
      removed.push(file);
      added.push(renamed);
    } else changed.push(file);
  }
  const link = (/** @type {string} */ file) => `[${routeOf(file)}](${siteUrl}${routeOf(file)})`;
  const out = ['## Documentation changes', ''];
  /**
   * A list of the summary, left out when `files` is empty.
   * @template T
   * @param {string} title
   * @param {T[]} files
   * @param {(item: T) => string} describe
   */
  const list = (title, files, describe) => {
    if (!files.length) return;
    out.push(`### ${title} (${files.length})`, '', ...files.map(describe), '');
  };
  list('Pages added', added, (file) => `- ${link(file)} (\`${file}\`, ${words(git(cwd, 'show', `${head}:${file}`))} words)`);
  list('Pages changed', changed, (file) => {
    const {added: plus, removed: minus} = wordChanges(cwd, /** @type {string} */ (base), head, file);
    return `- ${link(file)}: +${plus} / −${minus} words`;
  });
  const redirects = redirectsAdded(cwd, /** @type {string} */ (base), head);
  list('Pages removed', removed, (file) => {
    const route = routeOf(file);
    const to = redirects.find((r) => r.from === route)?.to;
    return `- \`${route}\` ${to ? `→ redirects to [${to}](${siteUrl}${to})` : '**without a redirect** (the content test fails: add one to `movedPages` in `src/config/redirects.ts`)'}`;
  });
  list('Redirects added', redirects, (r) => `- \`${r.from}\` → \`${r.to}\``);
  if (!changes.length) out.push('No page under `docs/` changed.', '');

  const pages = [...added, ...changed].filter((file) => git(cwd, 'ls-files', '--', file).trim());
  if (check && pages.length) {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/check.mjs'), ...pages], {cwd, encoding: 'utf8'});
    const findings = run.stdout.split('\n').filter((line) => /^docs\/\S+:\d+: /.test(line));
    out.push('### One-page check', '');
    if (!findings.length) out.push(`No findings in the ${pages.length} page(s) added or changed.`, '');
    else {
      /** @type {Map<string, string[]>} */
      const byFile = new Map();
      for (const line of findings) byFile.set(line.split(':')[0], [...(byFile.get(line.split(':')[0]) ?? []), line]);
      for (const [file, lines] of byFile) out.push(`- \`${file}\`: ${lines.length} finding(s)`, ...lines.map((line) => `  - ${line.slice(file.length + 1)}`));
      out.push('', 'Run `npm run check -- <file>` to see them locally; CONTRIBUTING.md says how to fix each.', '');
    }
  }
  out.push(...visualSection(visualReport, visualArtifact));
  out.push(
    '### Preview',
    '',
    `Download the \`${artifact}\` artifact of this run and serve it with \`node scripts/serve.mjs --dir <folder>\` (maintainers/deploying.md).`,
    '',
  );
  return out.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const base = option(args, 'base');
  if (!base) {
    console.error('Usage: node scripts/pr-summary.mjs --base <git ref> [--head <git ref>] [--artifact <name>] [--visual-report <file>] [--no-check]');
    process.exit(2);
  }
  process.stdout.write(
    `${summary({
      base,
      head: option(args, 'head', 'HEAD'),
      artifact: option(args, 'artifact', 'launchdeck-docs-site'),
      visualReport: path.resolve(option(args, 'visual-report', path.join(root, 'visual-report/report.json'))),
      check: !args.includes('--no-check'),
    })}\n`,
  );
}
