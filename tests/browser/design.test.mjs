/**
 * The design system as a reader meets it (issue "designed at the anchors'
 * level", maintainers/design.md), measured in Chromium: the API reference in
 * two columns, the sidebar opened at the current page, the phone's "On this
 * page" across the content, controls in the body font, search results with a
 * snippet and a type mark, the docs home's entry points on its first screen,
 * and permission matrices as ✓ and —.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {visit, withSiteAndBrowser} from '../helpers.mjs';

const site = withSiteAndBrowser();
const PHONE = {width: 390, height: 844};
const DESKTOP = {width: 1280, height: 800};
const REFERENCE = '/docs/api/reference/servers/create-server';

test('reference page at 1280 px: after scrolling to the last parameter, the request sample and "Try it" are still in view, right of the text', async () => {
  const {page} = await visit(site, REFERENCE, {viewport: DESKTOP});
  // The last parameter a reader sees: the body's variants show one at a time.
  const lastParameter = page.locator('.api-layout__top .api-params > li:visible').last();
  await lastParameter.scrollIntoViewIfNeeded();
  const seen = await page.evaluate(() => {
    const box = (/** @type {Element | null} */ el) => el?.getBoundingClientRect();
    const params = [...document.querySelectorAll('.api-layout__top .api-params > li')].filter((li) => li.getClientRects().length > 0);
    const last = box(params.at(-1) ?? null);
    const sample = box(document.querySelector('.api-layout__aside .theme-code-block'));
    const tryIt = box(document.querySelector('.api-layout__aside #try-it'));
    const inView = (/** @type {DOMRect | undefined} */ r) => Boolean(r && r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0);
    return {
      params: params.length,
      lastInView: inView(last),
      sampleInView: inView(sample),
      tryItInView: inView(tryIt),
      sampleRightOfText: Boolean(sample && last && sample.left >= last.right),
      tryItRightOfText: Boolean(tryIt && last && tryIt.left >= last.right),
    };
  });
  // One selector for the provider: its first variant shown, the others a tab away.
  const tabs = await page.locator('.api-variants [role="tab"]').allInnerTexts();
  await page.close();
  assert.deepEqual(tabs, ['aws', 'azure', 'digitalocean', 'gcp', 'self_hosted']);
  assert.ok(seen.params > 10, `the body's fields are rows (${seen.params})`);
  assert.deepEqual(seen, {
    params: seen.params,
    lastInView: true,
    sampleInView: true,
    tryItInView: true,
    sampleRightOfText: true,
    tryItRightOfText: true,
  });
});

test('reference page at 390 px: one column, samples after the parameters, nothing wider than the screen', async () => {
  const {page} = await visit(site, REFERENCE, {viewport: PHONE});
  const seen = await page.evaluate(() => {
    const params = [...document.querySelectorAll('.api-layout__top .api-params > li')];
    const sample = document.querySelector('.api-layout__aside .theme-code-block');
    const last = params.at(-1);
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      sampleBelowParameters: Boolean(sample && last && sample.getBoundingClientRect().top > last.getBoundingClientRect().bottom),
    };
  });
  await page.close();
  assert.ok(seen.overflow <= 1, `the page is ${seen.overflow} px wider than the screen`);
  assert.equal(seen.sampleBelowParameters, true);
});

test('a deep reference page opens with its sidebar item in view', async () => {
  const {page} = await visit(site, '/docs/api/reference/virtual-hosts/delete-virtual-host', {viewport: DESKTOP});
  const item = await page.evaluate(() => {
    const active = document.querySelector('.theme-doc-sidebar-menu .menu__link--active:not(.menu__link--sublist)');
    const box = active?.getBoundingClientRect();
    return box ? {top: Math.round(box.top), bottom: Math.round(box.bottom), text: active?.textContent, height: window.innerHeight} : null;
  });
  await page.close();
  assert.ok(item, 'the page has a current sidebar item');
  assert.ok(item.top >= 0 && item.bottom <= item.height, `"${item.text}" is at ${item.top}–${item.bottom} px in an ${item.height} px window`);
});

test('the sidebar groups its sections under labels, and keeps every section', async () => {
  const {page} = await visit(site, '/docs/servers/', {viewport: DESKTOP});
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('.theme-doc-sidebar-menu > li')].map((li) =>
      li.classList.contains('menu__list-item') ? li.querySelector('a')?.textContent : `# ${li.textContent}`,
    ),
  );
  await page.close();
  const labels = rows.filter((row) => row?.startsWith('# '));
  assert.deepEqual(labels, [
    '# Get started',
    '# Projects and access',
    '# Infrastructure',
    '# Deploy and run',
    '# API and integrations',
    '# Policies and changes',
  ]);
  assert.equal(rows.length - labels.length, 30, 'the home, the quick start and the 28 sections are all there');
  assert.ok(rows.indexOf('# Infrastructure') < rows.indexOf('Servers'));
});

test('on a phone, "On this page" opens across the content width', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server', {viewport: PHONE});
  await page.locator('.theme-doc-toc-mobile button').click();
  await page.locator('.theme-doc-toc-mobile .table-of-contents__link').first().waitFor({state: 'visible'});
  const widths = await page.evaluate(() => {
    const panel = /** @type {HTMLElement} */ (document.querySelector('.table-of-contents__link')?.closest('ul')?.parentElement);
    return {
      panel: Math.round(panel.getBoundingClientRect().width),
      content: Math.round(/** @type {Element} */ (document.querySelector('.theme-doc-markdown')).getBoundingClientRect().width),
    };
  });
  await page.close();
  assert.ok(widths.panel >= widths.content - 2, `the panel is ${widths.panel} px wide, the content ${widths.content} px`);
});

test('controls use the body font: search box, buttons, selects', async () => {
  const {page} = await visit(site, '/search?q=server', {viewport: DESKTOP});
  const fonts = await page.evaluate(() => {
    const body = getComputedStyle(document.body).fontFamily;
    const controls = [...document.querySelectorAll('input, button, select')].filter((el) => /** @type {HTMLElement} */ (el).offsetParent);
    return {body, count: controls.length, other: controls.map((el) => getComputedStyle(el).fontFamily).filter((font) => font !== body)};
  });
  await page.close();
  assert.ok(fonts.count >= 4, `${fonts.count} controls`);
  assert.deepEqual(fonts.other, []);
});

test('search results in the box show a type mark and a snippet; a section header appears once', async () => {
  const {page} = await visit(site, '/docs/servers/', {viewport: DESKTOP});
  await page.keyboard.press('Control+k');
  await page.locator('input.navbar__search-input').fill('restart');
  const options = page.locator('.navbar__search [role="listbox"] [role="option"]');
  await options.first().waitFor({state: 'visible'});
  const seen = await page.evaluate(() => {
    const items = [...document.querySelectorAll('.navbar__search [role="listbox"] [role="option"]')];
    const sections = [...document.querySelectorAll('.navbar__search .ld-hit-section')].map((s) => s.textContent);
    return {
      count: items.length,
      marks: items.map((item) => item.querySelector('.ld-hit-mark')?.textContent ?? ''),
      snippets: items.map((item) => item.querySelector('.ld-hit-snippet')?.textContent ?? ''),
      sections,
    };
  });
  await page.close();
  assert.ok(seen.count >= 3, `${seen.count} results`);
  assert.ok(
    seen.marks.every((mark) => /^(Guide|Changelog|Home|API|GET|POST|PUT|PATCH|DELETE)$/.test(mark)),
    seen.marks.join(', '),
  );
  assert.ok(
    seen.marks.some((mark) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(mark)),
    'an API operation shows its method',
  );
  assert.ok(seen.snippets.filter((s) => /restart/i.test(s)).length >= 1, seen.snippets.join(' | '));
  assert.equal(new Set(seen.sections).size, seen.sections.length, `a section header repeats: ${seen.sections.join(', ')}`);
});

test('the search box placeholder has 4.5:1 contrast in both modes', async () => {
  for (const theme of ['light', 'dark']) {
    const {page} = await visit(site, '/docs/', {viewport: DESKTOP, theme});
    const ratio = await page.evaluate(() => {
      const input = /** @type {HTMLElement} */ (document.querySelector('.navbar__search-input'));
      const parse = (/** @type {string} */ c) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (/** @type {number[]} */ rgb) => {
        const [r, g, b] = rgb.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * /** @type {number} */ (r) + 0.7152 * /** @type {number} */ (g) + 0.0722 * /** @type {number} */ (b);
      };
      const fg = lum(parse(getComputedStyle(input, '::placeholder').color));
      const bg = lum(parse(getComputedStyle(input).backgroundColor));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    await page.close();
    assert.ok(ratio >= 4.5, `${theme}: placeholder contrast ${ratio.toFixed(2)}:1`);
  }
});

test("the docs home's first screen shows its entry points, at 390 and 1280 px", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const {page} = await visit(site, '/docs/', {viewport});
    const cards = await page.evaluate(() =>
      [...document.querySelectorAll('h2#start-here + ul > li > a:first-child')].map((a) => ({
        text: a.textContent,
        href: a.getAttribute('href'),
        bottom: Math.round(/** @type {Element} */ (a.parentElement).getBoundingClientRect().bottom),
      })),
    );
    await page.close();
    assert.deepEqual(
      cards.map((c) => c.href),
      [
        '/docs/quick-start',
        '/docs/servers/add-server',
        '/docs/applications/deploy-application',
        '/docs/pipelines/add-pipeline',
        '/docs/teams/invitations/add-invitation',
        '/docs/api-tokens/personal-access-tokens/add-personal-access-token',
        '/docs/api/reference/',
        '/docs/changelog/',
      ],
    );
    const onFirstScreen = cards.filter((c) => c.bottom <= viewport.height).length;
    assert.ok(onFirstScreen >= (viewport === PHONE ? 4 : 8), `${viewport.width} px: ${onFirstScreen} of ${cards.length} entry points on the first screen`);
  }
});

test('a permission matrix shows ✓ and —, and its cells still read Yes and No', async () => {
  const {page} = await visit(site, '/docs/roles/', {viewport: DESKTOP});
  const cells = await page.evaluate(() => {
    const yes = /** @type {HTMLElement} */ (document.querySelector('td.ld-cell-yes'));
    const no = /** @type {HTMLElement} */ (document.querySelector('td.ld-cell-no'));
    return {
      yesShown: getComputedStyle(yes, '::before').content,
      noShown: getComputedStyle(no, '::before').content,
      yesText: yes.textContent,
      noText: no.textContent,
    };
  });
  await page.close();
  assert.match(cells.yesShown, /✓/);
  assert.match(cells.noShown, /—/);
  assert.deepEqual([cells.yesText, cells.noText], ['Yes', 'No']);
});
