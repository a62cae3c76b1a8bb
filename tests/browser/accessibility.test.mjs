/**
 * Accessibility: zero axe-core violations (WCAG 2.2 A and AA rules) on every
 * route in both colour modes and at phone width, plus keyboard checks.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {axeViolations, readRoutes, withSiteAndBrowser, visit, buildDir} from '../helpers.mjs';

const routes = readRoutes();
/** API reference pages (generated): the overview and operations of each shape. */
const referenceRoutes = [
  '/docs/api/reference/',
  '/docs/api/reference/servers/create-server',
  '/docs/api/reference/servers/list-servers',
  '/docs/api/reference/agent/get-agent-install-script',
];

const site = withSiteAndBrowser();

const violationsOf = axeViolations;

for (const theme of ['dark', 'light']) {
  test(`no axe violations on any page in the ${theme} theme`, async () => {
    let page;
    const failures = [];
    for (const route of [...routes.map((r) => r.path), ...referenceRoutes, '/docs/this-page-does-not-exist']) {
      ({page} = await visit(site, route, {page, theme}));
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      // Collapsed field tables of the API reference count too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
      const violations = await violationsOf(page);
      if (violations.length) failures.push(`${route}: ${violations.join('; ')}`);
    }
    await page.close();
    assert.deepEqual(failures, []);
  });
}

test('no axe violations at phone width (375 px) on one page of each kind, in both themes', async () => {
  const failures = [];
  for (const theme of ['dark', 'light']) {
    let page;
    for (const route of ['/docs/', '/docs/servers/', '/docs/servers/add-aws-server', referenceRoutes[1], '/search?q=server', '/docs/nope']) {
      ({page} = await visit(site, route, {page, theme, phone: true}));
      const violations = await violationsOf(page);
      if (violations.length) failures.push(`${theme} ${route}: ${violations.join('; ')}`);
    }
    // The open mobile menu too.
    await visit(site, '/docs/servers/', {page});
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await page.locator('.navbar-sidebar').waitFor({state: 'visible'});
    await page.waitForTimeout(600); // let the slide-in transition finish before measuring contrast
    const violations = await violationsOf(page);
    if (violations.length) failures.push(`${theme} mobile menu: ${violations.join('; ')}`);
    await page.close();
  }
  assert.deepEqual(failures, []);
});

test('no page scrolls sideways on a phone: wide tables scroll in their own labelled, focusable region', async () => {
  let page;
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const all = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  assert.ok(all.length > 300, 'every page of the sitemap, the API reference included');
  const failures = [];
  let scrolling = 0;
  for (const route of all) {
    ({page} = await visit(site, route, {page, phone: true, waitUntil: 'load', hydrate: false}));
    const found = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      regions: [...document.querySelectorAll('.theme-doc-markdown table')].map((table) => {
        const region = table.parentElement;
        return {ok: region.matches('.ld-table[role=region][tabindex="0"][aria-label^="Table"]'), scrolls: region.scrollWidth > region.clientWidth + 1};
      }),
    }));
    if (found.overflow > 1) failures.push(`${route}: the page scrolls ${found.overflow} px sideways`);
    if (found.regions.some((r) => !r.ok)) failures.push(`${route}: a table outside a labelled, focusable region`);
    scrolling += found.regions.filter((r) => r.scrolls).length;
  }
  await page.close();
  assert.deepEqual(failures, []);
  assert.ok(scrolling > 0, 'some tables are wider than a phone, and scroll in their region');
});

test('the skip-to-content link is the first stop and moves focus to the content', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  assert.ok(await skip.evaluate((el) => el === document.activeElement));
  assert.ok(await skip.isVisible(), 'visible on focus');
  await page.keyboard.press('Enter');
  // Docusaurus moves the sequential focus starting point to <main>: the next
  // Tab lands inside the content, past the navbar and the sidebar.
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(() => Boolean(document.querySelector('main')?.contains(document.activeElement)));
  assert.ok(focusedInMain, 'the next Tab after "Skip to main content" is inside the main content');
  await page.close();
});

test('every interactive element reached with Tab shows a visible focus indicator', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server');
  const missing = [];
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow && style.boxShadow !== 'none';
      return {name: `${el.tagName.toLowerCase()} ${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}`, visible: outline || shadow};
    });
    if (info && !info.visible) missing.push(info.name);
  }
  await page.close();
  assert.deepEqual(missing, []);
});

test('Escape closes the search results and returns focus to where the reader was', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers');
  const link = page.locator('article a').first();
  await link.focus();
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__search-input'));
  await page.keyboard.type('server');
  await page.locator('.navbar__search [role="listbox"] [role="option"]').first().waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.closest('article') !== null);
  assert.equal(await page.locator('.navbar__search [role="listbox"]').isVisible(), false);
  await page.close();
});

test('the mobile menu takes focus, keeps Tab inside, closes with Escape and returns focus', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers', {phone: true});
  const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.locator('.navbar-sidebar').waitFor({state: 'visible'});
  await page.waitForFunction(() => document.querySelector('.navbar-sidebar')?.contains(document.activeElement));
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => document.querySelector('.navbar-sidebar')?.contains(document.activeElement));
    assert.ok(inside, `Tab ${i + 1} left the menu`);
  }
  await page.keyboard.press('Shift+Tab');
  assert.ok(await page.evaluate(() => document.querySelector('.navbar-sidebar')?.contains(document.activeElement)));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
  await page.waitForFunction(() => document.activeElement?.classList.contains('navbar__toggle'));
  await page.close();
});
