#!/usr/bin/env node
/**
 * What runs before a page is interactive, on Lighthouse's phone profile (4× CPU slowdown, slow 4G, a 412 px
 * screen): a CPU profile of each page's cold load in Chromium, from navigation until React has hydrated and the
 * main thread has had a quiet second, its time attributed through source maps to the packages and files of the
 * site. Prints the top entries per page and writes bench-results/profile.md (bench/RESULTS.md keeps them).
 *
 *   npm run profile                      # builds the site with source maps (scripts/profile.config.ts), then profiles
 *   npm run profile -- --no-build        # profiles the last such build (build-profile/)
 *   npm run profile -- --runs 3 --top 15
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {SourceMapConsumer} from 'source-map-js';
import {startServer} from './serve.mjs';
import {launchChromium} from './chromium.mjs';
import {MEASURED_PAGES} from './benchCompare.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const outDir = path.join(root, 'build-profile');
const runs = Number(option('runs', '3'));
const top = Number(option('top', '12'));
const pages = MEASURED_PAGES;

if (!args.includes('--no-build')) {
  console.log('building the site with source maps in build-profile/ …');
  const code = await new Promise((resolve) => {
    const child = spawn('npx', ['docusaurus', 'build', '--config', 'scripts/profile.config.ts', '--out-dir', 'build-profile'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    });
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error('the build with source maps failed');
}

/** Source maps by script path, read once. @type {Map<string, SourceMapConsumer | null>} */
const maps = new Map();
/** @param {string} pathname */
function mapFor(pathname) {
  if (!maps.has(pathname)) {
    const file = path.join(outDir, `${pathname}.map`);
    maps.set(pathname, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(pathname);
}

/**
 * Where a sample's function comes from: a package of node_modules (with its file for Docusaurus's own packages and
 * React DOM, whose parts differ), a file of the site, the inline loader, or what V8 itself does.
 * @param {{url: string, functionName: string, lineNumber: number, columnNumber: number}} frame
 */
function placeOf(frame) {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(V8)';
  const u = new URL(frame.url);
  if (!u.pathname.endsWith('.js')) return '(the page: inline scripts)';
  const map = mapFor(u.pathname);
  const original = map?.originalPositionFor({line: frame.lineNumber + 1, column: frame.columnNumber});
  if (!original?.source) return `${u.pathname.replace(/\.[0-9a-f]{8}\.js$/, '.js')} (unmapped: ${frame.functionName || 'anonymous'})`;
  const source = original.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
  if (!inModules) {
    const file = source.replace(/^.*?\b(src\/)/, '$1');
    // A package's own source map names its sources from its own folder (theme-common's src/utils/…), not the site's.
    return fs.existsSync(path.join(root, file)) ? file : `a package's own source: ${file}`;
  }
  const [, pkg, rest] = inModules;
  if (pkg.startsWith('@docusaurus/') || pkg.startsWith('@easyops-cn/')) return `${pkg}/${rest.replace(/^lib\//, '')}`;
  return pkg;
}

/**
 * One cold load on the phone profile, profiled: self time per place, in ms, and the time to hydration.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 */
async function profileLoad(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', {interval: 100});
  await cdp.send('Profiler.start');
  await page.goto(url, {waitUntil: 'load'});
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 60000});
  const hydratedAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  const {profile} = await cdp.send('Profiler.stop');
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
  await page.close();
  /** @type {Map<number, (typeof profile.nodes)[number]>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const internal = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);
  /** @type {Map<number, string>} */
  const placeOfNode = new Map(
    profile.nodes.map((node) => {
      const {url, functionName} = node.callFrame;
      // A native function (appendChild, querySelector) is named with the place that called it.
      const parent = parentOf.get(node.id);
      if (!url && functionName && !internal.has(functionName) && parent) return [node.id, `${placeOf(parent.callFrame)} › ${functionName}`];
      return [node.id, placeOf(node.callFrame)];
    }),
  );
  /** @type {Map<string, number>} */
  const self = new Map();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const place = /** @type {string} */ (placeOfNode.get(samples[i]));
    // The time until the next sample is this sample's.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    self.set(place, (self.get(place) ?? 0) + ms);
  }
  return {self, hydratedAt};
}

const server = await startServer({dir: outDir});
const browser = await launchChromium({viewport: {width: 412, height: 823}});
/** @type {string[]} */
const report = [
  `CPU profile of a cold load on the phone profile (4× CPU slowdown, slow 4G), from navigation to React's hydration plus one quiet second; self time in ms, median of ${runs} loads; (idle) and (program) left out.`,
  '',
];
try {
  for (const [name, route] of Object.entries(pages)) {
    /** @type {Map<string, number[]>} */
    const byPlace = new Map();
    const hydration = [];
    for (let i = 0; i < runs; i++) {
      const {self, hydratedAt} = await profileLoad(browser.context, server.url + route);
      hydration.push(hydratedAt);
      for (const [place, ms] of self) byPlace.set(place, [...(byPlace.get(place) ?? []), ms]);
    }
    const med = (/** @type {number[]} */ xs) => {
      const all = [...xs, ...Array(runs - xs.length).fill(0)].sort((a, b) => a - b);
      return all[Math.floor(all.length / 2)];
    };
    const rows = [...byPlace]
      .map(([place, values]) => /** @type {[string, number]} */ ([place, med(values)]))
      .filter(([place]) => !['(idle)', '(program)'].includes(place))
      .sort((a, b) => b[1] - a[1]);
    const busy = rows.reduce((sum, [, ms]) => sum + ms, 0);
    const heading = `${name} (${route}): hydrated at ${Math.round(med(hydration))} ms; ${Math.round(busy)} ms of script and V8 work`;
    console.log(`\n${heading}`);
    report.push(`**${heading}**`, '', '| Where | Self time (ms) | Share |', '| --- | --- | --- |');
    for (const [place, ms] of rows.slice(0, top)) {
      console.log(`${String(Math.round(ms)).padStart(7)} ms  ${place}`);
      report.push(`| ${place} | ${Math.round(ms)} | ${Math.round((100 * ms) / busy)}% |`);
    }
    report.push('');
  }
} finally {
  await browser.close();
  await server.close();
}
fs.mkdirSync(path.join(root, 'bench-results'), {recursive: true});
fs.writeFileSync(path.join(root, 'bench-results/profile.md'), `${report.join('\n')}\n`);
console.log('\nwritten bench-results/profile.md');
