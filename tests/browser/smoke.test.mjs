/**
 * Smoke test: the few things a reader does first, in real Chromium, on the
 * site served with its hosting rules. It runs with the rest of the browser
 * tests, and on its own in `npm run upgrade:rehearse`, where it is the check
 * that a newer Docusaurus still gives readers a working site.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser, visit} from '../helpers.mjs';

const site = withSiteAndBrowser();

test('the docs home, a task page and a reference page render their content and hydrate without errors', async () => {
  for (const [route, heading, text] of [
    ['/docs/', 'Launchdeck documentation', 'Servers'],
    ['/docs/servers/add-aws-server', 'Add a server on AWS', 'Required permission: server:create'],
    ['/docs/api/reference/servers/create-server', 'Add a server', 'POST\\s+/environments/\\{environment_id\\}/servers'],
  ]) {
    const {page, response, errors, external} = await visit(site, route);
    assert.equal(response?.status(), 200, route);
    assert.equal((await page.getByRole('heading', {level: 1}).textContent())?.trim(), heading, route);
    assert.match(await page.locator('main').innerText(), new RegExp(text), route);
    assert.match(await page.title(), / \| Docs$/, route);
    assert.deepEqual(errors.map(String), [], `${route}: page errors`);
    assert.deepEqual(external, [], `${route}: requests leaving the site`);
    await page.close();
  }
});

test('the sidebar shows every section as a category with its caret, which opens onto its pages', async () => {
  // Each section's pages come with its route table (src/internals, seam route-tables); until then the category must
  // still be one: Docusaurus 3.10 draws a category without items as a plain link.
  const {page, errors} = await visit(site, '/docs/servers/add-aws-server');
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  for (const [section, child] of [
    ['Projects', 'Add a project'],
    ['Webhooks', 'Create an incoming webhook'],
  ]) {
    const category = sidebar.locator('.menu__list-item-collapsible').filter({has: page.getByRole('link', {name: section, exact: true})});
    await category.getByRole('button').click();
    await sidebar.getByRole('link', {name: child, exact: true}).waitFor();
  }
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('a code block is highlighted and its copy button copies the code', async () => {
  await site.browser.context.grantPermissions(['clipboard-write'], {origin: site.server.url});
  // The site's Permissions-Policy forbids reading the clipboard, so the test watches what is written to it.
  const {page} = await visit(site, '/docs/servers/add-aws-server', {
    beforeLoad: (tab) =>
      tab.addInitScript(() => {
        const write = navigator.clipboard.writeText.bind(navigator.clipboard);
        navigator.clipboard.writeText = (text) => ((window.__copied = text), write(text));
      }),
  });
  const block = page
    .locator('.theme-code-block:visible')
    .filter({has: page.locator('.token')})
    .first();
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await block.getByRole('button', {name: 'Copied'}).waitFor();
  const copied = await page.evaluate(() => window.__copied);
  assert.equal(copied, (await block.locator('code').innerText()).replace(/\n$/, ''));
  await page.close();
});

test('moving from a guide to the API reference and back needs no full page load', async () => {
  const {page, errors} = await visit(site, '/docs/api/reference/');
  await page.evaluate(() => (window.__stillHere = true));
  await page.locator('main').getByRole('link', {name: 'Add a server', exact: true}).click();
  await page.waitForURL(/\/docs\/api\/reference\/servers\/create-server$/);
  await page.getByRole('heading', {level: 1, name: 'Add a server'}).waitFor();
  await page.goBack();
  await page.waitForURL(/\/docs\/api\/reference\/$/);
  assert.equal(await page.evaluate(() => window.__stillHere), true, 'the same document, not a full page load');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('the search box answers from any page, and /search lists results', async () => {
  const {page} = await visit(site, '/docs/servers/');
  await page.keyboard.press('Control+k');
  const input = page.locator('input.navbar__search-input');
  await input.fill('add a server on aws');
  const first = page.locator('.navbar__search [role="listbox"] [role="option"]').first();
  await first.waitFor();
  assert.match(await first.innerText(), /Add a server on AWS/);
  await page.goto(`${site.server.url}/search?q=${encodeURIComponent('rotate ssh key')}`);
  const result = page.locator('ol[aria-label="Search results"] li').first();
  await result.waitFor();
  assert.match(await result.innerText(), /Rotate/i);
  await page.close();
});

test('the colour switch changes the theme, which starts dark', async () => {
  const {page} = await visit(site, '/docs/');
  const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  assert.equal(await theme(), 'dark');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  assert.equal(await theme(), 'light');
  await page.close();
});

test('an unknown address answers 404 with the not-found page', async () => {
  for (const route of ['/docs/no-such-page', '/docs/api/reference/servers/no-such-operation']) {
    const {page, response} = await visit(site, route);
    assert.equal(response?.status(), 404, route);
    assert.equal((await page.getByRole('heading', {level: 1}).textContent())?.trim(), 'This page does not exist', route);
    assert.ok(await page.getByRole('searchbox', {name: 'Search the documentation'}).isVisible(), route);
    await page.close();
  }
});
