/**
 * The announcement bar (src/plugins/changelog/announcement.ts): the newest changelog
 * entry marked `announce: true`. Shown on a first visit with a link to the
 * entry; dismissed with the keyboard, it stays dismissed after a reload and
 * in another tab; a new announcement (a new bar id) shows again, from the
 * first paint, to a reader who dismissed the previous one; with storage
 * blocked it shows and can be dismissed for the page; never a layout shift;
 * no axe violation in either color mode, on a phone too.
 * Each test starts a browser with a fresh profile: what it stores must not
 * leak into the next.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {withSiteAndBrowser, visit, launchBrowser, waitForHydration, axeViolations, repoRoot, PHONE} from '../helpers.mjs';

const site = withSiteAndBrowser();
const jiti = createJiti(import.meta.url, {interopDefault: true});
const {readEntries, announcedEntry} = /** @type {typeof import('../../src/plugins/changelog/entries.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/changelog/entries.ts'))
);
const announced = /** @type {NonNullable<ReturnType<typeof announcedEntry>>} */ (announcedEntry(readEntries(path.join(repoRoot, 'docs'))));
const barId = `changelog-${announced.name}`;

/**
 * Adds up every layout shift of the page (CLS without the session windows: any shift counts).
 * @param {import('playwright-core').Page} tab
 */
const recordShifts = (tab) =>
  tab.addInitScript(() => {
    window.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!(/** @type {LayoutShift} */ (entry).hadRecentInput)) window.__shifts += /** @type {LayoutShift} */ (entry).value;
    }).observe({type: 'layout-shift', buffered: true});
  });
/** @param {import('playwright-core').Page} page */
const shifts = async (page) => {
  await page.waitForTimeout(500);
  return page.evaluate(() => window.__shifts);
};

/**
 * A site object with a browser of its own (a fresh profile).
 * @param {Parameters<typeof launchBrowser>[0]} [options]
 */
async function freshSite(options) {
  const browser = await launchBrowser(options);
  return {server: site.server, browser};
}

/** @param {import('playwright-core').Page} page */
const bar = (page) => page.getByRole('banner').filter({has: page.locator('.ld-announcement__link')});
/** @param {import('playwright-core').Page} page */
const closeButton = (page) => page.getByRole('button', {name: 'Dismiss this announcement'});

test('a first visit shows the newest announced entry, with a link to it, and nothing moves', async () => {
  const own = await freshSite();
  try {
    const {page, errors} = await visit(own, '/docs/servers/', {beforeLoad: recordShifts});
    await assert.doesNotReject(bar(page).waitFor(), 'the bar is shown');
    const link = bar(page).getByRole('link', {name: announced.title});
    assert.equal(await link.getAttribute('href'), announced.route);
    assert.equal(await shifts(page), 0, 'no layout shift');
    await link.click();
    await page.waitForURL((url) => url.pathname === announced.route);
    assert.equal(await page.locator('h1').textContent(), announced.title);
    assert.deepEqual(errors, []);
  } finally {
    await own.browser.close();
  }
});

test('dismissed with the keyboard, it stays dismissed after a reload and in another tab, from the first paint', async () => {
  const own = await freshSite();
  try {
    const {page} = await visit(own, '/docs/', {beforeLoad: recordShifts});
    await closeButton(page).focus();
    await page.keyboard.press('Enter');
    await bar(page).waitFor({state: 'detached'});

    await page.reload();
    // Before React: the theme's inline script hid it, so it never shows and nothing moves.
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-announcement-bar-initially-dismissed')), 'true');
    await waitForHydration(page);
    assert.equal(await bar(page).count(), 0, 'still dismissed after a reload');
    assert.equal(await shifts(page), 0);

    const {page: other} = await visit(own, '/docs/pipelines/');
    assert.equal(await bar(other).count(), 0, 'dismissed in another tab');
  } finally {
    await own.browser.close();
  }
});

test('a new announcement (a new bar id) shows again to a reader who dismissed the previous one, from the first paint', async () => {
  const own = await freshSite();
  try {
    const {page} = await visit(own, '/docs/', {
      hydrate: false,
      beforeLoad: async (tab) => {
        // The previous bar, dismissed.
        await tab.addInitScript(() => {
          if (localStorage.getItem('docusaurus.announcement.id') === null) {
            localStorage.setItem('docusaurus.announcement.id', 'changelog-an-older-entry');
            localStorage.setItem('docusaurus.announcement.dismiss', 'true');
          }
          document.addEventListener('DOMContentLoaded', () => {
            window.__dismissedAtFirstPaint = document.documentElement.getAttribute('data-announcement-bar-initially-dismissed');
          });
        });
        await recordShifts(tab);
      },
    });
    await waitForHydration(page);
    assert.equal(await page.evaluate(() => window.__dismissedAtFirstPaint), 'false', 'shown from the first paint');
    await bar(page).waitFor();
    assert.equal(await shifts(page), 0, 'no layout shift');
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), barId);
  } finally {
    await own.browser.close();
  }
});

test('with storage blocked, the bar shows and can be dismissed for the page', async () => {
  const own = await freshSite();
  try {
    const {page, errors} = await visit(own, '/docs/servers/', {
      beforeLoad: async (tab) => {
        await tab.addInitScript(() => {
          const fail = () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          };
          Object.defineProperty(window, 'localStorage', {get: fail, configurable: true});
        });
        await recordShifts(tab);
      },
    });
    await bar(page).waitFor();
    assert.equal(await shifts(page), 0);
    await closeButton(page).click();
    await bar(page).waitFor({state: 'detached'});
    assert.deepEqual(errors, []);
  } finally {
    await own.browser.close();
  }
});

for (const [label, options] of /** @type {[string, {theme: string, phone?: boolean}][]} */ ([
  ['light, desktop', {theme: 'light'}],
  ['dark, desktop', {theme: 'dark'}],
  ['dark, phone', {theme: 'dark', phone: true}],
  ['light, phone', {theme: 'light', phone: true}],
])) {
  test(`the bar is readable and accessible (${label}): axe finds nothing, it fits the screen`, async () => {
    const {page} = await visit(site, '/docs/changelog/', options);
    await bar(page).waitFor();
    assert.deepEqual(await axeViolations(page), []);
    const box = /** @type {NonNullable<Awaited<ReturnType<import('playwright-core').Locator['boundingBox']>>>} */ (await bar(page).boundingBox());
    assert.ok(box.width <= (options.phone ? PHONE.width : 1280), `${box.width} px wide`);
    assert.ok(box.height < (options.phone ? 90 : 50), `${box.height} px high`);
    await page.close();
  });
}
