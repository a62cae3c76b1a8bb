/**
 * The API reference in Chromium: its pages load without errors and with the
 * Documentation tab active, the language of the code samples is remembered
 * from page to page, guides lead to it and back, an unknown reference address
 * shows the not-found page, and search finds operations by method and path or
 * by operation ID.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser, visit} from '../helpers.mjs';

const site = withSiteAndBrowser();

test('a reference page shows its operation, hydrates without errors, and keeps the docs navigation', async () => {
  /** @type {string[]} */
  const consoleErrors = [];
  const {page, errors, external} = await visit(site, '/docs/api/reference/servers/create-server', {
    beforeLoad: (tab) => tab.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text())),
  });
  await page.getByRole('heading', {level: 1, name: 'Add a server'}).waitFor();
  assert.match(await page.locator('.api-endpoint').innerText(), /POST\s+\/environments\/\{environment_id\}\/servers/);
  assert.equal(await page.locator('.navbar__link--active', {hasText: 'Documentation'}).count(), 1, 'the Documentation tab is active');
  assert.equal(await page.locator('.menu__link--active', {hasText: 'Add a server'}).count(), 1, 'the sidebar shows where the reader is');
  // The sidebar takes the reader to another operation without a full page load.
  await page.locator('.menu__link', {hasText: 'Stop a server'}).last().click();
  await page.getByRole('heading', {level: 1, name: 'Stop a server'}).waitFor();
  assert.deepEqual(errors.map(String), []);
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(external, []);
  await page.close();
});

test("links inside a reference page's tables and notes move within the site without a full page load", async () => {
  const {page, errors} = await visit(site, '/docs/api/reference/servers/create-server');
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  // In the notes under the title, written as HTML at build time.
  await page.locator('.api-static a', {hasText: 'View an action'}).click();
  await page.getByRole('heading', {level: 1, name: 'View an action'}).waitFor();
  assert.match(page.url(), /\/docs\/api\/reference\/actions\/get-action$/);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  // The page rendered in the browser shows its parameters, as the server rendered them.
  assert.match(await page.locator('.api-params').first().innerText(), /action_id/);
  // A link to a section of another page keeps its anchor.
  await page.locator('.api-static a', {hasText: 'Errors'}).first().click();
  await page.waitForURL(/\/docs\/api\/#errors$/);
  await page.getByRole('heading', {level: 2, name: 'Errors'}).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('the chosen sample language is remembered on every reference page', async () => {
  const {page} = await visit(site, '/docs/api/reference/servers/start-server');
  await page.getByRole('tab', {name: 'Python'}).click();
  await page.locator('[role="tabpanel"]:not([hidden]) code', {hasText: 'requests.post('}).waitFor();
  await visit(site, '/docs/api/reference/pipelines/run-pipeline', {page});
  assert.equal(await page.getByRole('tab', {name: 'Python'}).getAttribute('aria-selected'), 'true');
  await page.close();
});

test("a guide's API tab links to the operation, and the operation page lists the guide", async () => {
  const {page} = await visit(site, '/docs/servers/stop-server');
  await page.getByRole('tab', {name: 'API'}).first().click();
  await page.getByRole('link', {name: 'POST /servers/{server_id}/stop'}).click();
  await page.getByRole('heading', {level: 1, name: 'Stop a server'}).waitFor();
  assert.match(page.url(), /\/docs\/api\/reference\/servers\/stop-server$/);
  // The guide's h1 is the same words: wait for the reference page itself (Docusaurus shows the old page until the new one has loaded).
  const guides = page.locator('h2:has-text("Guides that use it") + ul a');
  await guides.first().waitFor();
  assert.ok((await guides.allInnerTexts()).includes('Stop a server'));
  await page.close();
});

test('an unknown address under the reference shows the not-found page, without a hydration error', async () => {
  /** @type {string[]} */
  const consoleErrors = [];
  const {page, response} = await visit(site, '/docs/api/reference/servers/no-such-operation', {
    beforeLoad: (tab) => tab.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && consoleErrors.push(m.text())),
  });
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', {level: 1, name: 'This page does not exist'}).waitFor();
  await page.waitForTimeout(300);
  assert.deepEqual(consoleErrors, []);
  await page.close();
});

test('search finds an operation by method and path, or by operation ID', async () => {
  let page;
  for (const query of ['POST /servers', 'createServer', 'post environments servers']) {
    ({page} = await visit(site, '/docs/', {page}));
    await page.keyboard.press('Control+k');
    await page.locator('input.navbar__search-input').fill(query);
    const first = page.locator('.navbar__search [role="listbox"] [role="option"]').first();
    await first.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/api\/reference\//);
    assert.match(new URL(page.url()).pathname, /\/docs\/api\/reference\/servers\/create-server$/, query);
  }
  // Words that ask for a task still open the guide.
  assert.ok(page);
  await visit(site, '/docs/', {page});
  await page.keyboard.press('Control+k');
  await page.locator('input.navbar__search-input').fill('add a server');
  await page.locator('.navbar__search [role="listbox"] [role="option"]').first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/docs/');
  assert.equal(new URL(page.url()).pathname, '/docs/servers/add-server');
  await page.close();
});
