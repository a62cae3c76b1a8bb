/**
 * In Chromium: "Copy page" copies the page's Markdown (with a visible
 * confirmation, from the keyboard too), "View as Markdown" opens it, "Was
 * this page helpful?" offers the pre-filled feedback form without sending
 * anything, and diagrams are legible in both colour modes and on a phone.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {axeViolations, withSiteAndBrowser, visit, buildDir} from '../helpers.mjs';
import {startServer} from '../../scripts/serve.mjs';

const site = withSiteAndBrowser();
const siteUrl = 'https://docs.launchdeck.io';

test("Copy page puts the page's Markdown on the clipboard and says so; View as Markdown opens it", async () => {
  await site.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.server.url});
  const {page, external, errors} = await visit(site, '/docs/servers/stop-server');
  const copy = page.getByRole('button', {name: 'Copy page'});
  // Keyboard: focus the button and press Enter.
  await copy.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({hasText: 'Copied the page as Markdown'}).waitFor();
  // The site's Permissions-Policy denies reading the clipboard (it never does), so read it from a page of a host without rules.
  const plain = await startServer({dir: buildDir, plain: true});
  await site.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: plain.url});
  const reader = await site.browser.context.newPage();
  await reader.goto(`${plain.url}/llms.txt`);
  const clipboard = await reader.evaluate(() => navigator.clipboard.readText());
  await reader.close();
  await plain.close();
  assert.equal(clipboard, fs.readFileSync(path.join(buildDir, 'docs/servers/stop-server.md'), 'utf8'));
  assert.match(clipboard, /^---\ntitle: "Stop a server"/);
  // View as Markdown is in the menu under ▾, loaded when it opens.
  await page.locator('.ld-page-actions').locator('summary').click();
  const view = page.getByRole('link', {name: 'View as Markdown'});
  assert.equal(await view.getAttribute('href'), '/docs/servers/stop-server.md');
  const response = await page.request.get(site.server.url + '/docs/servers/stop-server.md');
  assert.equal(response.status(), 200);
  assert.match(response.headers()['content-type'], /^text\/markdown/);
  // A section page's Markdown is its index.md.
  await visit(site, '/docs/servers/', {page});
  await page.locator('.ld-page-actions').locator('summary').click();
  assert.equal(await page.getByRole('link', {name: 'View as Markdown'}).getAttribute('href'), '/docs/servers/index.md');
  assert.deepEqual(errors.map(String), []);
  assert.deepEqual(external, []);
  await page.close();
});

test('"Use with AI" opens the page in ChatGPT or Claude and shows how to connect an editor, by keyboard, with nothing sent', async () => {
  for (const theme of ['dark', 'light']) {
    const {page, external, errors} = await visit(site, '/docs/servers/stop-server', {theme});
    const markdownUrl = `${siteUrl}/docs/servers/stop-server.md`;
    // Keyboard: focus the menu's summary, open it with Enter.
    await page.locator('.ld-page-menu > summary').focus();
    await page.keyboard.press('Enter');
    const chatgpt = page.getByRole('link', {name: 'Open in ChatGPT (new tab)'});
    await chatgpt.waitFor();
    for (const [link, host] of /** @type {[import('playwright-core').Locator, string][]} */ ([
      [chatgpt, 'https://chatgpt.com/'],
      [page.getByRole('link', {name: 'Open in Claude (new tab)'}), 'https://claude.ai/new'],
    ])) {
      const href = /** @type {string} */ (await link.getAttribute('href'));
      assert.ok(href.startsWith(host), href);
      const prompt = /** @type {string} */ (new URL(href).searchParams.get('q'));
      assert.ok(prompt.includes(markdownUrl), `${host}: the prompt names the page's Markdown: ${prompt}`);
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.match(/** @type {string} */ (await link.getAttribute('rel')), /noopener/);
    }
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    assert.match(/** @type {string} */ (await page.evaluate(() => document.activeElement?.textContent)), /^Connect your editor/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {name: 'Connect your editor to these docs'});
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const editor of ['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code']) assert.match(text, new RegExp(editor));
    assert.match(text, /"command": "npx"/);
    assert.match(text, /"-y",\s*"@launchdeck\/docs-mcp",\s*"--url",\s*"https:\/\/docs\.launchdeck\.io"/);
    assert.match(text, /claude mcp add launchdeck-docs -- npx -y @launchdeck\/docs-mcp --url https:\/\/docs\.launchdeck\.io/);
    assert.match(text, /"type": "stdio"/);
    assert.deepEqual(await axeViolations(page), [], `${theme}: the dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'hidden'});
    assert.deepEqual(await axeViolations(page), [], `${theme}: the open menu`);
    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape');
    await page.locator('.ld-page-menu__panel').waitFor({state: 'hidden'});
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('title')), 'More page actions');
    assert.deepEqual(external, [], 'nothing goes to an assistant until the reader follows a link');
    assert.deepEqual(errors.map(String), []);
    await page.close();
  }
});

test('the page header: one page-actions control, on the breadcrumb row on a desktop and under the title on a phone, by keyboard', async () => {
  for (const viewport of [
    {width: 1280, height: 800},
    {width: 390, height: 844},
  ]) {
    const {page, errors} = await visit(site, '/docs/servers/add-aws-server', {viewport});
    const group = page.locator('.ld-page-actions');
    assert.equal(await group.count(), 1, 'one page-actions control');
    const [actions, crumbs, h1] = /** @type {{x: number, y: number, width: number, height: number}[]} */ (
      await Promise.all([group, page.locator('.theme-doc-breadcrumbs'), page.locator('article h1')].map((l) => l.boundingBox()))
    );
    const article = /** @type {{width: number}} */ (await page.locator('article').boundingBox());
    if (viewport.width > 996) {
      assert.ok(Math.abs(actions.y - crumbs.y) < crumbs.height, `on the breadcrumb row: ${JSON.stringify({actions, crumbs})}`);
      assert.ok(h1.width >= article.width - 1, 'the h1 has the full content width');
    } else {
      assert.ok(actions.y > h1.y + h1.height - 1, 'under the title on a phone');
    }
    // The menu loads when first opened, not before.
    assert.equal(await page.locator('.ld-page-menu__panel').count(), 0);
    await group.getByRole('button', {name: 'Copy page'}).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('title')), 'More page actions');
    await page.keyboard.press('Enter');
    await page.getByRole('link', {name: 'View as Markdown'}).waitFor();
    // A click elsewhere closes it.
    await page.locator('article h1').click();
    await page.locator('.ld-page-menu__panel').waitFor({state: 'hidden'});
    assert.deepEqual(errors.map(String), []);
    await page.close();
  }
});

test('"Was this page helpful?" sends nothing and offers the feedback form, pre-filled with the page and the answer', async () => {
  const {page, external} = await visit(site, '/docs/servers/list-servers');
  await page.waitForLoadState('networkidle');
  /** @type {string[]} */
  const requests = [];
  // The site may still prefetch its own scripts while idle; anything else would be the answer leaving the page.
  page.on('request', (request) => {
    if (!(request.method() === 'GET' && request.url().startsWith(`${site.server.url}/assets/`))) requests.push(`${request.method()} ${request.url()}`);
  });
  const feedback = page.getByRole('region', {name: 'Was this page helpful?'});
  await feedback.getByRole('button', {name: 'No'}).click();
  const link = feedback.getByRole('link', {name: /Tell us what was missing or wrong/});
  await link.waitFor();
  const url = new URL(/** @type {string} */ (await link.getAttribute('href')));
  assert.equal(url.origin + url.pathname, 'https://github.com/launchdeck/docs/issues/new');
  assert.equal(url.searchParams.get('template'), 'docs-feedback.yml');
  assert.equal(url.searchParams.get('page-title'), 'List servers');
  assert.equal(url.searchParams.get('page-url'), `${siteUrl}/docs/servers/list-servers`);
  assert.equal(url.searchParams.get('helpful'), 'No');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.deepEqual(requests, [], 'answering sends nothing anywhere');
  assert.deepEqual(external, []);
  // The form's field ids are the ones the link fills in.
  const form = fs.readFileSync(path.join(buildDir, '..', '.github/ISSUE_TEMPLATE/docs-feedback.yml'), 'utf8');
  for (const id of ['page-title', 'page-url', 'helpful']) assert.match(form, new RegExp(`id: ${id}\\b`));
  await page.close();
});

/**
 * Relative luminance contrast of two CSS colours ("rgb(…)").
 * @param {string} a
 * @param {string} b
 */
function contrast(a, b) {
  /** @param {string} c */
  const lum = (c) => {
    const [r, g, bl] = /** @type {RegExpMatchArray} */ (c.match(/\d+(\.\d+)?/g))
      .slice(0, 3)
      .map(Number)
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('diagrams are legible in both colour modes, and at phone width', async () => {
  const diagramPages = ['/docs/', '/docs/pipelines/', '/docs/networks/'];
  for (const theme of ['dark', 'light']) {
    let page;
    for (const route of diagramPages) {
      ({page} = await visit(site, route, {page, theme}));
      const colours = await page
        .locator('.ld-diagram__svg')
        .first()
        .evaluate((svg) => {
          const text = /** @type {Element} */ (svg.querySelector('.node text'));
          const shape = /** @type {Element} */ (svg.querySelector('.node polygon, .node path'));
          return {text: getComputedStyle(text).fill, shape: getComputedStyle(shape).fill, page: getComputedStyle(document.body).backgroundColor};
        });
      assert.ok(contrast(colours.text, colours.shape) >= 4.5, `${theme} ${route}: text on boxes ${JSON.stringify(colours)}`);
      assert.ok(contrast(colours.shape, colours.page) >= 1.1, `${theme} ${route}: boxes stand out from the page`);
    }
    assert.ok(page);
    await page.close();
  }
  let page;
  for (const route of diagramPages) {
    ({page} = await visit(site, route, {page, phone: true}));
    if (route === '/docs/') {
      // The home's diagram gives way on a phone to the list that explains it (maintainers/design.md).
      assert.equal(await page.locator('.ld-diagram').first().isVisible(), false, '/docs/: the diagram is not shown on a phone');
      assert.ok((await page.locator('#how-launchdeck-fits-together ~ ul').first().innerText()).includes('A project is the top-level container'));
      continue;
    }
    const smallest = await page
      .locator('.ld-diagram__svg')
      .first()
      .evaluate((svg) => Math.min(...[...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height)));
    assert.ok(smallest >= 9, `${route}: text is ${smallest.toFixed(1)} px tall on a phone`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `${route}: the page doesn't scroll sideways (${overflow} px)`);
  }
  assert.ok(page);
  await page.close();
});
