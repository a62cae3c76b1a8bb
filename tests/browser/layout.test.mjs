/**
 * What a reader sees first, measured in Chromium on every page at phone and
 * desktop size (issue "designed for readers"): no heading word drawn on two
 * lines, no page wider than a phone, the h1 within 220 px on a phone (with
 * the announcement bar), the search placeholder clear of its shortcut hint at
 * every desktop width, the changelog's first entry on the first screen, and
 * no search result breadcrumb that repeats itself. The rules are in
 * ./layout-rules.mjs; the first test shows each one failing on a page made
 * to break it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, visit, withSiteAndBrowser} from '../helpers.mjs';
import * as rules from './layout-rules.mjs';

const site = withSiteAndBrowser();
const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1280, height: 800};
const routes = [...fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const changelogPages = routes.filter((route) => /^\/docs\/changelog\/(tags\/[a-z]+)?$/.test(route));

test('each layout rule fails on a page made to break it', async () => {
  const page = await site.browser.context.newPage();
  await page.setViewportSize({width: 390, height: 400});
  await page.setContent(fs.readFileSync(new URL('./__fixtures__/layout-broken.html', import.meta.url), 'utf8'));
  const found = {
    headingWordsBroken: await page.evaluate(rules.headingWordsBroken),
    documentTooWide: await page.evaluate(rules.documentTooWide),
    titleTooLow: await page.evaluate(rules.titleTooLow),
    placeholderUnderHint: await page.evaluate(rules.placeholderUnderHint),
    firstEntryTooLow: await page.evaluate(rules.firstEntryTooLow, 1),
    repeatedBreadcrumbs: await page.evaluate(rules.repeatedBreadcrumbs),
    tableWordsBroken: await page.evaluate(rules.tableWordsBroken),
  };
  await page.close();
  assert.match(found.headingWordsBroken.join('\n'), /the word "(Launchdeck|documentation)" is drawn on two lines/);
  assert.match(found.documentTooWide.join('\n'), /px wider than the screen/);
  assert.match(found.titleTooLow.join('\n'), /the h1 starts at \d+ px/);
  assert.match(found.placeholderUnderHint.join('\n'), /cut by its box|px from the shortcut hint/);
  assert.match(found.firstEntryTooLow.join('\n'), /the first entry starts at \d+ px/);
  assert.match(found.repeatedBreadcrumbs.join('\n'), /"Documentation › Servers › Servers" of "Servers" repeats itself/);
  assert.match(found.tableWordsBroken.join('\n'), /"role_owner_with_a_long_name" is drawn on \d lines/);
});

test('every page on a phone: title within 220 px under the announcement bar, no heading or table word on two lines, nothing wider than the screen, wide tables in their own scrolling region', async () => {
  assert.ok(routes.length > 300, 'every page of the sitemap, the API reference included');
  const failures = [];
  let scrolling = 0;
  let page;
  for (const route of routes) {
    ({page} = await visit(site, route, {page, viewport: PHONE, waitUntil: 'load', hydrate: false}));
    if (route === routes[0]) assert.ok(await page.locator("[class*='announcementBarContent']").isVisible(), 'the announcement bar is shown');
    for (const rule of [rules.titleTooLow, rules.headingWordsBroken, rules.documentTooWide, rules.tableWordsBroken]) {
      for (const failure of await page.evaluate(rule)) failures.push(`${route} (phone): ${failure}`);
    }
    // Only the breadcrumb stands above the title: "On this page" and the page actions follow it.
    const above = await page.evaluate(() => {
      const h1 = document.querySelector('article h1');
      if (!h1) return [];
      /** @param {Element | null} el */
      const after = (el) => el && h1.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
      return ['.theme-doc-toc-mobile', '.ld-page-actions'].filter((sel) => document.querySelector(sel) && !after(document.querySelector(sel)));
    });
    if (above.length) failures.push(`${route} (phone): ${above.join(', ')} above the title`);
    // Wide tables scroll in their own labelled, focusable region, not the page.
    const regions = await page.evaluate(() =>
      [...document.querySelectorAll('.theme-doc-markdown table')].map((table) => {
        const region = /** @type {HTMLElement} */ (table.parentElement);
        return {ok: region.matches('.ld-table[role=region][tabindex="0"][aria-label^="Table"]'), scrolls: region.scrollWidth > region.clientWidth + 1};
      }),
    );
    if (regions.some((r) => !r.ok)) failures.push(`${route} (phone): a table outside a labelled, focusable region`);
    scrolling += regions.filter((r) => r.scrolls).length;
  }
  assert.ok(page);
  await page.close();
  assert.deepEqual(failures, []);
  assert.ok(scrolling > 0, 'some tables are wider than a phone, and scroll in their region');
});

test('every page on a desktop, and each kind of page from 320 to 1920 px: no heading or table word on two lines, nothing wider than the screen', async () => {
  const failures = [];
  let page;
  for (const route of routes) {
    ({page} = await visit(site, route, {page, viewport: DESKTOP, waitUntil: 'load', hydrate: false}));
    for (const rule of [rules.headingWordsBroken, rules.documentTooWide, rules.tableWordsBroken]) {
      for (const failure of await page.evaluate(rule)) failures.push(`${route} (1280 px): ${failure}`);
    }
  }
  const kinds = [
    '/docs/',
    '/docs/applications/',
    '/docs/environments/',
    '/docs/users/subscriptions/',
    '/docs/servers/add-aws-server',
    '/docs/api/reference/ssh-keys/get-ssh-key',
    '/docs/changelog/',
  ];
  for (const width of [320, 360, 768, 997, 1100, 1440, 1920]) {
    for (const route of kinds) {
      ({page} = await visit(site, route, {page, viewport: {width, height: 800}, waitUntil: 'load', hydrate: false}));
      for (const rule of [rules.headingWordsBroken, rules.documentTooWide]) {
        for (const failure of await page.evaluate(rule)) failures.push(`${route} (${width} px): ${failure}`);
      }
    }
  }
  assert.ok(page);
  await page.close();
  assert.deepEqual(failures, []);
});

test('the search placeholder stays at least 4 px clear of the shortcut hint at every desktop width', async () => {
  const failures = [];
  let page;
  for (const width of [997, 1000, 1050, 1100, 1199, 1200, 1280, 1440, 1920]) {
    ({page} = await visit(site, '/docs/servers/', {page, viewport: {width, height: 800}}));
    assert.ok(await page.locator('.navbar__search-input').isVisible(), `${width} px: the search box is shown`);
    for (const failure of await page.evaluate(rules.placeholderUnderHint)) failures.push(`${width} px: ${failure}`);
  }
  assert.ok(page);
  await page.close();
  assert.deepEqual(failures, []);
});

test("the changelog's first entry is on the first desktop screen and the second phone screen, on every changelog page", async () => {
  assert.equal(changelogPages.length, 7, changelogPages.join(' '));
  const failures = [];
  let page;
  for (const [viewport, screens] of /** @type {[{width: number, height: number}, number][]} */ ([
    [DESKTOP, 1],
    [PHONE, 2],
  ])) {
    for (const route of changelogPages) {
      ({page} = await visit(site, route, {page, viewport, waitUntil: 'load', hydrate: false}));
      for (const failure of await page.evaluate(rules.firstEntryTooLow, screens)) failures.push(`${route} (${viewport.width} px): ${failure}`);
    }
  }
  assert.ok(page);
  await page.close();
  assert.deepEqual(failures, []);
});

test('no search result breadcrumb repeats a segment, on /search and in the search box', async () => {
  const failures = [];
  let page;
  for (const query of ['servers', 'api reference', 'ssh keys', 'changelog']) {
    ({page} = await visit(site, `/search?q=${encodeURIComponent(query)}`, {page}));
    await page.locator('[data-result-breadcrumb]').first().waitFor();
    for (const failure of await page.evaluate(rules.repeatedBreadcrumbs)) failures.push(`/search?q=${query}: ${failure}`);
  }
  // The box: results are grouped under their section, and a hit names only its page.
  ({page} = await visit(site, '/docs/', {page}));
  await page.keyboard.press('Control+k');
  await page.keyboard.type('servers');
  await page.locator('.navbar__search [role="option"]').first().waitFor();
  const box = await page.evaluate(() =>
    [...document.querySelectorAll('.navbar__search [role="option"]')].map((option) => {
      // The hit itself, without the header of its group (the section, aria-hidden).
      const hit = /** @type {HTMLElement} */ (option.cloneNode(true));
      hit.querySelector('.ld-hit-section')?.remove();
      document.body.append(hit);
      const lines = hit.innerText
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      hit.remove();
      return lines;
    }),
  );
  assert.ok(box.length > 3, 'the box shows results');
  assert.ok((await page.locator('.navbar__search .ld-hit-section').count()) >= 1, 'results are grouped under their section');
  assert.match(await page.locator('.navbar__search .ld-search-keys').innerText(), /to move[\s\S]*to open[\s\S]*to close/);
  for (const lines of box) if (new Set(lines).size !== lines.length) failures.push(`search box: "${lines.join(' / ')}" repeats itself`);
  await page.close();
  assert.deepEqual(failures, []);
});
