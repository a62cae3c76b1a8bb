/**
 * Accessibility: zero axe-core violations (WCAG 2.2 A and AA rules) on every
 * route in both colour modes and at phone width, plus keyboard checks.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {axeViolations, launchBrowser, readRoutes, withSiteAndBrowser, visit} from '../helpers.mjs';

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

/** What differs between the color modes: axe's rules about colour. */
const colorRules = ['color-contrast', 'link-in-text-block'];

// One visit per page for three checks, to keep the suite's time: every rule in
// the dark theme, then the theme switched on the page with the navbar's button,
// as a reader does, and the colour rules in the light theme (the other rules
// see the same page; test 3 below runs every rule in both themes on each kind
// of page); and, for the canonical routes, what routes.tsv promises of a page.
test('every page: no axe violations in either color mode, one h1 and "<title> | Docs"', async (t) => {
  const failures = /** @type {{dark: string[], light: string[], page: string[]}} */ ({dark: [], light: [], page: []});
  const all = [...routes.map((r) => r.path), ...referenceRoutes, '/docs/this-page-does-not-exist'];
  // Two browsers share the list: while one runs axe, the other loads its next
  // page (the suite's longest test, about a fifth of CI's time). Not two tabs of
  // one profile: switching the theme in one would switch it in the other.
  const second = await launchBrowser();
  const visits = await Promise.all(
    [site, {server: site.server, browser: second}].map((lane, n) =>
      checkEach(
        lane,
        all.filter((_, i) => i % 2 === n),
        failures,
      ),
    ),
  ).finally(() => second.close());
  await t.test('dark theme: every WCAG 2.2 A and AA rule of axe', () => assert.deepEqual(failures.dark, []));
  await t.test('light theme, switched on the page: the colour rules (contrast, links told apart from text)', () => assert.deepEqual(failures.light, []));
  await t.test('every canonical route renders its h1 and "<title> | Docs", without errors or requests elsewhere', () => {
    assert.deepEqual(failures.page, []);
    assert.deepEqual(
      visits.flatMap((v) => v.errors.map(String)),
      [],
    );
    assert.deepEqual(
      visits.flatMap((v) => v.external),
      [],
    );
  });
});

/**
 * Visits each route in one tab: the dark theme's rules, the light theme's colour rules, and what routes.tsv promises.
 * @param {typeof site} lane
 * @param {string[]} list
 * @param {{dark: string[], light: string[], page: string[]}} failures
 */
async function checkEach(lane, list, failures) {
  let visited;
  for (const route of list) {
    visited = await visit(lane, route, {page: visited?.page, theme: 'dark'});
    const {page, response} = visited;
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const canonical = routes.find((r) => r.path === route);
    if (canonical) {
      const h1 = page.locator('h1');
      const count = await h1.count();
      if (response?.status() !== 200) failures.page.push(`${route}: status ${response?.status()}`);
      if (count !== 1 || !(await h1.first().innerText()).trim()) failures.page.push(`${route}: ${count} h1 elements`);
      if (!/^.+ \| Docs$/.test(await page.title())) failures.page.push(`${route}: title "${await page.title()}"`);
      if (canonical.kind !== 'search' && (await page.locator('.theme-doc-markdown').count()) !== 1) failures.page.push(`${route}: no doc content`);
    }
    // Collapsed field tables of the API reference count too.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
    const dark = await violationsOf(page);
    if (dark.length) failures.dark.push(`${route}: ${dark.join('; ')}`);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    // Colours fade for a moment (Infima's transitions): measure them settled. The
    // transitions are finished at once: a tab in the background does not run them.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light', undefined, {polling: 50});
    await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
    const light = await violationsOf(page, colorRules);
    if (light.length) failures.light.push(`${route}: ${light.join('; ')}`);
  }
  assert.ok(visited);
  await visited.page.close();
  return visited;
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
    assert.ok(page);
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
