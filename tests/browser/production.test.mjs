/**
 * The site as production serves it, in Chromium:
 * - under the Content-Security-Policy of the build, enforced by nginx with
 *   the generated configuration: no violation on any page, in both colour
 *   modes, with the search box, /search, the not-found page, the crash page
 *   and the redirect pages;
 * - on a static host that applies no rules: clean addresses, and `x.html`
 *   answered with the not-found page still shows the page x;
 * - the not-found page's title, before and after its scripts run;
 * - a tab left open on one build, after the next build replaced every hashed
 *   file (two real builds: build-test and build-test-archive).
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {assertBuilt, buildDir, launchBrowser, readRoutes, repoRoot, startNginx, visit, waitForHydration} from '../helpers.mjs';
import {startServer} from '../../scripts/serve.mjs';

assertBuilt();
const routes = readRoutes();
const rules = JSON.parse(fs.readFileSync(path.join(buildDir, '_hosting/rules.json'), 'utf8'));
const csp = rules.headers['Content-Security-Policy'];
const nextBuild = path.join(repoRoot, 'build-test-archive');
/** The two hosts: nginx with the build's rules, and scripts/serve.mjs with none. */
const starters = {nginx: () => startNginx(buildDir), plain: () => startServer({dir: buildDir, plain: true})};
/** @type {Map<string, Promise<{url: string, close(): Promise<unknown>}>>} */
const started = new Map();
/**
 * A host, started by the first test that needs it: without nginx, the plain host's tests still run.
 * @param {'nginx' | 'plain'} name
 */
const host = async (name) => {
  if (!started.has(name)) started.set(name, starters[name]());
  return /** @type {Promise<{url: string, close(): Promise<unknown>}>} */ (started.get(name));
};
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const server of started.values())
    await server.then(
      (s) => s.close(),
      () => undefined,
    );
});

/**
 * One of the hosts, with this file's browser, as visit() takes a site.
 * @param {{url: string}} host
 */
const servedBy = (host) => ({browser, server: host});

/**
 * For visit()'s beforeLoad: the tab records CSP violations (as events and as console messages) and script errors in `problems`.
 * @param {string[]} problems
 * @returns {(page: import('playwright-core').Page) => Promise<void>}
 */
const recordProblems = (problems) => async (page) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy|Permissions-Policy/i.test(text)) problems.push(`${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => {
    if (!/Test crash: the component threw on purpose/.test(error.message)) problems.push(`${page.url()}: ${error.message}`);
  });
};

/** @param {import('playwright-core').Page} page */
const themeOf = (page) => page.evaluate(() => document.documentElement.dataset.theme);

// Every page in the dark theme (the default); in the light theme, whose only difference the policy could see is the
// colour-mode script's path, each kind of page (the docs home, three sections, five topics, the reference, not-found).
for (const theme of ['dark', 'light']) {
  const every = theme === 'dark';
  test(`nginx, ${theme} mode: no ${every ? 'page' : 'kind of page'} breaks the Content-Security-Policy, and ${every ? 'every page' : 'each'} still works under it`, async () => {
    /** @type {string[]} */
    const problems = [];
    const nginx = servedBy(await host('nginx'));
    const {url} = nginx.server;
    const pages = routes.filter((r) => !r.alias && r.kind !== 'search');
    const sample = every ? pages : ['home', 'section', 'topic'].flatMap((kind) => pages.filter((r) => r.kind === kind).slice(0, kind === 'topic' ? 5 : 3));
    const paths = [...sample.map((r) => r.path), '/docs/api/reference/', '/docs/api/reference/servers/create-server', '/docs/nope', '/nope'];
    let page;
    for (const p of paths) {
      let response;
      ({page, response} = await visit(nginx, p, {page, theme, beforeLoad: recordProblems(problems)}));
      assert.ok(response, p);
      assert.equal(await themeOf(page), theme, p);
    }
    assert.ok(page);
    // The crash page: the error boundary's page, under the policy too.
    await page.goto(`${url}/test-crash`);
    await page.getByRole('heading', {name: 'This page crashed.'}).waitFor();
    // Redirects (301 here) end on the canonical page.
    await page.goto(`${url}/docs/servers/add-aws`);
    assert.equal(new URL(page.url()).pathname, '/docs/servers/add-aws-server');
    // The search box: its worker and index files load under the policy and answer.
    await visit(nginx, '/docs/servers/', {page});
    await page.keyboard.press('Control+k');
    await page.keyboard.type('stop server');
    await page.getByRole('option').filter({hasText: 'Stop a server'}).first().waitFor();
    // /search, with its results.
    await page.goto(`${url}/search?q=ssl%20certificate`);
    await page.locator('main a[href*="/docs/ssl-certificates/"]').first().waitFor();
    // Copy page reads the page's Markdown with fetch (connect-src).
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: url});
    await visit(nginx, '/docs/servers/stop-server', {page});
    await page.getByRole('button', {name: 'Copy page'}).click();
    await page.getByRole('status').filter({hasText: 'Copied the page as Markdown'}).waitFor();
    await page.close();
    assert.deepEqual(problems, []);
  });
}

test('redirect pages work under the policy where a host serves them (hosts that let files shadow redirects)', async () => {
  /** @type {string[]} */
  const problems = [];
  // A host without rules, plus the build's headers (as Netlify serves a file that exists before a redirect).
  /** @param {import('playwright-core').Page} tab */
  const withPolicy = async (tab) => {
    await recordProblems(problems)(tab);
    await tab.route('**/*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({response, headers: {...response.headers(), 'content-security-policy': csp}});
    });
  };
  const aliases = routes.filter((r) => r.alias);
  let page;
  for (const {alias, path: target} of [{alias: '/', path: '/docs/'}, ...aliases.slice(0, 25)]) {
    ({page} = await visit(servedBy(await host('plain')), `${alias}?from=test#top`, {page, hydrate: false, beforeLoad: withPolicy}));
    await page.waitForURL((u) => u.pathname === target, {timeout: 10000});
    const now = new URL(page.url());
    assert.equal(now.search, '?from=test', `${alias}: the query is kept`);
    assert.equal(now.hash, '#top', `${alias}: the fragment is kept`);
  }
  // Without JavaScript, the meta refresh still sends the reader on, and the page says where.
  const html = fs.readFileSync(path.join(buildDir, 'docs/servers/add-aws/index.html'), 'utf8');
  assert.match(html, /<meta http-equiv="refresh" content="0; url=\/docs\/servers\/add-aws-server">/);
  assert.match(html, /<html lang="en" data-to="\/docs\/servers\/add-aws-server">/);
  assert.match(html, /This page has moved to <a href="\/docs\/servers\/add-aws-server">/);
  assert.ok(page);
  await page.close();
  assert.deepEqual(problems, []);
});

test('a static host without rules: the address bar drops .html and /index.html, and x.html answered with the not-found page still shows x', async () => {
  /** @type {string[]} */
  const problems = [];
  const plain = servedBy(await host('plain'));
  let page;
  for (const [from, to, h1, status] of /** @type {[string, string, string, number][]} */ ([
    ['/docs/index.html', '/docs/', 'Launchdeck documentation', 200],
    ['/docs/servers/index.html?tab=api#states', '/docs/servers/?tab=api#states', 'Servers', 200],
    ['/docs/servers/add-aws-server.html', '/docs/servers/add-aws-server', 'Add a server on AWS', 404],
    ['/docs/api/reference/servers/create-server.html', '/docs/api/reference/servers/create-server', 'Add a server', 404],
  ])) {
    let response;
    ({page, response} = await visit(plain, from, {page, beforeLoad: recordProblems(problems)}));
    assert.equal(response?.status(), status, `${from}: what the host answers`);
    const now = new URL(page.url());
    assert.equal(now.pathname + now.search + now.hash, to, from);
    assert.equal(await page.locator('h1').first().textContent(), h1, from);
    assert.equal(await page.locator('[data-ld-not-found]').count(), 0, `${from}: no not-found content`);
    assert.match(await page.title(), new RegExp(`^${h1.replace(/[()]/g, '\\$&')}.* \\| Docs$`), from);
  }
  // A page that doesn't exist stays "not found", at its clean address.
  await visit(plain, '/docs/servers/no-such-page.html', {page});
  assert.ok(page);
  assert.equal(new URL(page.url()).pathname, '/docs/servers/no-such-page');
  await page.getByRole('heading', {name: 'This page does not exist'}).waitFor();
  await page.close();
  assert.deepEqual(problems, []);
});

test('the not-found page says so in its title, before and after its scripts run, at any unknown path', async () => {
  const html = fs.readFileSync(path.join(buildDir, '404.html'), 'utf8');
  assert.match(html, /<title[^>]*>Page Not Found \| Docs<\/title>/);
  /** @type {string[]} */
  const problems = [];
  let page;
  for (const p of ['/nope', '/docs/nope', '/docs/servers/nope/deeper', '/docs/api/reference/servers/nope', '/search/nope']) {
    let response;
    ({page, response} = await visit(servedBy(await host('nginx')), p, {page, hydrate: false, beforeLoad: recordProblems(problems)}));
    assert.ok(response, p);
    assert.equal(response.status(), 404, p);
    // Before the scripts: the document as served. (Reading the tab's title here raced with hydration on a busy machine.)
    assert.match(await response.text(), /<title[^>]*>Page Not Found \| Docs<\/title>/, `${p}: before the scripts`);
    await waitForHydration(page);
    await page.getByRole('heading', {name: 'This page does not exist'}).waitFor();
    assert.equal(await page.title(), 'Page Not Found | Docs', `${p}: after the scripts`);
  }
  assert.ok(page);
  await page.close();
  assert.deepEqual(problems, []);
});

test('a tab open on the previous build follows links after the next build replaced every hashed file', async () => {
  assert.ok(fs.existsSync(path.join(nextBuild, '404.html')), 'the second build (scripts/build-for-tests.mjs) exists');
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-deploy-'));
  /** @param {string} from */
  const deploy = (from) => {
    for (const entry of fs.readdirSync(site)) fs.rmSync(path.join(site, entry), {recursive: true, force: true});
    fs.cpSync(from, site, {recursive: true});
  };
  deploy(buildDir);
  const server = await startServer({dir: site});
  // No idle prefetching (as on a data-saver connection), so the next page's files are only asked for on the click.
  /** @param {import('playwright-core').Page} tab */
  const saveData = (tab) =>
    tab.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({effectiveType: '4g', saveData: true}), configurable: true});
    });
  let page;
  try {
    for (const [start, link, h1] of [
      ['/docs/servers/', 'Stop a server', 'Stop a server'],
      ['/docs/api/reference/', 'Add a server', 'Add a server'],
    ]) {
      deploy(buildDir);
      ({page} = await visit({browser, server}, start, {page, beforeLoad: saveData}));
      const oldMain = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => /\/main\.[0-9a-f]+\.js$/.test(src)));
      deploy(nextBuild);
      const missing = [];
      /** @param {import('playwright-core').Response} response */
      const onResponse = (response) => {
        if (/\/assets\/js\//.test(response.url()) && response.status() === 404) missing.push(response.url());
      };
      page.on('response', onResponse);
      await page.locator('main').getByRole('link', {name: link, exact: true}).first().click();
      await page.locator('h1').filter({hasText: h1}).first().waitFor();
      await waitForHydration(page);
      page.off('response', onResponse);
      assert.ok(missing.length > 0, `${start}: the old tab asked for a file the new build no longer has`);
      assert.equal(await page.getByText('This page crashed.').count(), 0, `${start}: no error page`);
      const newMain = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => /\/main\.[0-9a-f]+\.js$/.test(src)));
      assert.notEqual(newMain, oldMain, `${start}: the page now runs the new build`);
    }
  } finally {
    await page?.close();
    await server.close();
    fs.rmSync(site, {recursive: true, force: true});
  }
});
