/**
 * Search as a reader uses it, in Chromium: Ctrl+K, what the box downloads and
 * when, the results of the site's engine (synonyms, typos, no dead ends,
 * task over overview, pasted errors, body text of any section), the /search
 * page (first results from the first tier, the rest progressively), and
 * hostile queries. No request may leave the local server.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {withSiteAndBrowser, openPage, visit, buildDir} from '../helpers.mjs';
import {stampFirst} from '../../scripts/chromium.mjs';

const site = withSiteAndBrowser();

/** @param {import('playwright-core').Page} page */
const searchBox = (page) => page.locator('input.navbar__search-input');
/** @param {import('playwright-core').Page} page */
const options = (page) => page.locator('.navbar__search [role="listbox"] [role="option"]');

/**
 * @param {import('playwright-core').Page} page
 * @param {string} query
 */
async function typeQuery(page, query) {
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__search-input'));
  await searchBox(page).fill(query);
  const menu = page.locator('.navbar__search [role="listbox"]');
  await menu.waitFor({state: 'visible'});
  return menu;
}

/**
 * Opens `route`, types `query` in the search box and returns the first result's link path and text.
 * @param {import('playwright-core').Page} page
 * @param {string} route
 * @param {string} query
 */
async function firstResult(page, route, query) {
  await visit(site, route, {page});
  await typeQuery(page, query);
  const first = options(page).first();
  await first.waitFor();
  const text = await first.innerText();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== route || url.search !== '');
  return {path: new URL(page.url()).pathname, text};
}

/** @param {string[]} files */
const gzipKb = (files) => files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(buildDir, f))).length, 0) / 1024;

test('Ctrl+K focuses search, shows the shortcut hint, and a query opens the expected page with the terms highlighted', async () => {
  const {page, external, errors} = await visit(site, '/docs/projects/');
  assert.ok(await page.locator('.navbar__search kbd').first().isVisible(), 'shortcut hint');
  await typeQuery(page, 'ssh key pair');
  await options(page).first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/docs\/ssh-keys\/create-ssh-key-pair/);
  await page.locator('article mark').first().waitFor();
  assert.deepEqual(external, []);
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('the search box downloads nothing until used, a small first tier before its first results, then the rest of the text', async () => {
  // Every file the page asks for, with when it asked (wall clock, as the page's own stamp below).
  /** @type {Array<{file: string, at: number}>} */
  const asked = [];
  const {page} = await visit(site, '/docs/servers/add-aws-server', {
    beforeLoad: (tab) => tab.on('request', (request) => asked.push({file: path.basename(new URL(request.url()).pathname), at: Date.now()})),
  });
  const requested = () => asked.map((r) => r.file);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(
    requested().filter((p) => p.startsWith('search-')),
    [],
    'no index before the reader searches',
  );
  const shown = stampFirst(page, '.navbar__search [role="listbox"] [role="option"]');
  await typeQuery(page, 'firewall');
  await options(page).first().waitFor();
  // What came before the first results: the files asked for before they were on screen (the body
  // text starts loading once they are painted, and on a busy machine its downloads would race in).
  const firstResultsAt = await shown;
  const beforeResults = [...new Set(asked.filter((r) => r.at <= firstResultsAt && r.file.startsWith('search-')).map((r) => r.file))];
  assert.ok(
    beforeResults.some((p) => p.startsWith('search-pages-')),
    'the first tier',
  );
  assert.ok(gzipKb(beforeResults) <= 100, `${gzipKb(beforeResults).toFixed(1)} KB gzip before the first results`);
  assert.match(await options(page).first().innerText(), /network rule|firewall/i);
  // The body text of every section follows in the background, the reader's own section first.
  const textFiles = fs.readdirSync(buildDir).filter((f) => f.startsWith('search-text'));
  const deadline = Date.now() + 15000;
  while (requested().filter((p) => p.startsWith('search-text')).length < textFiles.length && Date.now() < deadline) {
    await page.waitForTimeout(50);
  }
  const texts = requested().filter((p) => p.startsWith('search-text'));
  assert.equal(texts.length, textFiles.length, "every section's text");
  assert.match(texts[0], /^search-text-docs-servers-/);
  await page.close();
});

test("synonyms, typos and a reader's own words find the page the docs name differently", async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  // Synonym: the docs say "existing server", readers say "vps".
  assert.equal((await firstResult(page, '/docs/servers/', 'use my own vps')).path, '/docs/servers/add-existing-server');
  // Synonym across sections: from a servers page, a colleague is a member invited to a team.
  assert.equal((await firstResult(page, '/docs/servers/list-servers', 'add colleague')).path, '/docs/teams/invitations/add-invitation');
  // Typos: one edit in each word.
  assert.equal((await firstResult(page, '/docs/', 'restrat servr')).path, '/docs/servers/restart-server');
  assert.equal((await firstResult(page, '/docs/', 'certficate')).path.startsWith('/docs/ssl-certificates/'), true);
  await page.close();
});

test('a task question opens the task, not the section overview or a sibling task', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  assert.equal((await firstResult(page, '/docs/', 'create app')).path, '/docs/applications/add-application');
  assert.equal((await firstResult(page, '/docs/', 'new pipeline')).path, '/docs/pipelines/add-pipeline');
  assert.equal((await firstResult(page, '/docs/', 'cancel subscription')).path, '/docs/users/subscriptions/cancel-subscription');
  assert.equal((await firstResult(page, '/docs/', 'delete ssh key')).path, '/docs/ssh-keys/remove-ssh-key');
  // A bare concept question gets the overview.
  assert.equal((await firstResult(page, '/docs/', 'what is an environment')).path, '/docs/environments/');
  await page.close();
});

test('a pasted error message opens the troubleshooting section that explains it', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  const result = await firstResult(page, '/docs/', 'step failed with agent_unreachable');
  assert.equal(result.path, '/docs/actions/view-action');
  assert.match(page.url(), /#a-step-failed-with-agent_unreachable$/);
  await page.close();
});

test('no dead ends: a query with a word no page holds still shows the pages that match the rest', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  assert.equal((await firstResult(page, '/docs/', 'restart zqxvw server')).path, '/docs/servers/restart-server');
  await page.close();
});

test('body text of any section is found from the search box, without leaving it', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  // "logrotate" appears only in the body text of the Files section; the reader is on a legal page.
  const result = await firstResult(page, '/docs/legal/privacy-policy', 'logrotate');
  assert.match(result.path, /^\/docs\/files\//);
  await page.close();
});

test('the legal context offers results within the context, and outside it when nothing matches there', async () => {
  const {page} = await visit(site, '/docs/legal/privacy-policy');
  const menu = await typeQuery(page, 'privacy');
  await menu.getByText('See all results within "Legal"').click();
  await page.waitForURL(/\/search\/?\?q=privacy&ctx=docs%2Flegal$/);
  const titles = page.locator('ol[aria-label="Search results"] h2 a');
  await titles.first().waitFor();
  for (const href of await titles.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    assert.match(/** @type {string} */ (href), /^\/docs\/legal\//);
  }
  await page.close();
});

test('/search shows first results from the first tier, then searches the rest of the text progressively', async () => {
  /** @type {string[]} */
  const fetched = [];
  const {page, external} = await visit(site, '/search?q=add+server', {
    beforeLoad: (tab) => tab.on('requestfinished', (request) => fetched.push(path.basename(new URL(request.url()).pathname))),
  });
  const results = page.locator('ol[aria-label="Search results"] > li');
  await results.first().waitFor();
  const beforeFirst = fetched.filter((f) => f.startsWith('search-'));
  assert.ok(gzipKb(beforeFirst) <= 150, `${gzipKb(beforeFirst).toFixed(1)} KB gzip before the first results`);
  assert.equal(
    await results
      .first()
      .locator('h2 a')
      .getAttribute('href')
      .then((h) => h?.split('?')[0]),
    '/docs/servers/add-server',
  );
  assert.equal(await page.title(), 'Search results for "add server" | Docs');
  // The rest arrives: the progress line goes away when every section's text has been searched.
  await page.getByText(/Searching the text of every page/).waitFor({state: 'detached', timeout: 15000});
  await page
    .getByRole('status')
    .getByText(/\d+\+? pages? found/)
    .waitFor();
  assert.ok(fetched.filter((f) => f.startsWith('search-text')).length > 20, "every section's text");

  // A word of the body text only: found once the text has arrived.
  await page.getByRole('searchbox', {name: 'Search'}).fill('logrotate');
  await page.locator('ol[aria-label="Search results"] a[href^="/docs/files/"]').first().waitFor();

  // Partial matches say so; nonsense says "No results".
  await page.goto(site.server.url + '/search?q=restart+zqxvw+server');
  await page.getByText('No page contains every word you searched for. These pages match some of them.').waitFor();
  await visit(site, '/search?q=zqxjvbnonsenseword', {page});
  await page.getByText('No results', {exact: true}).waitFor({timeout: 15000});
  assert.deepEqual(external, []);
  await page.close();
});

test('hostile queries execute nothing and throw nothing', async () => {
  let dialogs = 0;
  /** @param {import('playwright-core').Page} tab */
  const countDialogs = async (tab) => {
    tab.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await tab.addInitScript(() => {
      window.__pwned = 0;
    });
  };
  let page;
  let errors;
  let external;
  const hostile = [
    '<img src=x onerror="window.__pwned++;alert(1)">',
    '"><script>window.__pwned++</script>',
    '.*+?^${}()|[]\\',
    '(((((((((((a',
    'x'.repeat(5000),
    '\u0000\u202e%00%2e%2e/',
    'constructor __proto__ prototype',
  ];
  for (const query of hostile) {
    ({page, errors, external} = await visit(site, '/search?q=' + encodeURIComponent(query), {page, beforeLoad: countDialogs}));
    await page.waitForTimeout(300);
    assert.equal(await page.locator('img[src="x"]').count(), 0);
  }
  assert.ok(page && errors);
  await visit(site, '/docs/', {page});
  for (const query of hostile) {
    await searchBox(page).click();
    await searchBox(page).fill(query);
    await page.waitForTimeout(300);
  }
  assert.equal(await page.evaluate(() => window.__pwned), 0);
  assert.equal(dialogs, 0);
  assert.deepEqual(errors.map(String), []);
  assert.deepEqual(external, []);
  await page.close();
});

// Readers search in their own words; the best page must be the first result.
/** @type {[string, RegExp][]} */
const readerQueries = [
  ['join a team', /\/docs\/teams\/(invitations|members)\//],
  ['delete environment', /\/docs\/environments\/archive-environment/],
  ['api authentication', /\/docs\/api\//],
  ['turn off server', /\/docs\/servers\/stop-server/],
  ['reboot server', /\/docs\/servers\/restart-server/],
  ['ec2 instance', /\/docs\/servers\/add-aws-server/],
  ['security group', /\/docs\/network-rules\//],
  ['certificate renewal', /\/docs\/ssl-certificates\//],
  ['crontab', /\/docs\/cronjobs\//],
  ['queue worker', /\/docs\/daemons\//],
  ['secrets', /\/docs\/variables\//],
  ['web server config', /\/docs\/virtual-hosts\//],
  ['rollback', /\/docs\/applications\/deploy-application/],
  ['roll back deployment', /\/docs\/applications\/deploy-application/],
  ['firewall', /\/docs\/network-rules\//],
  ['add user', /\/docs\/teams\/invitations\/add-invitation/],
  ['delete server', /\/docs\/servers\/(delete-cloudprovider-server|remove-server)/],
  ['env var', /\/docs\/variables\//],
  ['billing', /\/docs\/users\/subscriptions\//],
  ['github actions', /\/docs\/applications\/integrate-application-deployments-to-ci-workflows/],
  ['verify webhook signature', /\/docs\/webhooks\/create-outgoing-webhook/],
  ['revoke token', /\/docs\/api-tokens\/.*revoke/],
];

test("searching in a reader's own words opens the right page first", async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  const failures = [];
  for (const [query, expected] of readerQueries) {
    const {path: landed} = await firstResult(page, '/docs/projects/', query);
    if (!expected.test(landed)) failures.push(`"${query}" opened ${landed}`);
  }
  await page.close();
  assert.deepEqual(failures, []);
});

test('changelog entries are found: by their subject, and by "changelog" or "what\'s new"', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  assert.equal((await firstResult(page, '/docs/', 'ubuntu 22.04 deprecated')).path, '/docs/changelog/2026-10-07-ubuntu-22-04-image-deprecated');
  assert.equal((await firstResult(page, '/docs/servers/', 'changelog')).path, '/docs/changelog/');
  assert.equal((await firstResult(page, '/docs/', "what's new")).path, '/docs/changelog/');
  await page.close();
});
