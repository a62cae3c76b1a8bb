/**
 * Shared helpers for the test suite: the route list, the built site, a local
 * server and a real Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import {fileURLToPath} from 'node:url';
import {before, after} from 'node:test';
import {startServer} from '../scripts/serve.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The tests read the site that `npm test` builds (see scripts/build-for-tests.mjs). */
export const buildDir = path.resolve(repoRoot, process.env.LAUNCHDECK_BUILD_DIR ?? 'build-test');

/** Rows of tests/routes.tsv: {kind, path, alias}. */
export function readRoutes() {
  return fs
    .readFileSync(path.join(repoRoot, 'tests/routes.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [kind, routePath, alias] = line.split('\t');
      return {kind, path: routePath, alias: alias?.trim() || undefined};
    });
}

/** The built HTML file that serves a route. */
export function htmlFileFor(route) {
  const clean = route.replace(/^\//, '').replace(/\/$/, '');
  return path.join(buildDir, clean, 'index.html');
}

export function readBuiltHtml(route) {
  return fs.readFileSync(htmlFileFor(route), 'utf8');
}

export function assertBuilt() {
  if (!fs.existsSync(path.join(buildDir, '404.html'))) {
    throw new Error(`No test build in ${buildDir}. Run "npm test" (or "node scripts/build-for-tests.mjs") first.`);
  }
}

export async function serveBuild() {
  assertBuilt();
  return startServer({dir: buildDir});
}

/** Chromium path: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Launches Chromium with a fresh, throw-away profile. */
export async function launchBrowser() {
  const {chromium} = await import('playwright-core');
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: {width: 1280, height: 800},
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, {recursive: true, force: true});
    },
  };
}

/**
 * Opens a page that records every request leaving `origin` and every
 * uncaught page error, so a test can assert there were none.
 */
export async function openPage(context, origin) {
  const page = await context.newPage();
  const external = [];
  const errors = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      external.push(url);
    }
  });
  page.on('pageerror', (error) => errors.push(error));
  return {page, external, errors};
}

/** Waits until React has hydrated the page. */
export async function waitForHydration(page) {
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 15000});
}

/** The resolved site config of the last build (written by Docusaurus to .docusaurus/). */
export async function builtSiteConfig() {
  const file = path.join(repoRoot, '.docusaurus', 'docusaurus.config.mjs');
  const {pathToFileURL} = await import('node:url');
  return (await import(pathToFileURL(file).href)).default;
}

/** Attributes of every <tagName> in minified or pretty HTML (quoted or unquoted values). */
export function tagsOf(html, tagName) {
  const tags = [];
  for (const m of html.matchAll(new RegExp(`<${tagName}\\b([^>]*)>`, 'gi'))) {
    const attrs = {};
    for (const a of m[1].matchAll(/([^\s=/]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    tags.push(attrs);
  }
  return tags;
}

export function decodeEntities(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** name/property -> content of the <meta> tags of a page. */
export function metaOf(html) {
  const meta = {};
  for (const tag of tagsOf(html, 'meta')) {
    const key = tag.name ?? tag.property;
    if (key) meta[key] = tag.content;
  }
  return meta;
}

/**
 * Registers before/after hooks that serve the test build and launch
 * Chromium for one test file; the returned object holds `server` and
 * `browser` once the tests run.
 */
export function withSiteAndBrowser() {
  const site = {};
  before(async () => {
    site.server = await serveBuild();
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

/** Every HTML file of the built site (assets excluded). */
export function builtHtmlFiles(dir = buildDir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtHtmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}
