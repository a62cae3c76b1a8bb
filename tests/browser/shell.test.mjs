/**
 * The site shell: navbar and footer links, the mobile menu, the table of
 * contents, pages without JavaScript, the doc footer links and the error page.
 */
import {test, before} from 'node:test';
import assert from 'node:assert/strict';
import {isDeepStrictEqual} from 'node:util';
import {withSiteAndBrowser, visit, launchBrowser, builtSiteConfig, buildDir, readBuiltHtml, metaOf, tagsOf, decodeEntities, eventually} from '../helpers.mjs';
import {startServer} from '../../scripts/serve.mjs';

const site = withSiteAndBrowser();
/** @type {import('../../src/config/urls.ts').ProductUrls} */
let siteUrls;
before(async () => {
  siteUrls = (await builtSiteConfig()).customFields.urls;
});

test('the navbar has Documentation, Blog, Pricing, Careers, search, locale, colour switch and GET STARTED', async () => {
  const {page} = await visit(site, '/docs/servers/');
  const nav = page.getByRole('navigation', {name: 'Main'});
  /** @param {string} name */
  const href = (name) => nav.getByRole('link', {name, exact: true}).first().getAttribute('href');
  assert.equal(await href('Documentation'), '/docs/');
  assert.equal(await href('Blog'), `${siteUrls.marketing}/blog`);
  assert.equal(await href('Pricing'), `${siteUrls.marketing}/pricing`);
  assert.equal(await href('Careers'), `${siteUrls.marketing}/careers`);
  assert.equal(await href('GET STARTED'), siteUrls.app);
  for (const name of ['Blog', 'Pricing', 'Careers', 'GET STARTED']) {
    // Full page loads in the same tab, not client-side routes.
    assert.equal(await nav.getByRole('link', {name, exact: true}).first().getAttribute('target'), '_self');
  }
  assert.ok(await nav.locator('input.navbar__search-input').isVisible());
  assert.ok(await nav.getByRole('button', {name: /Switch between dark and light mode/}).isVisible());
  const locale = nav.locator('.dropdown').filter({hasText: 'English'});
  assert.ok(await locale.isVisible());
  await page.close();
});

test('clicking Documentation opens the documentation home', async () => {
  const {page} = await visit(site, '/docs/servers/');
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Documentation', exact: true}).click();
  await page.waitForURL(/\/docs\/$/);
  await page.getByRole('heading', {level: 1}).waitFor();
  await page.close();
});

test('the footer links to docs, pricing, careers and the community pages, with logo and copyright', async () => {
  const {page} = await visit(site, '/docs/');
  const footer = page.locator('footer.footer');
  /** @param {string} name */
  const href = (name) => footer.getByRole('link', {name, exact: true}).getAttribute('href');
  assert.equal(await href('Documentation'), '/docs/');
  assert.equal(await href('Pricing'), `${siteUrls.marketing}/pricing`);
  assert.equal(await href('Careers'), `${siteUrls.marketing}/careers`);
  assert.equal(await href('GitHub'), siteUrls.repository);
  assert.equal(await href('LinkedIn'), siteUrls.linkedin);
  assert.equal(await href('YouTube'), siteUrls.youtube);
  assert.ok(await footer.getByRole('img', {name: 'Launchdeck'}).isVisible());
  assert.match(await footer.innerText(), /Copyright © \d{4} Launchdeck, Inc\./);
  await page.close();
});

test('doc pages have an edit link and a pre-filled community support link', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers');
  const title = (await page.locator('h1').innerText()).trim();
  const edit = await page.getByRole('link', {name: /Edit this page/}).getAttribute('href');
  assert.equal(edit, `${siteUrls.repository}/edit/main/docs/servers/list-servers.md`);
  const support = new URL(/** @type {string} */ (await page.getByRole('link', {name: 'Community support'}).getAttribute('href')));
  assert.equal(`${support.origin}${support.pathname}`, `${siteUrls.repository}/issues/new`);
  assert.equal(support.searchParams.get('page-url'), `${siteUrls.site}/docs/servers/list-servers`);
  assert.equal(support.searchParams.get('page-title'), title);
  assert.equal(support.searchParams.get('template'), 'docs-feedback.yml');
  await page.close();
});

test('at 375 px the hamburger opens the sidebar, with "Back to main menu" for the secondary menu', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers', {phone: true});
  const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
  assert.ok(await toggle.isVisible());
  await toggle.click();
  const sidebar = page.locator('.navbar-sidebar');
  await sidebar.waitFor({state: 'visible'});
  // A docs page opens the secondary (docs) menu first; going back shows the main menu.
  const back = sidebar.getByRole('button', {name: /Back to main menu/});
  await back.waitFor({state: 'visible'});
  assert.ok(await sidebar.getByRole('link', {name: 'Servers'}).first().isVisible());
  await back.click();
  await sidebar.getByRole('link', {name: 'Pricing'}).waitFor({state: 'visible'});
  await sidebar.getByRole('link', {name: 'GET STARTED'}).waitFor({state: 'visible'});
  // Closing works and the page is usable again.
  await page.getByRole('button', {name: 'Close navigation bar'}).click();
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
  await page.close();
});

test('the table of contents lists only h2 and h3 headings', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server');
  const tocIds = await page.$$eval('.table-of-contents a', (links) =>
    links.map((a) => decodeURIComponent(/** @type {string} */ (a.getAttribute('href')).slice(1))),
  );
  assert.ok(tocIds.length > 0, 'the page has a table of contents');
  const levels = await page.evaluate((ids) => ids.map((id) => document.getElementById(id)?.tagName), tocIds);
  assert.ok(
    levels.every((tag) => tag === 'H2' || tag === 'H3'),
    levels.join(','),
  );
  const articleH4 = await page.$$eval('article h4[id]', (hs) => hs.map((h) => h.id));
  for (const id of articleH4) assert.ok(!tocIds.includes(id), `h4 ${id} is in the TOC`);
  await page.close();
});

test('pages show their text with JavaScript disabled', async () => {
  const noJs = await launchBrowser({javaScriptEnabled: false});
  const page = await noJs.context.newPage();
  await page.goto(site.server.url + '/docs/servers/list-servers');
  const h1 = await page.locator('h1').innerText();
  assert.ok(h1.length > 3);
  assert.ok((await page.locator('article p').count()) > 0);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined);
  // Short names work without JavaScript on a host without rules too (the redirect page's meta refresh).
  const plain = await startServer({dir: buildDir, plain: true});
  await page.goto(plain.url + '/docs/servers/list');
  await page.waitForURL(/\/docs\/servers\/list-servers$/);
  await plain.close();
  await noJs.close();
});

test('a component crash shows "Page Error" with the error chain, and Try again recovers', async () => {
  const {page} = await visit(site, '/test-crash', {hydrate: false});
  await page.getByRole('heading', {name: 'This page crashed.'}).waitFor();
  assert.match(await page.title(), /^Page Error/);
  const chain = await page.getByTestId('error-chain').innerText();
  assert.match(chain, /Test crash: the component threw on purpose/);
  assert.match(chain, /Root cause: simulated failure/);
  // Try again re-renders; it crashes again while the fault persists…
  await page.getByRole('button', {name: 'Try again'}).click();
  await page.getByRole('heading', {name: 'This page crashed.'}).waitFor();
  // …and recovers once it is gone.
  await page.evaluate(() => window.localStorage.setItem('ld-test-crash', 'off'));
  await page.getByRole('button', {name: 'Try again'}).click();
  await page.getByRole('heading', {name: 'Crash test recovered'}).waitFor();
  await page.evaluate(() => window.localStorage.removeItem('ld-test-crash'));
  await page.close();
});

test('a page part whose code failed to load says so and offers Try again; a late one shows a spinner, then the part', async () => {
  const {page} = await visit(site, '/test-loading');
  // src/internals/theme/Loading, in the site's styles: not the fallback theme's red box with the error's text.
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal(await alert.locator('p').innerText(), 'This part of the page did not load. Check your connection, then try again.');
  assert.doesNotMatch(await alert.innerText(), /chunk 1234/);
  await page.getByRole('button', {name: 'Try again'}).click();
  const spinner = page.getByRole('status', {name: 'Loading'});
  await spinner.waitFor();
  assert.notEqual(await spinner.evaluate((el) => getComputedStyle(el).animationName), 'none');
  await page.getByText('The late part loaded.').waitFor();
  assert.equal(await page.getByRole('status', {name: 'Loading'}).count(), 0);
  await page.close();
});

test('the navbar hides when scrolling down and comes back when scrolling up', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server');
  const navbar = page.locator('nav.navbar');
  assert.equal(await navbar.evaluate((el) => el.className.includes('navbarHidden')), false);
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(60);
  }
  await page.waitForFunction(() => /** @type {Element} */ (document.querySelector('nav.navbar')).className.includes('navbarHidden'));
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(() => !(/** @type {Element} */ (document.querySelector('nav.navbar')).className.includes('navbarHidden')));
  await page.close();
});

test('doc pages show when they were last updated, the date written as Intl writes it in English', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers');
  const text = await page.locator('.theme-last-updated').innerText();
  assert.match(text, /^Last updated on \w+ \d{1,2}, \d{4}$/);
  const dateTime = /** @type {string} */ (await page.locator('.theme-last-updated time').getAttribute('datetime'));
  const english = new Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(new Date(dateTime));
  assert.equal(text, `Last updated on ${english}`);
  // src/internals/theme/LastUpdated writes the date in English without Intl: a second locale needs Intl there again.
  assert.deepEqual((await builtSiteConfig()).i18n.locales, ['en']);
  await page.close();
});

test('a code block whose lines overflow offers word wrap, and one that fits does not', async () => {
  const {page} = await visit(site, '/docs/servers/add-aws-server', {phone: true});
  const blocks = page.locator('.theme-code-block');
  const wrap = page.getByRole('button', {name: 'Toggle word wrap'});
  await wrap.first().waitFor();
  const first = blocks.filter({has: wrap}).first();
  const button = first.getByRole('button', {name: 'Toggle word wrap'});
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  const pre = first.locator('pre');
  assert.ok(await pre.evaluate((el) => el.scrollWidth <= el.clientWidth), 'wrapped lines fit');
  await page.setViewportSize({width: 1280, height: 800});
  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForTimeout(300);
  // Blocks on screen (not in a hidden tab): those that fit at 1280 px offer no word wrap.
  const {shown, offered} = await page.evaluate(() => {
    const visible = [...document.querySelectorAll('.theme-code-block')].filter((block) => /** @type {HTMLElement} */ (block).offsetWidth > 0);
    return {shown: visible.length, offered: visible.filter((block) => block.querySelector('button[aria-pressed]')).length};
  });
  assert.ok(shown > 0 && offered < shown, `at 1280 px, ${offered} of ${shown} blocks on screen offer word wrap`);
  await page.close();
});

test('links on screen are prefetched while the browser is idle, and never on a slow or data-saver connection', async () => {
  const {page} = await visit(site, '/docs/servers/');
  const prefetches = page.locator('head link[rel="prefetch"][href*="/assets/js/"]');
  await prefetches.first().waitFor({state: 'attached'});
  assert.ok((await prefetches.count()) > 3);
  await page.close();

  const {page: slow} = await visit(site, '/docs/servers/', {
    beforeLoad: (tab) =>
      tab.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({effectiveType: '2g', saveData: true}), configurable: true});
      }),
  });
  await slow.waitForTimeout(1500);
  assert.equal(await slow.locator('head link[rel="prefetch"]').count(), 0);
  await slow.close();
});

test('after client-side navigation the head is the one the server writes for the new page (seam head-tags)', async () => {
  const {page} = await visit(site, '/docs/servers/list-servers');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.hasHydrated), 'true');
  /** The head as a reader's browser and a share sheet see it. */
  const headOf = () =>
    page.evaluate(() => {
      const tags = [...document.head.querySelectorAll('[data-rh]:not(title)')].map(
        (t) => t.getAttribute('name') ?? t.getAttribute('property') ?? t.getAttribute('rel'),
      );
      return {
        title: document.title,
        htmlClass: document.documentElement.className,
        lang: document.documentElement.lang,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
        duplicates: tags.filter((key, i) => key !== 'alternate' && tags.indexOf(key) !== i),
      };
    });
  /** @param {string} route */
  const served = (route) => {
    const html = readBuiltHtml(route);
    const meta = metaOf(html);
    return {
      title: decodeEntities(/<title[^>]*>([^<]*)</.exec(html)?.[1] ?? ''),
      htmlClass: tagsOf(html, 'html')[0]?.class,
      lang: 'en',
      description: meta.description,
      ogUrl: meta['og:url'],
      canonical: tagsOf(html, 'link').flatMap((l) => (l.rel === 'canonical' ? [l.href] : [])),
      duplicates: /** @type {(string | null)[]} */ ([]),
    };
  };
  assert.deepEqual(await headOf(), served('/docs/servers/list-servers'));
  await page.evaluate(() => Object.assign(window, {sameDocument: true}));
  for (const [link, route] of /** @type {[import('playwright-core').Locator, string][]} */ ([
    [page.locator('.theme-doc-sidebar-menu a[href="/docs/servers/add-aws-server"]'), '/docs/servers/add-aws-server'],
    [page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Documentation', exact: true}), '/docs/'],
  ])) {
    await link.click();
    await page.waitForURL(`**${route}`);
    await eventually(async () => isDeepStrictEqual(await headOf(), served(route)), `the head of ${route}`).catch(() => undefined);
    assert.deepEqual(await headOf(), served(route), route);
  }
  assert.equal(await page.evaluate(() => /** @type {{sameDocument?: boolean}} */ (window).sameDocument), true, 'navigated without a reload');
  await page.close();
});
