/**
 * How `npm run bench` tells a regression from a slow machine (issue 43):
 * mobile Lighthouse runs alternate, round by round, between this build and a
 * reference build served twice (A and B). A against B is the benchmark's own
 * noise; this build against A and B together is the comparison.
 *
 * For each page and figure:
 * - the medians of this build and of the reference (A and B's runs together),
 *   and their ratio;
 * - the noise: the largest of |median(A) − median(B)| (what the same build
 *   reads as against itself in this run) and the interquartile ranges of the
 *   reference's runs and of this build's (how far one run strays from another);
 * - a regression: this build is worse than the reference by more than the
 *   noise (higher for times, lower for scores).
 *
 * Pure functions and the reference build's checkout; scripts/bench.mjs runs
 * Lighthouse. tests/unit/bench-compare.test.mjs holds the arithmetic to its
 * fixtures.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The five page kinds the benchmark, the profile and tests/browser/first-paint.test.mjs measure, by name. */
export const MEASURED_PAGES = {
  home: '/docs/',
  section: '/docs/servers/',
  task: '/docs/servers/add-aws-server',
  reference: '/docs/api/reference/servers/create-server',
  search: '/search',
};

/** The figures compared, and which way is better. */
export const COMPARED = /** @type {const} */ ([
  {key: 'performance', better: 'higher', unit: ''},
  {key: 'fcp_ms', better: 'lower', unit: 'ms'},
  {key: 'lcp_ms', better: 'lower', unit: 'ms'},
  {key: 'tbt_ms', better: 'lower', unit: 'ms'},
]);

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** A quantile by linear interpolation between the sorted values. @param {number[]} xs @param {number} q */
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
};

/**
 * One figure of one page: this build's runs against the reference's two series (runs without a value left out).
 * @param {{this: number[], refA: number[], refB: number[]}} runs
 * @param {'higher' | 'lower'} better
 */
export function compareFigure(runs, better) {
  // A run where Lighthouse could not measure the figure (no value) is left out.
  const measured = (/** @type {number[]} */ xs) => xs.filter(Number.isFinite);
  runs = {this: measured(runs.this), refA: measured(runs.refA), refB: measured(runs.refB)};
  const ref = [...runs.refA, ...runs.refB];
  const thisMedian = median(runs.this);
  const refMedian = median(ref);
  const selfDifference = Math.abs(median(runs.refA) - median(runs.refB));
  const iqr = (/** @type {number[]} */ xs) => quantile(xs, 0.75) - quantile(xs, 0.25);
  const spread = Math.max(iqr(ref), iqr(runs.this));
  const noise = Math.max(selfDifference, spread);
  // Positive when this build is worse.
  const worseBy = better === 'lower' ? thisMedian - refMedian : refMedian - thisMedian;
  return {
    this: thisMedian,
    reference: refMedian,
    ratio: refMedian === 0 ? (thisMedian === 0 ? 1 : Infinity) : thisMedian / refMedian,
    selfDifference,
    spread,
    noise,
    worseBy,
    regression: worseBy > noise,
  };
}

/**
 * The order of the three series in round `i`: rotated each round, so no build always runs first (a cold cache, a
 * warming CPU) or last.
 * @param {number} i
 * @returns {('this' | 'refA' | 'refB')[]}
 */
export function roundOrder(i) {
  /** @type {('this' | 'refA' | 'refB')[]} */
  const series = ['this', 'refA', 'refB'];
  return series.map((_, k) => series[(k + i) % series.length]);
}

/**
 * The commit the benchmark compares with when none is given: the newest entry of bench/RESULTS.md that names a
 * commit (in backticks) which `isCommit` accepts, that commit. Entries are `## ` sections, newest first.
 * @param {string} resultsText
 * @param {(sha: string) => boolean} isCommit
 * @returns {string | undefined}
 */
export function recordedCommit(resultsText, isCommit) {
  for (const entry of resultsText.split(/^## /m).slice(1)) {
    for (const match of entry.matchAll(/`([0-9a-f]{7,40})`/g)) if (isCommit(match[1])) return match[1];
  }
  return undefined;
}

/**
 * Budgets that depend on the machine's speed (Lighthouse performance scores and timings) hold only on a machine
 * at least as fast as the one they were set on, by Lighthouse's CPU benchmark index.
 * @param {string} key
 */
export const speedDependent = (key) => /^lighthouse\.(mobile|desktop)\.[^.]+\.(performance|(fcp|lcp|tbt)_ms)$/.test(key);

/**
 * The comparison as a Markdown table, for bench/RESULTS.md.
 * @param {Record<string, Record<string, ReturnType<typeof compareFigure>>>} byPage
 * @param {{reference: string, runs: number, cpuIndex: {min: number, median: number, max: number}, rounds?: Record<string, number>}} about
 */
export function comparisonTable(byPage, about) {
  const show = (/** @type {number} */ n) => (Number.isInteger(n) ? String(n) : n.toFixed(n < 10 ? 2 : 0));
  const lines = [
    `Mobile Lighthouse, ${about.runs} runs of each build per page, alternating (this, reference A, reference B, rotated each round; a page that read worse than the noise was measured as many rounds again and judged on all of them, its round count after its name); reference \`${about.reference}\`; Lighthouse's CPU benchmark index ${Math.round(about.cpuIndex.min)}–${Math.round(about.cpuIndex.max)}, median ${Math.round(about.cpuIndex.median)}.`,
    '',
    '| Page | Figure | This build | Reference | Ratio | Noise: A − B, spread | Verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [page, figures] of Object.entries(byPage)) {
    for (const {key, unit} of COMPARED) {
      const f = figures[key];
      if (!f) continue;
      const u = unit ? ` ${unit}` : '';
      const verdict = f.regression ? `**worse by ${show(f.worseBy)}${u}**` : f.worseBy < -f.noise ? 'better' : 'within noise';
      lines.push(
        `| ${page}${about.rounds?.[page] ? ` (${about.rounds[page]} rounds)` : ''} | ${key.replace(/_ms$/, '').toUpperCase()} | ${show(f.this)}${u} | ${show(f.reference)}${u} | ${f.ratio.toFixed(2)} | ${show(f.selfDifference)}, ${show(f.spread)}${u} | ${verdict} |`,
      );
    }
  }
  return lines.join('\n');
}

/** Where reference builds are kept between runs: LAUNCHDECK_BENCH_CACHE, else ~/.cache/launchdeck-bench. */
export const referenceCacheDir = () => process.env.LAUNCHDECK_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'launchdeck-bench');

/**
 * A checkout of `sha` (a git worktree, so pages keep their dates as this build's do) with node_modules: linked
 * entry by entry to this one's when the two package-lock.json files are the same, else installed by `npm ci`.
 * Kept in the cache between runs. Returns its folder.
 * @param {string} root
 * @param {string} sha
 */
export function referenceCheckout(root, sha) {
  const dir = path.join(referenceCacheDir(), sha);
  const git = (/** @type {string[]} */ args, cwd = root) => execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim();
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.rmSync(dir, {recursive: true, force: true});
    fs.mkdirSync(path.dirname(dir), {recursive: true});
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', dir, sha]);
  }
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) {
    const sameLock = fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8') === fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (sameLock) {
      fs.mkdirSync(modules);
      for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
        if (entry !== '.cache') fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
      }
    } else {
      const installed = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {cwd: dir, stdio: 'inherit'});
      if (installed.status !== 0) {
        fs.rmSync(modules, {recursive: true, force: true});
        throw new Error(
          `npm ci failed in the reference checkout ${dir} (${sha}'s package-lock.json differs from this one's and its packages could not be installed)`,
        );
      }
    }
  }
  return dir;
}
