#!/usr/bin/env node
/**
 * Benchmark: builds the site with both bundlers and measures what readers
 * download and wait for, on the site served compressed as a CDN would.
 * Prints one figure per line and writes bench-results/latest.json.
 *
 *   npm run bench                 # everything (about 10 minutes on 2 cores)
 *   npm run bench -- --check      # also compare with bench/budgets.json and with the reference build;
 *                                 # exit 1 when a size or score is over budget, or a page is worse than
 *                                 # its reference by more than the run's measured noise (timings only warn)
 *   npm run bench -- --pages section,task  # Lighthouse on those page kinds only
 *   npm run bench -- --against <commit>   # the reference build for mobile Lighthouse: by default the
 *                                 # newest commit bench/RESULTS.md records; --against none: no reference
 *   npm run bench -- --against-build <folder>   # the reference is a site already built in that folder (another
 *                                 # site's static output, such as the site this one replaces)
 *   npm run bench -- --no-webpack --no-lighthouse --runs 1   # quicker partial run
 *   npm run bench -- --no-webpack --lighthouse-only --pages search --against <commit>   # a quick A/B of one page kind
 *   npm run bench -- --seams      # also what each optional seam of src/internals saves
 *                                 # (one more build per seam: about 2 minutes each)
 *   npm run bench -- --scale 4    # the site as it grows: every guide section 4 times over, in a
 *                                 # temporary copy, against the same copy at ×1 (two builds);
 *                                 # runs tests/scaled on the ×4 build (--check fails if they do)
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import os from 'node:os';
import {fileURLToPath} from 'node:url';
import {startServer} from './serve.mjs';
import {copySourceFiles} from './workingTree.mjs';
import {checkScaleBudgets} from './scaleBudgets.mjs';
import {chromiumArgs, chromiumPath, launchChromium, stampFirst} from './chromium.mjs';
import {
  COMPARED,
  MEASURED_PAGES,
  compareFigure,
  comparisonTable,
  median,
  recordedCommit,
  referenceCheckout,
  roundOrder,
  speedDependent,
} from './benchCompare.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(`--${name}`);
/**
 * The value after `--name`, or `fallback`.
 * @template {string | number} F
 * @param {string} name
 * @param {F} fallback
 * @returns {string | F}
 */
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Number(option('runs', 5));
const pages = MEASURED_PAGES;
/** Every figure measured, by key, as bench-results/*.json holds them. @type {Record<string, number>} */
const results = {};

/**
 * Records a figure and prints it.
 * @param {string} key
 * @param {number} value
 * @param {string} [unit]
 */
function record(key, value, unit = '') {
  results[key] = value;
  const shown = typeof value === 'number' ? (Number.isInteger(value) ? value : value.toFixed(unit === 's' ? 1 : 2)) : value;
  console.log(`${key.padEnd(48)} ${shown}${unit ? ` ${unit}` : ''}`);
}

/** @typedef {import('playwright-core').BrowserContext} BrowserContext */

const gzip = (/** @type {Buffer} */ buf) => zlib.gzipSync(buf, {level: 9}).length;
const brotli = (/** @type {Buffer} */ buf) => zlib.brotliCompressSync(buf, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length;
const kb = (/** @type {number} */ bytes) => Math.round((bytes / 1024) * 10) / 10;
/** @param {number[]} xs @param {number} p */
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Peak resident memory of a process and all its descendants, read from /proc. @param {number} pid */
function treeRss(pid) {
  let total = 0;
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      /** @type {number[]} */ (children.get(ppid)).push(Number(entry));
    } catch {
      // process ended meanwhile
    }
  }
  const stack = [pid];
  while (stack.length) {
    const current = /** @type {number} */ (stack.pop());
    try {
      const status = fs.readFileSync(`/proc/${current}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // ended
    }
    stack.push(...(children.get(current) ?? []));
  }
  return total;
}

/**
 * Builds the site from scratch (no cache); records its time and peak memory, and returns its seconds.
 * @param {string} label
 * @param {boolean} faster
 * @param {string} outDir
 * @param {NodeJS.ProcessEnv} [extraEnv]
 * @param {string} [siteDir]
 * @returns {Promise<number>}
 */
async function coldBuild(label, faster, outDir, extraEnv = {}, siteDir = root) {
  for (const dir of ['.docusaurus', 'node_modules/.cache', outDir]) fs.rmSync(path.join(siteDir, dir), {recursive: true, force: true});
  const started = process.hrtime.bigint();
  const child = spawn('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    cwd: siteDir,
    env: {...process.env, DOCUSAURUS_FASTER: faster ? 'true' : 'false', NO_UPDATE_NOTIFIER: '1', ...extraEnv},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peak = 0;
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.on('data', (d) => (stdout += d));
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(/** @type {number} */ (child.pid)));
  }, 100);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(timer);
  if (code !== 0) throw new Error(`${label} build failed:\n${stderr.slice(-2000)}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  record(`build.${label}.cold_seconds`, seconds, 's');
  record(`build.${label}.peak_memory_mb`, Math.round(peak / 1024 / 1024), 'MB');
  coldBuild.lastLog = stdout + stderr;
  return seconds;
}
/** The output of the last coldBuild() (stdout, then stderr). @type {string | undefined} */
coldBuild.lastLog = undefined;

/**
 * What a page downloads on its first load, by kind, raw and compressed.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} name
 * @param {string} route
 * @param {string} outDir
 */
async function pageWeight(context, base, name, route, outDir) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  // First load: what the page requests to render (documents, scripts, styles,
  // images, fonts), not the <link rel=prefetch> chunks of linked pages.
  /** @type {string[]} */
  const requests = [];
  page.on('requestfinished', (request) => {
    if (['document', 'script', 'stylesheet', 'image', 'font', 'fetch', 'xhr'].includes(request.resourceType())) {
      requests.push(request.url());
    }
  });
  await page.goto(base + route, {waitUntil: 'networkidle'});
  const totals = {js: [0, 0, 0], css: [0, 0, 0]};
  let external = 0;
  for (const url of requests) {
    const u = new URL(url);
    if (u.origin !== base) {
      external += 1;
      continue;
    }
    const kind = u.pathname.endsWith('.js') ? 'js' : u.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const body = fs.readFileSync(path.join(root, outDir, u.pathname));
    totals[kind][0] += body.length;
    totals[kind][1] += gzip(body);
    totals[kind][2] += brotli(body);
  }
  const htmlFile = path.join(root, outDir, route.replace(/\/$/, '/index').replace(/^\//, '') + (route.endsWith('/') ? '.html' : '/index.html'));
  const html = fs.readFileSync(htmlFile);
  record(`page.${name}.js_kb_raw`, kb(totals.js[0]), 'KB');
  record(`page.${name}.js_kb_gzip`, kb(totals.js[1]), 'KB');
  record(`page.${name}.js_kb_brotli`, kb(totals.js[2]), 'KB');
  record(`page.${name}.css_kb_gzip`, kb(totals.css[1]), 'KB');
  record(`page.${name}.css_kb_brotli`, kb(totals.css[2]), 'KB');
  record(`page.${name}.html_kb_gzip`, kb(gzip(html)), 'KB');
  record(`page.${name}.requests`, requests.length);
  record(`page.${name}.external_requests`, external);
  await page.close();
}

/**
 * First-load JavaScript of a page (gzip bytes): the scripts it requests to render, not prefetched chunks.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} route
 * @param {string} outDir
 * @returns {Promise<number>}
 */
async function firstLoadJs(context, base, route, outDir) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  /** @type {string[]} */
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).origin === base) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(base + route, {waitUntil: 'networkidle'});
  await page.close();
  return scripts.reduce((sum, file) => sum + gzip(fs.readFileSync(path.join(path.resolve(root, outDir), file))), 0);
}

/**
 * Opens a route, waits until its network is idle, runs `act` (a reader's click), and returns the tab (still open)
 * with the site's scripts, styles and data files first requested after the page had loaded, once each.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} route
 * @param {(page: import('playwright-core').Page) => Promise<void>} act
 */
async function filesFirstRequestedBy(context, base, route, act) {
  const page = await context.newPage();
  /** @type {string[]} */
  const files = [];
  page.on('requestfinished', (request) => {
    const u = new URL(request.url());
    if (u.origin === base && /\.(js|css|json)$/.test(u.pathname)) files.push(u.pathname);
  });
  await page.goto(base + route, {waitUntil: 'networkidle'});
  const before = new Set(files);
  await act(page);
  await page.waitForLoadState('networkidle');
  return {page, fetched: [...new Set(files.filter((file) => !before.has(file)))]};
}

/**
 * The API console: what a reference page downloads when the reader first
 * opens it (the console's code, its styles and the operation's data), which
 * the page's first load never carries.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} outDir
 */
async function consoleFigures(context, base, outDir) {
  const {page, fetched: opened} = await filesFirstRequestedBy(context, base, pages.reference, async (tab) => {
    await tab.getByRole('button', {name: 'Open the console'}).click();
    await tab.getByRole('region', {name: /^API console/}).waitFor();
  });
  const {raw, gzipped} = sizesOf(outDir, opened);
  record('api_console.open_kb_raw', kb(raw), 'KB');
  record('api_console.open_kb_gzip', kb(gzipped), 'KB');
  record('api_console.open_requests', opened.length);
  await page.close();
}

/**
 * The simulation (src/plugins/simulation): what the quick start downloads when
 * the reader first runs a call (its code and data, on demand, with the chunk
 * tables they need: at most 120 KB gzip), that no page's first load carries
 * any of its own files, and how long a call
 * takes in the browser (the User Timing entries the simulation writes; p95 at
 * most 50 ms), over the whole quick start and 30 more calls.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} outDir
 */
async function simulationFigures(context, base, outDir) {
  const runBoxes = (/** @type {import('playwright-core').Page} */ tab) => tab.getByRole('group', {name: /practice call, no account$/});
  const {page, fetched} = await filesFirstRequestedBy(context, base, '/docs/quick-start/', async (tab) => {
    await tab.getByRole('tab', {name: 'API'}).first().click();
    await runBoxes(tab).first().getByRole('button', {name: 'Run in the simulation'}).click();
    await runBoxes(tab).first().getByRole('button', {name: 'Run again'}).waitFor();
  });
  const boxes = runBoxes(page);
  // The chunk-hash tables of src/plugins/chunk-file-names that the new chunks need: shared by every page of a section, so
  // a page may load them first; they count in what the reader downloads, not as the simulation's own code.
  const table = (/** @type {string} */ file) =>
    fs.readFileSync(path.join(path.resolve(root, outDir), file), 'utf8').startsWith('Object.assign(self.ldChunkHashes');
  const loaded = fetched.filter((file) => !table(file));
  const {raw, gzipped} = sizesOf(outDir, fetched);
  record('simulation.load_kb_raw', kb(raw), 'KB');
  record('simulation.load_kb_gzip', kb(gzipped), 'KB');
  record('simulation.load_tables_kb_gzip', kb(sizesOf(outDir, fetched.filter(table)).gzipped), 'KB');
  record('simulation.load_requests', fetched.length);
  // The rest of the quick start, as a reader runs it (polls again until the page's state), then 30 more reads.
  const count = await boxes.count();
  for (let i = 1; i < count; i++) {
    const box = boxes.nth(i);
    for (let attempt = 0; attempt < 40; attempt++) {
      await box.getByRole('button', {name: /^(Run in the simulation|Run again)$/}).click();
      await box.getByRole('button', {name: 'Run again'}).waitFor();
      if (!(await box.locator('.ld-run__wait').count())) break;
      await page.waitForTimeout(1000);
    }
  }
  for (let i = 0; i < 30; i++) {
    await boxes.last().getByRole('button', {name: 'Run again'}).click();
    await boxes.last().getByRole('button', {name: 'Run again'}).waitFor();
  }
  const durations = await page.evaluate(() => performance.getEntriesByName('launchdeck:simulation:call').map((e) => e.duration));
  record('simulation.calls_measured', durations.length);
  record('simulation.call_ms_p50', Math.round(percentile(durations, 50) * 10) / 10, 'ms');
  record('simulation.call_ms_p95', Math.round(percentile(durations, 95) * 10) / 10, 'ms');
  await page.close();
  // No page's first load carries a file of the simulation.
  let firstLoad = 0;
  for (const route of [...Object.values(pages), '/docs/quick-start/']) {
    const tab = await context.newPage();
    /** @type {string[]} */
    const first = [];
    tab.on('requestfinished', (request) => first.push(new URL(request.url()).pathname));
    await tab.goto(base + route, {waitUntil: 'networkidle'});
    firstLoad += sizesOf(
      outDir,
      first.filter((file) => loaded.includes(file)),
    ).gzipped;
    await tab.close();
  }
  record('simulation.first_load_kb_gzip', kb(firstLoad), 'KB');
}

/** Raw and gzip size of built files, given by their paths inside outDir. @param {string} outDir @param {string[]} files */
function sizesOf(outDir, files) {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(path.resolve(root, outDir), file));
    raw += body.length;
    gzipped += gzip(body);
  }
  return {raw, gzipped};
}

/**
 * The search: its index files, what the box and the results page download before their first results, and keystroke latency.
 * @param {BrowserContext} context
 * @param {string} base
 * @param {string} outDir
 */
async function searchFigures(context, base, outDir) {
  // search-pages-*: the first tier (every page's labels); search-text-*: the body text of
  // each section, loaded in the background (src/plugins/search/buildIndex.ts, src/plugins/search/client/worker.ts).
  const indexFile = /search-(pages|text)[-.]/;
  const indexes = fs.readdirSync(path.join(root, outDir)).filter((f) => indexFile.test(f) && f.endsWith('.json'));
  const {raw: totalRaw, gzipped: totalGzip} = sizesOf(outDir, indexes);
  record('search.index_files', indexes.length);
  record('search.all_indexes_kb_raw', kb(totalRaw), 'KB');
  record('search.all_indexes_kb_gzip', kb(totalGzip), 'KB');
  record(
    'search.first_tier_kb_gzip',
    kb(
      sizesOf(
        outDir,
        indexes.filter((f) => f.startsWith('search-pages-')),
      ).gzipped,
    ),
    'KB',
  );

  const page = await context.newPage();
  // Index files the page asked for, with when it asked (wall clock, as the page's own stamp below).
  /** @type {{path: string, at: number}[]} */
  const fetched = [];
  page.on('request', (request) => {
    if (indexFile.test(request.url())) fetched.push({path: new URL(request.url()).pathname, at: Date.now()});
  });
  await page.goto(base + pages.task, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const loadStart = Date.now();
  const shown = stampFirst(page, '.navbar__search [role="listbox"] [role="option"]');
  await page.focus('input.navbar__search-input');
  await page.locator('input.navbar__search-input').fill('server');
  await page.locator('.navbar__search [role="listbox"] [role="option"]').first().waitFor();
  const firstResultsAt = await shown;
  record('search.first_focus_to_results_ms', firstResultsAt - loadStart, 'ms');
  // What had to come before the first results: the files asked for before they were on screen
  // (the body text starts loading once they are painted, and its timing would otherwise count).
  const {raw: downloaded, gzipped: downloadedGzip} = sizesOf(outDir, [...new Set(fetched.filter((f) => f.at <= firstResultsAt).map((f) => f.path))]);
  record('search.task_page_index_kb_raw', kb(downloaded), 'KB');
  record('search.task_page_index_kb_gzip', kb(downloadedGzip), 'KB');
  // The rest of the site's text follows in the background.
  const textFiles = indexes.filter((f) => f.startsWith('search-text'));
  const wholeStart = Date.now();
  while (fetched.filter((f) => f.path.includes('search-text')).length < textFiles.length && Date.now() - wholeStart < 20000) {
    await page.waitForTimeout(25);
  }
  record('search.first_focus_to_whole_site_ms', Date.now() - loadStart, 'ms');

  // Keystroke to results: time from a key press to the dropdown's next update.
  const queries = [
    'add server',
    'ssh key',
    'deploy application',
    'crontab',
    'api token',
    'invite team',
    'firewall port',
    'rollback',
    'secret variable',
    'certificate',
  ];
  const latencies = [];
  const input = page.locator('input.navbar__search-input');
  for (const query of queries) {
    await input.fill('');
    for (const char of query) {
      const ms = await page.evaluate(async (c) => {
        const el = /** @type {HTMLInputElement} */ (document.querySelector('input.navbar__search-input'));
        const menu = /** @type {Element} */ (document.querySelector('.navbar__search [role="listbox"]'));
        const start = performance.now();
        /** @type {Promise<number | null>} */
        const changed = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now() - start);
          });
          observer.observe(menu, {childList: true, subtree: true, characterData: true, attributes: true});
          setTimeout(() => {
            observer.disconnect();
            resolve(null);
          }, 2000);
        });
        el.value += c;
        el.dispatchEvent(new Event('input', {bubbles: true}));
        return changed;
      }, char);
      if (ms !== null) latencies.push(ms);
    }
  }
  record('search.keystroke_ms_median', Math.round(median(latencies) * 10) / 10, 'ms');
  record('search.keystroke_ms_p95', Math.round(percentile(latencies, 95) * 10) / 10, 'ms');
  await page.close();

  // The results page: what it downloads before its first results appear.
  const results = await context.newPage();
  /** @type {{path: string, at: number}[]} */
  const resultFetches = [];
  results.on('request', (request) => {
    if (indexFile.test(request.url())) resultFetches.push({path: new URL(request.url()).pathname, at: Date.now()});
  });
  const pageStart = Date.now();
  await results.goto(`${base}/search?q=${encodeURIComponent('add server')}`, {waitUntil: 'commit'});
  const resultsShown = stampFirst(results, 'ol[aria-label="Search results"] li');
  await results.locator('ol[aria-label="Search results"] li').first().waitFor();
  const resultsAt = await resultsShown;
  record('search.search_page_first_results_ms', resultsAt - pageStart, 'ms');
  record(
    'search.search_page_first_results_kb_gzip',
    kb(sizesOf(outDir, [...new Set(resultFetches.filter((f) => f.at <= resultsAt).map((f) => f.path))]).gzipped),
    'KB',
  );
  await results.close();

  // Relevance: the reader queries of src/plugins/search/data/queries.tsv on this build (src/plugins/search/scripts/eval.mjs).
  const {runAll} = await import('../src/plugins/search/scripts/eval.mjs');
  const report = runAll(path.join(root, outDir));
  for (const split of ['tune', 'holdout']) {
    const m = report.box[split].metrics;
    record(`search.eval.${split}.queries`, m.queries);
    record(`search.eval.${split}.hit1`, Math.round(m.hit1 * 1000) / 1000);
    record(`search.eval.${split}.hit5`, Math.round(m.hit5 * 1000) / 1000);
    record(`search.eval.${split}.mrr`, Math.round(m.mrr * 1000) / 1000);
    record(`search.eval.${split}.zero`, Math.round(m.zero * 1000) / 1000);
  }
  record('search.eval.holdout.hit1_first_tier_only', Math.round(report['box-first'].holdout.metrics.hit1 * 1000) / 1000);
}

/** @typedef {Record<string, number>} LighthouseSample one run's scores and timings, as lighthouseRun() returns them */

/**
 * One Lighthouse run of a page: its four scores, FCP, LCP, TBT, CLS, LCP − FCP and the CPU benchmark index.
 * @param {string} url
 * @param {number} port
 * @param {'mobile' | 'desktop'} formFactor
 * @returns {Promise<LighthouseSample>}
 */
async function lighthouseRun(url, port, formFactor) {
  const lighthouse = (await import('lighthouse')).default;
  const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(
    url,
    {port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo']},
    config,
  );
  const lhr = /** @type {import('lighthouse').RunnerResult} */ (result).lhr;
  // A category Lighthouse could not score (score null, as when a metric failed) is NaN, left out of the medians, not 0.
  const score = (/** @type {string} */ id) => (lhr.categories[id].score === null ? NaN : Math.round(lhr.categories[id].score * 100));
  const ms = (/** @type {string} */ id) => Math.round(/** @type {number} */ (lhr.audits[id].numericValue));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    fcp_ms: ms('first-contentful-paint'),
    lcp_ms: ms('largest-contentful-paint'),
    tbt_ms: ms('total-blocking-time'),
    cls: Math.round(/** @type {number} */ (lhr.audits['cumulative-layout-shift'].numericValue) * 10000) / 10000,
    lcp_minus_fcp_ms: ms('largest-contentful-paint') - ms('first-contentful-paint'),
    benchmark_index: lhr.environment.benchmarkIndex,
  };
}

/**
 * Records the medians of a page's runs, and for mobile the worst run's LCP − FCP and CLS (goals that hold in every run).
 * @param {string} prefix
 * @param {LighthouseSample[]} samples
 */
function recordLighthouse(prefix, samples) {
  for (const key of Object.keys(samples[0])) {
    if (key === 'benchmark_index') continue;
    // A run that could not measure a metric (Lighthouse reports no value) is left out of its median.
    const values = samples.map((s) => s[key]).filter(Number.isFinite);
    record(`${prefix}.${key}`, values.length ? median(values) : NaN, key.endsWith('_ms') ? 'ms' : '');
  }
  const worst = (/** @type {string} */ key) => {
    const values = samples.map((s) => s[key]).filter(Number.isFinite);
    return values.length ? Math.max(...values) : NaN;
  };
  record(`${prefix}.lcp_minus_fcp_ms_max`, worst('lcp_minus_fcp_ms'), 'ms');
  record(`${prefix}.cls_max`, worst('cls'));
}

/**
 * Lighthouse on each page. Mobile: this build, and when a reference is given, the reference served twice (A, B),
 * alternating round by round (scripts/benchCompare.mjs): medians, ratios, the run's own noise and the verdicts are
 * recorded, and the table is written to bench-results/compare.md. Desktop: this build alone (its scores are at the
 * top of their scale). The CPU benchmark index of every run is recorded too.
 * @param {string} base
 * @param {{sha: string, bases: [string, string]} | null} reference
 */
async function lighthouseFigures(base, reference) {
  let chromeLauncher;
  try {
    await import('lighthouse');
    chromeLauncher = await import('chrome-launcher');
  } catch {
    console.log('lighthouse                                       skipped (not installed)');
    return;
  }
  // --pages home,task: Lighthouse on those page kinds only (a quicker comparison while working on one).
  const only = String(option('pages', '')).split(',').filter(Boolean);
  const measuredPages = Object.entries(pages).filter(([name]) => !only.length || only.includes(name));
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs]});
  // Lighthouse's own measure of the machine's CPU speed at each run (higher is faster): mobile
  // performance scores simulate a slow phone from it, so they move with it on a shared machine.
  /** @type {number[]} */
  const benchmarkIndexes = [];
  /** @type {Record<string, Record<string, ReturnType<typeof compareFigure>>>} */
  const compared = {};
  try {
    for (const [name, route] of measuredPages) {
      /** @type {Record<'this' | 'refA' | 'refB', LighthouseSample[]>} */
      const samples = {this: [], refA: [], refB: []};
      const bases = {this: base, refA: reference?.bases[0], refB: reference?.bases[1]};
      /** Rounds `from` to `to` − 1, each measuring the three series in turn. @param {number} from @param {number} to */
      const measure = async (from, to) => {
        for (let i = from; i < to; i += 1) {
          for (const series of reference ? roundOrder(i) : /** @type {const} */ (['this'])) {
            const sample = await lighthouseRun(bases[series] + route, chrome.port, 'mobile');
            benchmarkIndexes.push(sample.benchmark_index);
            samples[series].push(sample);
          }
        }
      };
      const figures = () =>
        Object.fromEntries(
          COMPARED.map(({key, better}) => [
            key,
            compareFigure({this: samples.this.map((s) => s[key]), refA: samples.refA.map((s) => s[key]), refB: samples.refB.map((s) => s[key])}, better),
          ]),
        );
      await measure(0, runs);
      // A page that reads worse than its reference by more than the noise is measured again, as many rounds more,
      // and judged on all of them: with twenty figures compared per run, one of them outside its noise by chance is
      // likely (maintainers/benchmarks.md); a regression is still there in the second half.
      const flagged = reference ? Object.entries(figures()).filter(([, figure]) => figure.regression) : [];
      if (flagged.length) {
        console.log(
          `${`compare.mobile.${name}`.padEnd(48)} worse than the reference by more than the noise on ${flagged.map(([key, f]) => `${key} (${f.this} against ${f.reference}, noise ${f.noise})`).join(', ')}: ${runs} more rounds, judged on all ${runs * 2}`,
        );
        await measure(runs, runs * 2);
        results[`compare.mobile.${name}.confirmed_rounds`] = runs * 2;
      }
      recordLighthouse(`lighthouse.mobile.${name}`, samples.this);
      if (!reference) continue;
      compared[name] = {};
      for (const [key, figure] of Object.entries(figures())) {
        compared[name][key] = figure;
        for (const part of /** @type {const} */ (['reference', 'ratio', 'selfDifference', 'spread', 'noise', 'worseBy'])) {
          results[`compare.mobile.${name}.${key}.${part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`] = Math.round(figure[part] * 1000) / 1000;
        }
        results[`compare.mobile.${name}.${key}.regression`] = figure.regression ? 1 : 0;
      }
      const lcp = compared[name].lcp_ms;
      const tbt = compared[name].tbt_ms;
      console.log(
        `${`compare.mobile.${name}`.padEnd(48)} LCP ${lcp.this} / ${lcp.reference} ms (noise ${lcp.noise}), TBT ${tbt.this} / ${tbt.reference} ms (noise ${tbt.noise})`,
      );
    }
    for (const [name, route] of measuredPages) {
      /** @type {LighthouseSample[]} */
      const samples = [];
      for (let i = 0; i < Math.min(runs, 3); i += 1) {
        const sample = await lighthouseRun(base + route, chrome.port, 'desktop');
        benchmarkIndexes.push(sample.benchmark_index);
        samples.push(sample);
      }
      recordLighthouse(`lighthouse.desktop.${name}`, samples);
    }
    benchmarkIndexes.sort((a, b) => a - b);
    record('lighthouse.cpu_benchmark_index_min', Math.round(benchmarkIndexes[0]));
    record('lighthouse.cpu_benchmark_index_median', Math.round(median(benchmarkIndexes)));
    record('lighthouse.cpu_benchmark_index_max', Math.round(/** @type {number} */ (benchmarkIndexes.at(-1))));
    if (reference) {
      const table = comparisonTable(compared, {
        reference: reference.sha.slice(0, 7),
        runs,
        rounds: Object.fromEntries(Object.keys(compared).flatMap((name) => (results[`compare.mobile.${name}.confirmed_rounds`] ? [[name, runs * 2]] : []))),
        cpuIndex: {min: benchmarkIndexes[0], median: median(benchmarkIndexes), max: /** @type {number} */ (benchmarkIndexes.at(-1))},
      });
      fs.mkdirSync(path.join(root, 'bench-results'), {recursive: true});
      fs.writeFileSync(path.join(root, 'bench-results/compare.md'), `${table}\n`);
      console.log(`\n${table}\n\nwritten bench-results/compare.md`);
    }
  } finally {
    await chrome.kill();
  }
}

/**
 * Compares the figures with bench/budgets.json, and this build with its reference: the number of failures.
 * Budgets that follow the machine's speed (Lighthouse performance and timings) apply only when Lighthouse's CPU
 * benchmark index of this run is at least the one they were set on (budgets.json's lighthouse_cpu_index); a page
 * worse than its reference by more than the run's measured noise fails wherever it runs.
 */
function check() {
  /** @type {{lighthouse_cpu_index?: number, max?: Record<string, {value: number, timing?: boolean}>, min?: Record<string, {value: number, timing?: boolean}>}} */
  const budgets = JSON.parse(fs.readFileSync(path.join(root, 'bench/budgets.json'), 'utf8'));
  const cpuIndex = results['lighthouse.cpu_benchmark_index_median'];
  const slowMachine = cpuIndex !== undefined && budgets.lighthouse_cpu_index !== undefined && cpuIndex < budgets.lighthouse_cpu_index;
  if (slowMachine) {
    console.log(
      `not applied: the Lighthouse performance and timing budgets (CPU benchmark index ${cpuIndex} in this run, under the ${budgets.lighthouse_cpu_index} they were set on); the comparison with the reference still applies`,
    );
  }
  let failed = 0;
  for (const [kind, sign] of /** @type {const} */ ([
    ['max', 1],
    ['min', -1],
  ])) {
    for (const [key, budget] of Object.entries(budgets[kind] ?? {})) {
      if (!(key in results) || (slowMachine && speedDependent(key))) continue;
      if (sign * (results[key] - budget.value) > 0) {
        const hard = !budget.timing;
        console.log(
          `${hard ? (kind === 'max' ? 'OVER BUDGET' : 'UNDER BUDGET') : 'warning'}: ${key} = ${results[key]} (${kind === 'max' ? 'budget' : 'minimum'} ${budget.value})`,
        );
        if (hard) failed += 1;
      }
    }
  }
  for (const [key, value] of Object.entries(results)) {
    const m = /^compare\.mobile\.([^.]+)\.([^.]+)\.regression$/.exec(key);
    if (!m || !value) continue;
    const at = (/** @type {string} */ part) => results[`compare.mobile.${m[1]}.${m[2]}.${part}`];
    console.log(
      `WORSE THAN REFERENCE: ${m[1]} page, ${m[2]}: ${results[`lighthouse.mobile.${m[1]}.${m[2]}`]} against ${at('reference')}, worse by ${at('worse_by')}, more than this run's noise ${at('noise')}`,
    );
    failed += 1;
  }
  console.log(failed ? `${failed} check(s) failed` : 'all figures within budget and within noise of the reference');
  return failed;
}

/**
 * --seams: what each optional seam of src/internals saves, measured against
 * a build without it (LAUNCHDECK_SEAMS_OFF=<id>): first-load JavaScript of
 * the task, section and reference pages; for the two seams that exist for
 * speed rather than bytes, Lighthouse's mobile LCP and TBT on the section and
 * task pages (median of --runs runs each, both builds measured in turns); for
 * the search index, the plugin's own postBuild against its extraction alone.
 * @param {BrowserContext} context
 * @param {string} baseUrl
 * @param {string} outDir
 */
async function seamSavings(context, baseUrl, outDir) {
  const require = (await import('node:module')).createRequire(import.meta.url);
  const jiti = require('jiti')(import.meta.url, {interopDefault: true});
  const {SEAMS} = /** @type {typeof import('../src/internals/seams.ts')} */ (jiti(path.join(root, 'src/internals/seams.ts')));
  const measured = {task: pages.task, section: pages.section, reference: pages.reference};
  /** @type {Record<string, number>} */
  const baseline = {};
  for (const [name, route] of Object.entries(measured)) baseline[name] = await firstLoadJs(context, baseUrl, route, outDir);
  const seamDir = `${outDir}-seam`;
  for (const seam of SEAMS.filter((s) => s.optional)) {
    await coldBuild(`seam_off.${seam.id}`, true, seamDir, {LAUNCHDECK_SEAMS_OFF: seam.id});
    const server = await startServer({dir: path.join(root, seamDir)});
    try {
      for (const [name, route] of Object.entries(measured)) {
        const without = await firstLoadJs(context, server.url, route, seamDir);
        record(`seams.${seam.id}.${name}_js_kb_gzip_saved`, kb(without - baseline[name]), 'KB');
      }
      if (['page-template', 'head-tags'].includes(seam.id) && !flag('no-lighthouse')) {
        for (const name of /** @type {const} */ (['section', 'task'])) {
          const on = await lighthouseSamples(baseUrl + pages[name], runs);
          const off = await lighthouseSamples(server.url + pages[name], runs);
          record(`seams.${seam.id}.${name}_mobile_lcp_ms_saved`, median(off.lcp) - median(on.lcp), 'ms');
          record(`seams.${seam.id}.${name}_mobile_tbt_ms_saved`, median(off.tbt) - median(on.tbt), 'ms');
        }
      }
      if (seam.id === 'search-index') {
        const m = /the plugin's own postBuild took (\d+) ms; its extraction alone (\d+) ms/.exec(coldBuild.lastLog ?? '');
        if (m) record('seams.search-index.postbuild_ms_saved', Number(m[1]) - Number(m[2]), 'ms');
      }
    } finally {
      await server.close();
    }
  }
  fs.rmSync(path.join(root, seamDir), {recursive: true, force: true});
}

/** Mobile LCP and TBT of one page, over n Lighthouse runs. @param {string} url @param {number} n */
async function lighthouseSamples(url, n) {
  const lighthouse = (await import('lighthouse')).default;
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs]});
  const lcp = [];
  const tbt = [];
  try {
    for (let i = 0; i < n; i += 1) {
      const {lhr} = /** @type {import('lighthouse').RunnerResult} */ (
        await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']})
      );
      lcp.push(Math.round(/** @type {number} */ (lhr.audits['largest-contentful-paint'].numericValue)));
      tbt.push(Math.round(/** @type {number} */ (lhr.audits['total-blocking-time'].numericValue)));
    }
  } finally {
    await chrome.kill();
  }
  return {lcp, tbt};
}

/** The guide sections: every folder of docs/ with an index page, but the API reference and the changelog. */
const guideSections = (/** @type {string} */ docsDir) =>
  fs
    .readdirSync(docsDir, {withFileTypes: true})
    .filter((e) => e.isDirectory() && !['api', 'changelog'].includes(e.name) && fs.existsSync(path.join(docsDir, e.name, 'index.md')))
    .map((e) => e.name);

/**
 * A copy of the working tree (tracked and new files) in a temporary folder,
 * with every guide section `factor` times over (`servers`, `servers-2`, …),
 * its node_modules linked entry by entry to this one's (its own build cache).
 * Without git history, as both copies are: the pages carry no dates.
 * @param {number} factor
 * @returns {string}
 */
function scaledSite(factor) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `launchdeck-scale-${factor}-`));
  copySourceFiles(root, dir);
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '.cache') fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  const docsDir = path.join(dir, 'docs');
  for (const section of guideSections(docsDir)) {
    for (let k = 2; k <= factor; k += 1) fs.cpSync(path.join(docsDir, section), path.join(docsDir, `${section}-${k}`), {recursive: true});
  }
  return dir;
}

/** Markdown pages under a folder. @param {string} dir @returns {number} */
const markdownCount = (dir) =>
  fs
    .readdirSync(dir, {withFileTypes: true})
    .reduce((n, e) => n + (e.isDirectory() ? markdownCount(path.join(dir, e.name)) : /\.mdx?$/.test(e.name) ? 1 : 0), 0);

/**
 * --scale N: what a page added costs the readers of other pages. Builds the
 * same copy of the site at ×1 and with every guide section N times over, and
 * prints each figure of both: first-load JavaScript of every kind of page, the
 * first search tier, the cold build and its peak memory, and the bytes the
 * main bundle and the runtime grow by; then runs tests/scaled on the ×N build.
 * Returns the figures and whether those tests passed.
 * @param {number} factor
 * @param {BrowserContext} context
 */
async function scaleFigures(factor, context) {
  const measured = {home: pages.home, section: pages.section, task: pages.task, reference: pages.reference, changelog: '/docs/changelog/'};
  /** @type {Record<string, Record<number, number>>} */
  const table = {};
  let testsPassed = false;
  /** @param {string} key @param {number} f @param {number} value */
  const put = (key, f, value) => ((table[key] ??= {})[f] = value);
  for (const f of [1, factor]) {
    const dir = scaledSite(f);
    try {
      const seconds = await coldBuild(`scale_x${f}`, true, 'build-scale', {}, dir);
      put('Cold build (s)', f, Math.round(seconds * 10) / 10);
      put('Peak memory (MB)', f, results[`build.scale_x${f}.peak_memory_mb`]);
      put('Markdown pages built', f, markdownCount(path.join(dir, 'docs')));
      const outDir = path.join(dir, 'build-scale');
      const server = await startServer({dir: outDir});
      try {
        for (const [name, route] of Object.entries(measured))
          put(`First-load JS, ${name} (KB gzip)`, f, kb(await firstLoadJs(context, server.url, route, outDir)));
      } finally {
        await server.close();
      }
      if (f === factor) {
        // tests/scaled: readers of the grown site (sections, prefetch, back and forward, no JavaScript), on this build.
        console.log(`\n> node --test tests/scaled (the ×${factor} build)`);
        const code = await new Promise((resolve) => {
          const child = spawn(process.execPath, ['--test', '--test-concurrency=1', 'tests/scaled'], {
            cwd: root,
            stdio: 'inherit',
            env: {...process.env, LAUNCHDECK_BUILD_DIR: outDir, LAUNCHDECK_SCALE: String(factor)},
          });
          child.on('close', resolve);
        });
        testsPassed = code === 0;
      }
      const assets = fs.readdirSync(path.join(outDir, 'assets/js'));
      for (const [label, prefix] of [
        ['main bundle', 'main.'],
        ['runtime', 'runtime~main.'],
      ]) {
        const file = assets.find((a) => a.startsWith(prefix) && a.endsWith('.js'));
        if (file) put(`${label} (KB gzip)`, f, kb(gzip(fs.readFileSync(path.join(outDir, 'assets/js', file)))));
      }
      const firstTier = fs.readdirSync(outDir).filter((file) => file.startsWith('search-pages-') && file.endsWith('.json'));
      put(
        'First search tier (KB gzip)',
        f,
        kb(
          sizesOf(
            outDir,
            firstTier.map((file) => `/${file}`),
          ).gzipped,
        ),
      );
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  }
  console.log(`\nScale ×${factor}: every guide section ${factor} times over, against the same copy at ×1 (both without git history)`);
  console.log(`${'Figure'.padEnd(40)} ${'×1'.padStart(10)} ${`×${factor}`.padStart(10)} ${'change'.padStart(10)}`);
  for (const [key, byFactor] of Object.entries(table)) {
    const one = byFactor[1] ?? NaN;
    const many = byFactor[factor] ?? NaN;
    const change = Math.round((many - one) * 10) / 10;
    console.log(`${key.padEnd(40)} ${String(one).padStart(10)} ${String(many).padStart(10)} ${`${change >= 0 ? '+' : ''}${change}`.padStart(10)}`);
    // Kept for bench-results/scale-N.json, not printed again.
    results[
      `scale.x${factor}.${key
        .replace(/[^a-z0-9]+/gi, '_')
        .toLowerCase()
        .replace(/^_|_$/g, '')}`
    ] = many;
  }
  return {table, testsPassed};
}

const scale = Number(option('scale', 0));
if (scale) {
  if (!Number.isInteger(scale) || scale < 2) throw new Error(`--scale takes a whole number from 2 up, not ${option('scale', '')}`);
  console.log(`Launchdeck docs benchmark, scale ×${scale}, ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
  const browser = await launchChromium();
  let table;
  let scaledTestsPassed = false;
  try {
    ({table, testsPassed: scaledTestsPassed} = await scaleFigures(scale, browser.context));
  } finally {
    await browser.close();
  }
  // The budgets of bench/budgets.json's "scale" (scripts/scaleBudgets.mjs), printed every run; --check fails on any over.
  const budgetRows = checkScaleBudgets(table, scale, JSON.parse(fs.readFileSync(path.join(root, 'bench/budgets.json'), 'utf8')).scale ?? {});
  if (budgetRows.length) {
    console.log(`\nBudgets at ×${scale} (bench/budgets.json, "scale")`);
    for (const row of budgetRows) console.log(`${row.figure.padEnd(40)} ${row.value.padStart(10)} ${`≤ ${row.limit}`.padStart(12)}  ${row.ok ? 'ok' : 'OVER'}`);
    for (const row of budgetRows)
      results[
        `scale.x${scale}.budget_ok.${row.figure
          .replace(/[^a-z0-9]+/gi, '_')
          .toLowerCase()
          .replace(/^_|_$/g, '')}`
      ] = row.ok ? 1 : 0;
  }
  fs.mkdirSync(path.join(root, 'bench-results'), {recursive: true});
  fs.writeFileSync(
    path.join(root, `bench-results/scale-${scale}.json`),
    JSON.stringify({date: new Date().toISOString(), cores: os.cpus().length, results}, null, 2),
  );
  console.log(`written bench-results/scale-${scale}.json`);
  console.log(`tests/scaled on the ×${scale} build: ${scaledTestsPassed ? 'passed' : 'FAILED'}`);
  results[`scale.x${scale}.tests_passed`] = scaledTestsPassed ? 1 : 0;
  fs.writeFileSync(
    path.join(root, `bench-results/scale-${scale}.json`),
    JSON.stringify({date: new Date().toISOString(), cores: os.cpus().length, results}, null, 2),
  );
  process.exit(flag('check') && (!scaledTestsPassed || budgetRows.some((row) => !row.ok)) ? 1 : 0);
}

const outDir = 'build-bench';
console.log(`Launchdeck docs benchmark, ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
const fasterSeconds = await coldBuild('faster', true, outDir);
if (!flag('no-webpack')) {
  const webpackSeconds = await coldBuild('webpack', false, `${outDir}-webpack`);
  record('build.webpack_to_faster_ratio', Math.round((webpackSeconds / fasterSeconds) * 100) / 100, 'x');
  fs.rmSync(path.join(root, `${outDir}-webpack`), {recursive: true, force: true});
}
/**
 * The reference build for mobile Lighthouse (--against <commit>, by default the newest commit bench/RESULTS.md
 * records; --against none for none), built once in its own checkout and kept between runs; or a site already
 * built in a folder (--against-build <folder>).
 * @returns {Promise<{sha: string, dir: string} | null>} `dir`: the built site to serve
 */
async function referenceBuild() {
  const against = option('against', '');
  if (against === 'none' || flag('no-lighthouse')) return null;
  const built = option('against-build', '');
  if (built) {
    const folder = path.resolve(built);
    if (!fs.existsSync(path.join(folder, '404.html'))) throw new Error(`--against-build: no built site in ${folder}`);
    console.log(`${'reference'.padEnd(48)} the site built in ${folder}`);
    return {sha: path.basename(path.dirname(folder)), dir: folder};
  }
  const commitOf = (/** @type {string} */ ref) => {
    const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {cwd: root, encoding: 'utf8'});
    return found.status === 0 ? found.stdout.trim() : '';
  };
  const name = against || recordedCommit(fs.readFileSync(path.join(root, 'bench/RESULTS.md'), 'utf8'), (sha) => commitOf(sha) !== '');
  const sha = name ? commitOf(name) : '';
  if (!sha) throw new Error(`--against: no commit ${name ? `"${name}"` : 'named in bench/RESULTS.md'}; give one with --against <commit>, or --against none`);
  const dir = referenceCheckout(root, sha);
  if (fs.existsSync(path.join(dir, 'build-bench', '404.html'))) console.log(`${'reference'.padEnd(48)} ${sha.slice(0, 7)}, built before (${dir})`);
  else {
    console.log(`${'reference'.padEnd(48)} ${sha.slice(0, 7)}, building in ${dir}`);
    await coldBuild('reference_commit', true, 'build-bench', {}, dir);
  }
  return {sha, dir: path.join(dir, 'build-bench')};
}

const reference = await referenceBuild();
const server = await startServer({dir: path.join(root, outDir)});
// Another site's build has no hosting rules of this one: served as a plain static host (still compressed).
const plainReference = reference ? !fs.existsSync(path.join(reference.dir, '_hosting', 'rules.json')) : false;
const referenceServers = reference ? await Promise.all([0, 1].map(() => startServer({dir: reference.dir, plain: plainReference}))) : [];
const browser = await launchChromium();
try {
  for (const [name, route] of Object.entries(pages)) {
    if (name !== 'search') await pageWeight(browser.context, server.url, name, route, outDir);
  }
  // --lighthouse-only: an A/B of pages against a reference, without the search, console and simulation figures.
  if (!flag('lighthouse-only')) {
    await searchFigures(browser.context, server.url, outDir);
    await consoleFigures(browser.context, server.url, outDir);
    await simulationFigures(browser.context, server.url, outDir);
  }
  if (!flag('no-lighthouse')) {
    await lighthouseFigures(server.url, reference ? {sha: reference.sha, bases: [referenceServers[0].url, referenceServers[1].url]} : null);
  }
  if (flag('seams')) await seamSavings(browser.context, server.url, outDir);
} finally {
  await browser.close();
  await server.close();
  for (const other of referenceServers) await other.close();
}
fs.mkdirSync(path.join(root, 'bench-results'), {recursive: true});
fs.writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  JSON.stringify({date: new Date().toISOString(), cores: os.cpus().length, reference: reference?.sha ?? null, results}, null, 2),
);
console.log('written bench-results/latest.json');
if (flag('check') && check() > 0) process.exit(1);
