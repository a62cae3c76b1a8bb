/**
 * Every canonical route renders its h1 and title in a real browser, every
 * alias lands on its canonical page, unknown paths get the not-found page
 * with a 404 status, and `.html` / `index.html` paths normalise.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {readRoutes, withSiteAndBrowser, visit, waitForHydration, buildDir} from '../helpers.mjs';

const routes = readRoutes();
const site = withSiteAndBrowser();

// Every canonical route's h1 and title are checked in accessibility.test.mjs, in the same visit as axe.

test('every alias of routes.tsv lands on its canonical page', async () => {
  let page;
  const failures = [];
  for (const route of routes.filter((r) => r.alias)) {
    ({page} = await visit(site, /** @type {string} */ (route.alias), {page, waitUntil: 'domcontentloaded', hydrate: false}));
    try {
      // The canonical page's own HTML, with its h1: whether it then hydrates is the sweep's check of every canonical route (accessibility.test.mjs).
      await page.waitForURL(site.server.url + route.path, {timeout: 5000, waitUntil: 'domcontentloaded'});
      if (!(await page.locator('h1').first().isVisible())) failures.push(`${route.alias}: no h1`);
    } catch {
      failures.push(`${route.alias} stayed at ${page.url()}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(page);
  await page.close();
});

test('the site root sends the reader to /docs/, with and without JavaScript', async () => {
  const {page} = await visit(site, '/', {hydrate: false});
  await page.waitForURL(site.server.url + '/docs/');
  await waitForHydration(page);
  assert.match(await page.title(), /\| Docs$/);
  await page.close();
  // With the hosting rules, a real redirect; on a host without rules, the page at / redirects without JavaScript.
  const response = await fetch(site.server.url + '/', {redirect: 'manual'});
  assert.equal(response.status, 301);
  assert.equal(response.headers.get('location'), '/docs/');
  assert.match(fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8'), /<meta http-equiv="refresh" content="0; url=\/docs\/">/);
});

test('an unknown path shows the not-found page with status 404', async () => {
  const {page, errors, response} = await visit(site, '/docs/no-such-page-here');
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', {level: 1, name: 'This page does not exist'}).waitFor();
  assert.ok(await page.getByRole('search').getByRole('searchbox').isVisible());
  assert.ok(
    await page
      .getByRole('link', {name: /^Servers/})
      .first()
      .isVisible(),
  );
  // The search form on the not-found page leads to the search page.
  await page.getByRole('search').getByRole('searchbox').fill('ssh key');
  await page.getByRole('search').getByRole('button', {name: 'Search'}).click();
  await page.waitForURL(/\/search\?q=ssh\+key/);
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('.html and index.html paths normalise to the clean path', async () => {
  let page;
  for (const [from, to] of [
    ['/docs/servers/index.html', '/docs/servers/'],
    ['/docs/servers/list-servers.html', '/docs/servers/list-servers'],
    ['/docs/index.html', '/docs/'],
  ]) {
    let response;
    ({page, response} = await visit(site, from, {page}));
    assert.equal(response?.status(), 200, from);
    assert.equal(new URL(page.url()).pathname, to);
    assert.equal(await page.locator('h1').count(), 1, from);
  }
  assert.ok(page);
  await page.close();
});
