/**
 * The site as it grows: readers of a site with every guide section N times
 * over (`servers`, `servers-2`, … `servers-N`). `npm run bench -- --scale N`
 * builds that copy and runs this file on it (LAUNCHDECK_BUILD_DIR, LAUNCHDECK_SCALE);
 * `npm test` does not, since the copy takes minutes to build. What it holds:
 * the bundles every page loads name sections, not pages; a copied section's
 * pages load with it; readers move within a section and between sections
 * without a full page load, back and forward; a page opens at a heading; links
 * in view are prefetched; a section's sidebar items come when it is opened;
 * and the pages read without JavaScript.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, eventually, launchBrowser, visit, withSiteAndBrowser} from '../helpers.mjs';

const scale = Number(process.env.LAUNCHDECK_SCALE ?? 0);
if (!(scale >= 2)) throw new Error('tests/scaled runs on a scaled build: npm run bench -- --scale N (or LAUNCHDECK_SCALE=N with LAUNCHDECK_BUILD_DIR).');
const copy = (/** @type {string} */ section) => `/docs/${section}-${scale}/`;
const site = withSiteAndBrowser();

test(`the scripts every page loads route to the ${scale} copies of each section, never to a page in one`, () => {
  const jsDir = path.join(buildDir, 'assets/js');
  const files = fs.readdirSync(jsDir);
  const main = fs.readFileSync(path.join(jsDir, /** @type {string} */ (files.find((f) => /^main\.[0-9a-f]+\.js$/.test(f)))), 'utf8');
  const runtime = fs.readFileSync(path.join(jsDir, /** @type {string} */ (files.find((f) => /^runtime~main\.[0-9a-f]+\.js$/.test(f)))), 'utf8');
  for (const section of ['servers', 'credentials', 'teams']) {
    assert.ok(main.includes(`"${copy(section)}":()=>`), `the main bundle routes to ${copy(section)}`);
    assert.ok(!main.includes(`path:"${copy(section)}add`), `the main bundle routes to a page of ${copy(section)}`);
  }
  const pages = fs.readdirSync(path.join(buildDir, 'docs'), {recursive: true}).filter((f) => String(f).endsWith('index.html')).length;
  const hashes = (/\.u=(?:function\(\w+\)\{return|\(?\w+\)?=>)"assets\/js\/"\+\w+\+"\."\+\(\(\{([^{}]*)\}\)/.exec(runtime)?.[1] ?? '').split(',').length;
  assert.ok(hashes < pages / 3, `${hashes} chunk hashes in the runtime for ${pages} pages`);
});

test("within a copied section, to another section's copy and back, without a full page load", async () => {
  const {page, errors} = await visit(site, `${copy('servers')}add-aws-server`);
  await page.evaluate(() => (window.__stillHere = true));
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  // Within the section: its sidebar, which came with its table.
  await sidebar.locator(`a.menu__link[href="${copy('servers')}add-gcp-server"]`).click();
  await page.waitForURL(new RegExp(`${copy('servers')}add-gcp-server$`));
  await page.getByRole('heading', {level: 1, name: /Google Cloud|GCP/}).waitFor();
  // To another section's copy: its category opens with its pages on demand, then one of them.
  const credentials = sidebar.locator('li', {has: page.locator(`a.menu__link[href="${copy('credentials')}"]`)}).first();
  await credentials.getByRole('button', {name: /Expand sidebar category/}).click();
  const aws = sidebar.locator(`a.menu__link[href="${copy('credentials')}add-aws-credential"]`);
  await eventually(async () => (await aws.count()) === 1 && (await aws.isVisible()), `${copy('credentials')}'s pages never showed in the sidebar`);
  await aws.click();
  await page.waitForURL(new RegExp(`${copy('credentials')}add-aws-credential$`));
  assert.match(await page.locator('h1').first().innerText(), /AWS/);
  await page.goBack();
  await page.waitForURL(new RegExp(`${copy('servers')}add-gcp-server$`));
  await page.goBack();
  await page.waitForURL(new RegExp(`${copy('servers')}add-aws-server$`));
  await page.getByRole('heading', {level: 1, name: 'Add a server on AWS'}).waitFor();
  await page.goForward();
  await page.waitForURL(new RegExp(`${copy('servers')}add-gcp-server$`));
  assert.equal(await page.evaluate(() => window.__stillHere), true, 'the same document, not a full page load');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('a page of a copied section opens at a heading; an unknown address in it is not found', async () => {
  const {page, errors} = await visit(site, `${copy('servers')}add-aws-server#troubleshooting`);
  const box = await page.locator('#troubleshooting').boundingBox();
  assert.ok(box && box.y >= 0 && box.y < (page.viewportSize()?.height ?? 800), `the heading is on the screen (y = ${box?.y})`);
  assert.deepEqual(errors.map(String), []);
  const {response} = await visit(site, `${copy('servers')}no-such-page`, {page});
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', {level: 1, name: 'This page does not exist'}).waitFor();
  await page.close();
});

test("links in view on a copied section's page are prefetched while the browser is idle", async () => {
  /** @type {Set<string>} */
  const files = new Set();
  const {page} = await visit(site, copy('servers'), {
    beforeLoad: (tab) => {
      tab.on('requestfinished', (request) => {
        const {pathname} = new URL(request.url());
        if (/^\/assets\/js\/.+\.js$/.test(pathname)) files.add(pathname);
      });
    },
  });
  // With four times the sections, the sidebar's link to the page is below the fold: bring the page's card into view.
  await page.locator(`main a.card[href="${copy('servers')}add-aws-server"]`).scrollIntoViewIfNeeded();
  const permalink = `"permalink":"${copy('servers')}add-aws-server"`;
  await eventually(
    async () => [...files].some((file) => fs.readFileSync(path.join(buildDir, file), 'utf8').includes(permalink)),
    'the page of a card in view was never prefetched',
  );
  await page.close();
});

test("a copied section's page reads without JavaScript, with every section and its own pages in the sidebar", async () => {
  const noJs = await launchBrowser({javaScriptEnabled: false});
  try {
    const page = await noJs.context.newPage();
    await page.goto(`${site.server.url}${copy('credentials')}add-aws-credential`);
    assert.match(await page.locator('h1').first().innerText(), /AWS/);
    const sidebar = page.locator('.theme-doc-sidebar-menu');
    for (const section of ['/docs/servers/', copy('servers'), copy('pipelines'), '/docs/api/']) {
      assert.equal(await sidebar.locator(`a[href="${section}"]`).count(), 1, `the sidebar links ${section}`);
    }
    assert.ok((await sidebar.locator(`a[href^="${copy('credentials')}"]`).count()) >= 5, "the sidebar lists the section's pages");
  } finally {
    await noJs.close();
  }
});
