/**
 * Accessibility: zero axe-core violations (WCAG 2.2 A and AA rules) on every
 * route in both color modes and at phone width, plus keyboard checks.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {axeViolations, navigate, readRoutes, startNavigation, withSiteAndBrowser, visit} from '../helpers.mjs';

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

/** What differs between the color modes: axe's rules about color. */
const colorRules = ['color-contrast', 'link-in-text-block'];

// One tab goes through every page as a reader does, by the site's own navigation (the first page, and the
// not-found page, load from the server). On each page: every rule of axe in the color mode the tab is in, then the
// mode switched with the navbar's button and the color rules (contrast, links told apart from text) in the other
// one. The next page starts in that mode, so the full run alternates between dark and light and each page gets
// the color rules in both; the other rules don't depend on the colors (test 3 below runs every rule in both
// modes on each kind of page, at phone width). Every page's fresh load is checked too: hydrated under nginx's policy
// by tests/browser/production.test.mjs, and its HTML by the rules of tests/build/a11y-rules.mjs. Loading every page
// afresh here, with a second browser at once, took 328 s in CI; this takes about 190 s on the same machine.
test('every page: no axe violations in either color mode, one h1 and "<title> | Docs"', async (t) => {
  const failures = /** @type {{full: string[], color: string[], page: string[]}} */ ({full: [], color: [], page: []});
  const all = [...routes.map((r) => r.path), ...referenceRoutes];
  const {page, errors, external} = await visit(site, all[0], {theme: 'dark'});
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  for (const route of all) {
    if (route !== all[0] && !(await navigate(page, route))) {
      failures.page.push(`${route}: the site's navigation did not render it within 10 s`);
      continue;
    }
    await check(page, route, failures);
  }
  await page.close();
  // The not-found page, loaded from the server (in a tab of its own, in the dark theme).
  const missing = await visit(site, '/docs/this-page-does-not-exist', {theme: 'dark'});
  await check(missing.page, '/docs/this-page-does-not-exist', failures);
  await missing.page.close();
  await t.test('every WCAG 2.2 A and AA rule of axe, in the mode the page opened in', () => assert.deepEqual(failures.full, []));
  await t.test('the color rules (contrast, links told apart from text) in the other mode, switched on the page', () => assert.deepEqual(failures.color, []));
  await t.test('every canonical route answers 200 and renders one h1 and "<title> | Docs", without errors or requests elsewhere', () => {
    assert.deepEqual(failures.page, []);
    assert.deepEqual([...errors, ...missing.errors].map(String), []);
    assert.deepEqual([...external, ...missing.external], []);
  });
});

/**
 * axe's violations on a page that has settled: a page just reached by the site's navigation is sometimes still
 * moving a sidebar link a few pixels (seen: target-size, once in about 160 pages, gone 100 ms later), so a finding
 * counts when it is still there half a second later.
 * @param {import('playwright-core').Page} page
 * @param {string[]} [rules]
 */
async function settledViolations(page, rules) {
  const found = await violationsOf(page, rules);
  if (!found.length) return found;
  await page.waitForTimeout(500);
  return violationsOf(page, rules);
}

/**
 * On the page at `route`: what routes.tsv promises of a canonical route, every rule of axe in the current mode,
 * then the other mode and its color rules.
 * @param {import('playwright-core').Page} page
 * @param {string} route
 * @param {{full: string[], color: string[], page: string[]}} failures
 */
async function check(page, route, failures) {
  const canonical = routes.find((r) => r.path === route);
  if (canonical) {
    const status = (await fetch(site.server.url + route, {redirect: 'manual'})).status;
    if (status !== 200) failures.page.push(`${route}: status ${status}`);
    const h1 = page.locator('h1');
    const count = await h1.count();
    if (count !== 1 || !(await h1.first().innerText()).trim()) failures.page.push(`${route}: ${count} h1 elements`);
    if (!/^.+ \| Docs$/.test(await page.title())) failures.page.push(`${route}: title "${await page.title()}"`);
    if (canonical.kind !== 'search' && (await page.locator('.theme-doc-markdown').count()) !== 1) failures.page.push(`${route}: no doc content`);
  }
  // Collapsed field tables of the API reference count too.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
  const mode = await page.evaluate(() => document.documentElement.dataset.theme);
  const full = await settledViolations(page);
  if (full.length) failures.full.push(`${route} (${mode}): ${full.join('; ')}`);
  // The navbar's button, clicked in the page (Playwright's click waits for it to be still for two frames: 40 s in
  // all here). Colors fade for a moment (Infima's transitions): measured settled, the transitions finished at once.
  const switched = await page.evaluate(async () => {
    const button = /** @type {HTMLButtonElement | null} */ (document.querySelector('.navbar button[title*="dark and light mode"]'));
    const before = document.documentElement.dataset.theme;
    button?.click();
    for (let n = 0; n < 60 && document.documentElement.dataset.theme === before; n += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    document.getAnimations().forEach((a) => a.finish());
    return document.documentElement.dataset.theme !== before;
  });
  if (!switched) failures.color.push(`${route}: the navbar's button did not switch the color mode`);
  const color = await settledViolations(page, colorRules);
  if (color.length) failures.color.push(`${route} (${mode === 'dark' ? 'light' : 'dark'}): ${color.join('; ')}`);
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

test('a slow navigation shows the progress bar, and axe finds nothing in it (its upstream template has role="bar")', async () => {
  const {page} = await visit(site, '/docs/servers/');
  // The next page's scripts held back: the navigation waits for them, and the bar shows after 200 ms.
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => (release = () => resolve(undefined)));
  await page.route(/\/assets\/js\//, async (route) => {
    await held;
    await route.continue();
  });
  await startNavigation(page, '/docs/api/reference/servers/create-server');
  const bar = page.locator('#nprogress .bar');
  await bar.waitFor({state: 'attached'});
  assert.ok((await bar.boundingBox())?.width, 'the bar is drawn');
  assert.deepEqual(await violationsOf(page, ['aria-roles', 'aria-allowed-role']), []);
  release();
  await page.getByRole('heading', {level: 1, name: /^Add a server/}).waitFor();
  await page.unroute(/\/assets\/js\//);
  await page.close();
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
