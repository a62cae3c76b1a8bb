/**
 * Local search: Ctrl+K focuses the search box, a query finds the expected
 * page (also across sections), /search shows results and "No results", and
 * hostile queries execute nothing and throw nothing. No request may leave
 * the local server.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser, openPage, waitForHydration} from '../helpers.mjs';

const site = withSiteAndBrowser();

const searchBox = (page) => page.locator('input.navbar__search-input');

async function typeQuery(page, query) {
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__search-input'));
  await searchBox(page).fill(query);
  const menu = page.locator('.navbar__search [role="listbox"]');
  await menu.waitFor({state: 'visible'});
  return menu;
}

test('Ctrl+K focuses search, shows the shortcut hint, and a query opens the expected page', async () => {
  const {page, external, errors} = await openPage(site.browser.context, site.server.url);
  await page.goto(site.server.url + '/docs/projects/');
  await waitForHydration(page);
  assert.ok(await page.locator('.navbar__search kbd').first().isVisible(), 'shortcut hint');
  const menu = await typeQuery(page, 'ssh key pair');
  await menu.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/docs\/ssh-keys\/create-ssh-key-pair/);
  // The search terms are highlighted on the target page.
  await page.locator('article mark').first().waitFor();
  assert.deepEqual(external, []);
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('searching from one section still finds the best page of another section first', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  await page.goto(site.server.url + '/docs/servers/add-aws-server');
  await waitForHydration(page);
  const menu = await typeQuery(page, 'invitation');
  await menu.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/docs\/teams\/invitations\//);
  await page.close();
});

test('the search box downloads a small index only when used', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(site.server.url + '/docs/servers/add-aws-server');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(requested.filter((p) => p.startsWith('/search-')), [], 'no index before the reader searches');
  const before = requested.length;
  const menu = await typeQuery(page, 'firewall');
  await menu.getByRole('option').first().waitFor();
  assert.match(await menu.getByRole('option').first().innerText(), /network rule|firewall/i);
  const indexes = requested.slice(before).filter((p) => p.startsWith('/search-')).map((p) => p.replace(/-[0-9a-z]+\.json$/, ''));
  // Titles, headings and keywords of every page, plus the text of this section; never the full index.
  assert.deepEqual(indexes.sort(), ['/search-lite', '/search-text-docs-servers']);
  await page.close();
});

test('the legal context offers results within and outside the context', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  await page.goto(site.server.url + '/docs/legal/privacy-policy');
  await waitForHydration(page);
  let menu = await typeQuery(page, 'privacy');
  await menu.getByText('See all results within "Legal"').waitFor();
  // A page of another section still comes first when its title matches best.
  await searchBox(page).fill('');
  menu = await typeQuery(page, 'crontab');
  assert.match(await menu.getByRole('option').first().innerText(), /cron job/i);
  // A word only in the body text of another section: the outside link finds it.
  await searchBox(page).fill('');
  menu = await typeQuery(page, 'logrotate');
  const outside = menu.getByText('See all results outside "Legal"');
  await outside.waitFor();
  await outside.click();
  await page.waitForURL(/\/search\/?\?q=logrotate$/);
  await page.locator('article h2 a[href^="/docs/files/"]').first().waitFor();
  await page.close();
});

test('/search?q= shows results, and "No results" for nonsense', async () => {
  const {page, external} = await openPage(site.browser.context, site.server.url);
  await page.goto(site.server.url + '/search?q=server');
  await waitForHydration(page);
  await page.getByText(/\d+ documents? found/).waitFor();
  assert.ok((await page.locator('article h2 a').count()) > 0);
  assert.equal(await page.title(), 'Search results for "server" | Docs');
  await page.goto(site.server.url + '/search?q=zqxjvbnonsenseword');
  await waitForHydration(page);
  await page.getByText('No results', {exact: true}).waitFor();
  assert.deepEqual(external, []);
  await page.close();
});

test('hostile queries execute nothing and throw nothing', async () => {
  const {page, errors, external} = await openPage(site.browser.context, site.server.url);
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__pwned = 0;
  });
  const hostile = [
    '<img src=x onerror="window.__pwned++;alert(1)">',
    '"><script>window.__pwned++</script>',
    '.*+?^${}()|[]\\',
    '(((((((((((a',
    'x'.repeat(5000),
    '\u0000\u202e%00%2e%2e/',
  ];
  for (const query of hostile) {
    await page.goto(site.server.url + '/search?q=' + encodeURIComponent(query));
    await waitForHydration(page);
    await page.waitForTimeout(300);
    assert.equal(await page.locator('img[src="x"]').count(), 0);
  }
  await page.goto(site.server.url + '/docs/');
  await waitForHydration(page);
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

test('searching in a reader\'s own words opens the right page first', async () => {
  const {page} = await openPage(site.browser.context, site.server.url);
  const failures = [];
  for (const [query, expected] of readerQueries) {
    await page.goto(site.server.url + '/docs/projects/');
    await waitForHydration(page);
    const menu = await typeQuery(page, query);
    await menu.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/docs/projects/') || url.search !== '');
    const landed = new URL(page.url()).pathname;
    if (!expected.test(landed)) failures.push(`"${query}" opened ${landed}`);
  }
  await page.close();
  assert.deepEqual(failures, []);
});
