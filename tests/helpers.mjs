/**
 * Shared helpers for the test suite: the route list, the built site, a local
 * server and a real Chromium driven by playwright-core.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {before, after} from 'node:test';
import {startServer} from '../scripts/serve.mjs';
import {launchChromium} from '../scripts/chromium.mjs';

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

/**
 * The built HTML file that serves a route.
 * @param {string} route
 */
export function htmlFileFor(route) {
  const clean = route.replace(/^\//, '').replace(/\/$/, '');
  return path.join(buildDir, clean, 'index.html');
}

/** @param {string} route */
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

/**
 * Launches Chromium (scripts/chromium.mjs: CHROMIUM_PATH, the shared flags, a
 * throw-away profile) with a desktop viewport. `options` go to Playwright's
 * launchPersistentContext, for example {javaScriptEnabled: false}.
 * @param {Parameters<typeof launchChromium>[0]} [options]
 */
export function launchBrowser(options = {}) {
  return launchChromium({viewport: {width: 1280, height: 800}, ...options});
}

/**
 * Opens a page that records every request leaving `origin` and every
 * uncaught page error, so a test can assert there were none.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} origin
 */
export async function openPage(context, origin) {
  const page = await context.newPage();
  /** @type {string[]} */
  const external = [];
  /** @type {Error[]} */
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

/**
 * Waits until React has hydrated the page.
 * @param {import('playwright-core').Page} page
 */
export async function waitForHydration(page) {
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 15000});
}

/** The screen of a phone: the width at which the tests check the mobile layout. */
export const PHONE = {width: 375, height: 740};

/**
 * What openPage() records for each tab that visit() opened, so that later visits in the tab return the same lists.
 * @type {WeakMap<import('playwright-core').Page, Awaited<ReturnType<typeof openPage>> & {theme?: string}>}
 */
const recorded = new WeakMap();

/**
 * Opens `route` in Chromium and waits until React has hydrated the page: the
 * start of nearly every browser test. `site` is what withSiteAndBrowser()
 * returns (or any {server: {url}, browser: {context}}).
 *
 * Options:
 * - `page`: go to `route` in this tab rather than a new one;
 * - `theme`: 'dark' or 'light', written to localStorage before each page of
 *   the tab runs a script (chosen when the tab opens: a later visit in the tab
 *   may repeat it, not change it);
 * - `phone`: the PHONE viewport (or `viewport`: any {width, height});
 * - `beforeLoad(page)`: runs when the tab opens, before its first page loads
 *   (init scripts, listeners, emulated media); a later visit in the tab skips it;
 * - `hydrate`: false returns once the page has loaded, without waiting for React;
 * - `waitUntil`: the load state of Playwright's goto.
 *
 * Returns {page, response, errors, external}: the tab, the answer to the
 * navigation, and since the tab was opened its uncaught errors and every
 * request that left the site.
 * @typedef {{server: {url: string}, browser: {context: import('playwright-core').BrowserContext}}} Site
 * @typedef {object} VisitOptions
 * @property {import('playwright-core').Page} [page]
 * @property {string} [theme]
 * @property {boolean} [phone]
 * @property {{width: number, height: number}} [viewport]
 * @property {(page: import('playwright-core').Page) => unknown} [beforeLoad]
 * @property {boolean} [hydrate]
 * @property {'load' | 'domcontentloaded' | 'networkidle' | 'commit'} [waitUntil]
 * @param {Site} site
 * @param {string} route
 * @param {VisitOptions} [options]
 * @returns {Promise<{page: import('playwright-core').Page, response: import('playwright-core').Response | null, errors: Error[], external: string[]}>}
 */
export async function visit(site, route, {page, theme, phone = false, viewport, beforeLoad, hydrate = true, waitUntil} = {}) {
  let record = page ? recorded.get(page) : undefined;
  if (!page) {
    record = {...(await openPage(site.browser.context, site.server.url)), theme};
    page = record.page;
    recorded.set(page, record);
    if (theme) {
      await page.addInitScript((value) => {
        try {
          window.localStorage.setItem('theme', value);
        } catch {
          // A page without storage (about:blank) has no theme to set.
        }
      }, theme);
    }
    if (beforeLoad) await beforeLoad(page);
  } else if (theme && theme !== record?.theme) {
    throw new Error(`visit(): this tab was opened with theme ${record?.theme}; open a new tab for ${theme}`);
  }
  const size = phone || viewport ? (viewport ?? PHONE) : undefined;
  if (size && (page.viewportSize()?.width !== size.width || page.viewportSize()?.height !== size.height)) await page.setViewportSize(size);
  const response = await page.goto(site.server.url + route, waitUntil ? {waitUntil} : undefined);
  if (hydrate) await waitForHydration(page);
  return {page, response, errors: record?.errors ?? [], external: record?.external ?? []};
}

/**
 * Starts the site's own navigation to `route` (what a click on a link does: history, then the router), without
 * waiting for the page.
 * @param {import('playwright-core').Page} page
 * @param {string} route
 */
export async function startNavigation(page, route) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
  }, route);
}

/**
 * Goes to `route` by the site's own navigation (startNavigation), and waits until the page is rendered (its
 * canonical address and h1) and still: no progress bar, no animation running. A sidebar category still opening
 * would be measured half open.
 * @param {import('playwright-core').Page} page
 * @param {string} route
 */
export async function navigate(page, route) {
  await startNavigation(page, route);
  const rendered = await page
    .waitForFunction((to) => Boolean(document.querySelector(`link[rel="canonical"][href$="${to}"]`) && document.querySelector('h1')), route, {
      polling: 'raf',
      timeout: 10000,
    })
    .then(
      () => true,
      () => false,
    );
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let still = 0, n = 0; still < 3 && n < 200; n += 1) {
      await frame();
      const running = document.getAnimations();
      running.forEach((animation) => animation.finish());
      // A sidebar category opening: Docusaurus's Collapsible shows it (display: block) at a fixed height, then
      // animates to its full height, and only then sets `height: auto`; the first frames have no animation yet.
      const opening = [...document.querySelectorAll('ul.menu__list')].some(
        (list) => list instanceof HTMLElement && list.style.display === 'block' && list.style.height !== 'auto',
      );
      still = running.length || opening || document.getElementById('nprogress') ? 0 : still + 1;
    }
    // The sidebar as a fresh load leaves it: from the top, scrolled by the site's own script to the current page,
    // so that each page is measured with the same sidebar whatever page came before. (The target-size findings seen
    // once in a while after a navigation were not from this: see settledViolations in accessibility.test.mjs.)
    for (let box = document.querySelector('.theme-doc-sidebar-menu'); box; box = box.parentElement) box.scrollTop = 0;
    /** @type {Window & {ldShowCurrent?: () => void}} */ (window).ldShowCurrent?.();
  });
  return rendered;
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** @type {string | undefined} */
let axeSource;

/**
 * axe-core's violations of WCAG 2.2 A and AA on the page (or of the given rules), one line each ("rule (count): targets").
 * @param {import('playwright-core').Page} page
 * @param {string[]} [rules]
 * @returns {Promise<string[]>}
 */
export async function axeViolations(page, rules) {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: the site's Content-Security-Policy rightly refuses an injected <script>.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  // `rules` (axe rule ids) narrows the run, for a second pass that only colours can change.
  const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: axeTags};
  const results = await page.evaluate(
    (options) => window.axe.run(document, {runOnly: options, resultTypes: ['violations']}),
    /** @type {import('axe-core').RunOnly} */ (runOnly),
  );
  return results.violations.map(
    (v) =>
      `${v.id} (${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** The resolved site config of the last build (written by Docusaurus to .docusaurus/). */
export async function builtSiteConfig() {
  const file = path.join(repoRoot, '.docusaurus', 'docusaurus.config.mjs');
  const {pathToFileURL} = await import('node:url');
  return (await import(pathToFileURL(file).href)).default;
}

/**
 * Attributes of every <tagName> in minified or pretty HTML (quoted or unquoted values).
 * @param {string} html
 * @param {string} tagName
 */
export function tagsOf(html, tagName) {
  /** @type {Record<string, string>[]} */
  const tags = [];
  for (const m of html.matchAll(new RegExp(`<${tagName}\\b([^>]*)>`, 'gi'))) {
    /** @type {Record<string, string>} */
    const attrs = {};
    for (const a of m[1].matchAll(/([^\s=/]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    tags.push(attrs);
  }
  return tags;
}

/** @param {string} text */
export function decodeEntities(text) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * name/property -> content of the <meta> tags of a page.
 * @param {string} html
 */
export function metaOf(html) {
  /** @type {Record<string, string>} */
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
  const site = /** @type {{server: Awaited<ReturnType<typeof serveBuild>>, browser: Awaited<ReturnType<typeof launchBrowser>>}} */ ({});
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

/**
 * Every HTML file of the built site (assets excluded).
 * @param {string} [dir]
 * @returns {string[]}
 */
export function builtHtmlFiles(dir = buildDir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtHtmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** nginx: NGINX_PATH, else Debian's /usr/sbin/nginx. */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/**
 * Starts a real nginx on a free loopback port, serving `dir` with the
 * generated rules (`dir/_hosting/nginx.conf`) included in its server block,
 * as a deployment would. Loads the brotli module when it is installed.
 * @param {string} [dir]
 */
export async function startNginx(dir = buildDir) {
  if (!fs.existsSync(nginxPath)) {
    throw new Error(`nginx not found at ${nginxPath}. Install it (apt-get install -y nginx libnginx-mod-http-brotli-filter) or set NGINX_PATH.`);
  }
  const net = await import('node:net');
  const {spawn} = await import('node:child_process');
  /** @type {number} */
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const {port: free} = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(free));
    });
  });
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-nginx-'));
  const mimeTypes = ['/etc/nginx/mime.types', path.join(path.dirname(nginxPath), '../conf/mime.types')].find((f) => fs.existsSync(f));
  const brotli = fs.existsSync(brotliModule);
  const root = path.resolve(dir);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      ...(brotli ? [`load_module ${brotliModule};`] : []),
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `error_log ${prefix}/error.log warn;`,
      `pid ${prefix}/nginx.pid;`,
      'events { worker_connections 256; }',
      'http {',
      mimeTypes ? `  include ${mimeTypes};` : '',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${root};`,
      `    include ${root}/_hosting/nginx.conf;`,
      ...(brotli ? [`    include ${root}/_hosting/nginx-brotli.conf;`] : []),
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginxPath, ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr}${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error('nginx did not start listening');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    brotli,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
      fs.rmSync(prefix, {recursive: true, force: true});
    },
  };
}

/**
 * One raw HTTP request (no redirect following, no decompression): {status, headers, body}.
 * @param {string} url
 * @param {{method?: string, headers?: import('node:http').OutgoingHttpHeaders}} [options]
 * @returns {Promise<{status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer}>}
 */
export async function rawRequest(url, {method = 'GET', headers = {}} = {}) {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const request = http.request(url, {method, headers}, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks)}));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A throw-away git repository in a temporary folder, with a writer's identity
 * and `main` as its branch: {dir, git(...args), write(file, text)}. `git`
 * fails the test when git does; the caller deletes `dir`.
 * @param {string} prefix
 */
export function throwAwayRepo(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  /** @param {...string} args */
  const git = (...args) => {
    const run = spawnSync('git', args, {cwd: dir, encoding: 'utf8'});
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };
  /**
   * @param {string} file
   * @param {string} text
   */
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), text);
  };
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'writer@example.com');
  git('config', 'user.name', 'Writer');
  return {dir, git, write};
}

/**
 * Waits until `check` is true, or fails with `message` after `timeout` ms.
 * @param {() => Promise<boolean>} check
 * @param {string} message
 */
export async function eventually(check, message, timeout = 10000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(message);
}
