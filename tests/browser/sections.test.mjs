/**
 * Each guide section's routes load with the section (seam "route-tables",
 * src/internals/README.md): the table every page loads holds one route per
 * section, and a section's pages come with it. Readers keep everything a page
 * in the main table had: moving within a section and between sections without
 * a full page load, back and forward, links to a heading of another page,
 * unknown addresses answered by the not-found page, links prefetched when in
 * view and preloaded on hover, and pages readable without JavaScript. The
 * sidebar lists every section; a section's pages come with it, when the
 * reader is in it or opens it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, eventually, launchBrowser, visit, withSiteAndBrowser} from '../helpers.mjs';

const site = withSiteAndBrowser();

/**
 * Records the JavaScript files the tab asks for from now on (loaded, or prefetched with `<link rel="prefetch">`,
 * whose bodies the browser does not hand to the test: each file is read from the build instead).
 * @param {import('playwright-core').Page} page
 */
function recordScripts(page) {
  /** @type {Set<string>} */
  const files = new Set();
  page.on('requestfinished', (request) => {
    const {pathname} = new URL(request.url());
    if (/^\/assets\/js\/.+\.js$/.test(pathname)) files.add(pathname);
  });
  const texts = () => [...files].map((file) => fs.readFileSync(path.join(buildDir, file), 'utf8'));
  return {
    /** Whether a script asked for holds the metadata of the page at `route` (each page's own chunk). */
    async hasPage(/** @type {string} */ route) {
      return texts().some((text) => text.includes(`"permalink":"${route}"`));
    },
    /** Whether a script asked for is a route table with the page at `route` (its section's table). */
    async routes(/** @type {string} */ route) {
      return texts().some((text) => text.includes(`path:"${route}"`));
    },
  };
}

test('moving within a section, to another section and back needs no full page load', async () => {
  const {page, errors} = await visit(site, '/docs/servers/');
  await page.evaluate(() => (window.__stillHere = true));
  // Within the section: a card of the section page.
  await page
    .locator('main')
    .getByRole('link', {name: /Add on AWS/})
    .first()
    .click();
  await page.waitForURL(/\/docs\/servers\/add-aws-server$/);
  await page.getByRole('heading', {level: 1, name: 'Add a server on AWS'}).waitFor();
  // To another section: a link in the text.
  await page.locator('main article a[href$="/docs/credentials/add-aws-credential"]').first().click();
  await page.waitForURL(/\/docs\/credentials\/add-aws-credential$/);
  const credentialH1 = (await page.locator('h1').first().innerText()).trim();
  assert.match(credentialH1, /AWS/);
  // Back twice, then forward.
  await page.goBack();
  await page.waitForURL(/\/docs\/servers\/add-aws-server$/);
  await page.getByRole('heading', {level: 1, name: 'Add a server on AWS'}).waitFor();
  await page.goBack();
  await page.waitForURL(/\/docs\/servers\/$/);
  await page.getByRole('heading', {level: 1, name: 'Servers'}).waitFor();
  await page.goForward();
  await page.getByRole('heading', {level: 1, name: 'Add a server on AWS'}).waitFor();
  assert.equal(await page.evaluate(() => window.__stillHere), true, 'the same document, not a full page load');
  // The sidebar marks the page open in the other section's category.
  assert.equal(await page.locator('.theme-doc-sidebar-menu a.menu__link--active[href$="/docs/servers/add-aws-server"]').count(), 1);
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('back to a page of another section returns to where the reader was on it', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server');
  const link = page.locator('main article a[href$="/docs/credentials/add-aws-credential"]').last();
  await link.scrollIntoViewIfNeeded();
  const where = await page.evaluate(() => window.scrollY);
  assert.ok(where > 300, `the link is down the page (scrolled to ${where})`);
  await link.click();
  await page.waitForURL(/\/docs\/credentials\/add-aws-credential$/);
  await eventually(async () => (await page.evaluate(() => window.scrollY)) < 50, 'the next page did not open at its top');
  await page.goBack();
  await page.waitForURL(/\/docs\/servers\/add-aws-server$/);
  await eventually(async () => Math.abs((await page.evaluate(() => window.scrollY)) - where) < 50, `back did not return to ${where}`);
  await page.close();
});

test('a link to a heading of a page in another section opens the page at that heading', async () => {
  const {page, errors} = await visit(site, '/docs/subnets/add-subnet');
  await page.evaluate(() => (window.__stillHere = true));
  await page.locator('main article a[href$="/docs/networks/#plan-your-address-ranges"]').first().click();
  await page.waitForURL(/\/docs\/networks\/#plan-your-address-ranges$/);
  await page.getByRole('heading', {level: 1, name: 'Networks'}).waitFor();
  const heading = page.locator('#plan-your-address-ranges');
  await heading.waitFor();
  await eventually(async () => {
    const box = await heading.boundingBox();
    return Boolean(box && box.y >= 0 && box.y < (page.viewportSize()?.height ?? 800));
  }, 'the heading is not on the screen');
  assert.equal(await page.evaluate(() => window.__stillHere), true, 'the same document, not a full page load');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('opening a page of a section at a heading, and an unknown address in a section', async () => {
  const {page, errors} = await visit(site, '/docs/servers/add-aws-server#troubleshooting');
  const box = await page.locator('#troubleshooting').boundingBox();
  assert.ok(box && box.y >= 0 && box.y < (page.viewportSize()?.height ?? 800), `the heading is on the screen (y = ${box?.y})`);
  assert.deepEqual(errors.map(String), []);
  const consoleErrors = /** @type {string[]} */ ([]);
  page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && consoleErrors.push(m.text()));
  const {response} = await visit(site, '/docs/servers/no-such-page', {page});
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', {level: 1, name: 'This page does not exist'}).waitFor();
  await page.waitForTimeout(300);
  assert.deepEqual(consoleErrors, []);
  await page.close();
});

test("links in view are prefetched while the browser is idle: a page of the reader's section, another section's table", async () => {
  /** @type {ReturnType<typeof recordScripts> | undefined} */
  let scripts;
  const {page} = await visit(site, '/docs/servers/', {
    beforeLoad: (tab) => {
      scripts = recordScripts(tab);
    },
  });
  const recorded = /** @type {ReturnType<typeof recordScripts>} */ (scripts);
  // The section page's cards link its pages: their chunks come before any click.
  await eventually(() => recorded.hasPage('/docs/servers/add-aws-server'), 'the page of a card in view was never prefetched');
  // The docs home links every section: each section's table comes (its pages' chunks come on hover).
  await visit(site, '/docs/', {page});
  await eventually(() => recorded.routes('/docs/credentials/add-aws-credential'), "the Credentials section's table was never prefetched from the docs home");
  await page.close();
});

test('a link is preloaded when the pointer is on it, before the click', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server', {
    // No idle prefetching, so that only the pointer can ask for the page.
    beforeLoad: (tab) =>
      tab.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      }),
  });
  const scripts = recordScripts(page);
  const link = page.locator('main article a[href$="/docs/credentials/add-aws-credential"]').first();
  await link.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  assert.equal(await scripts.hasPage('/docs/credentials/add-aws-credential'), false, 'not asked for before the pointer is on the link');
  await link.hover();
  await eventually(() => scripts.hasPage('/docs/credentials/add-aws-credential'), 'the linked page was not loaded on hover');
  await page.close();
});

test("a section's page is readable without JavaScript, with every section and the section's pages in the sidebar", async () => {
  const noJs = await launchBrowser({javaScriptEnabled: false});
  try {
    const page = await noJs.context.newPage();
    await page.goto(site.server.url + '/docs/credentials/add-aws-credential');
    assert.match(await page.locator('h1').first().innerText(), /AWS/);
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    for (const section of ['/docs/servers/', '/docs/pipelines/', '/docs/api/']) {
      assert.equal(await sidebar.locator(`a[href="${section}"]`).count(), 1, `the sidebar links ${section}`);
    }
    assert.ok((await sidebar.locator('a[href^="/docs/credentials/"]').count()) >= 5, "the sidebar lists the section's pages");
  } finally {
    await noJs.close();
  }
});

test("the sidebar lists every section, and a section's pages once the reader opens it or goes there", async () => {
  const {page, errors} = await visit(site, '/docs/servers/add-aws-server');
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  for (const section of ['/docs/servers/', '/docs/credentials/', '/docs/pipelines/', '/docs/teams/']) {
    assert.equal(await sidebar.locator(`a.menu__link[href="${section}"]`).count(), 1, `the sidebar links ${section}`);
  }
  // The reader's section is open, with its pages, as the server rendered it.
  assert.ok((await sidebar.locator('a.menu__link[href^="/docs/servers/"]').count()) >= 10, "the Servers section's pages are listed");
  // Another section opens with its pages. A click that comes before any hover or focus (the items not loaded yet) still opens it with them.
  const credentials = sidebar.locator('li', {has: page.locator('a.menu__link[href="/docs/credentials/"]')}).first();
  await credentials
    .getByRole('button', {name: /Expand sidebar category/})
    .evaluate((button) => button.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true})));
  const credentialLink = sidebar.locator('a.menu__link[href="/docs/credentials/add-aws-credential"]');
  // Really on the screen: the element at the link's middle is the link (an open list stuck at no height would clip it).
  await eventually(
    async () =>
      (await credentialLink.count()) === 1 &&
      (await credentialLink.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return box.height > 0 && link.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      })),
    "the Credentials section's pages never showed in the sidebar",
  );
  // Going to a page of a third section opens its category, with its pages, and the breadcrumb names it.
  await sidebar.locator('a.menu__link[href="/docs/teams/"]').click();
  await page.getByRole('heading', {level: 1, name: 'Teams'}).waitFor();
  await eventually(async () => (await sidebar.locator('a.menu__link[href^="/docs/teams/"]').count()) >= 3, "the Teams section's pages never appeared");
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test("a reference page's sidebar holds the API section around the reference's own items", async () => {
  const {page, errors} = await visit(site, '/docs/api/reference/servers/create-server');
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  assert.equal(await sidebar.locator('a.menu__link[href="/docs/api/"]').count(), 1);
  assert.equal(await sidebar.locator('a.menu__link[href="/docs/api/reference/"]').count(), 1);
  assert.equal(await sidebar.locator('a.menu__link--active[href="/docs/api/reference/servers/create-server"]').count(), 1);
  assert.deepEqual(errors.map(String), []);
  await page.close();
});
