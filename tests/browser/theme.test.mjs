/**
 * Colour mode: dark on a fresh profile (before any script runs, so there is
 * no flash of the light theme), the switch persists across reloads and syncs
 * to a second tab, and pages still render when localStorage throws.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser, visit, waitForHydration} from '../helpers.mjs';

const site = withSiteAndBrowser();

/** @param {import('playwright-core').Page} page */
const themeOf = (page) => page.evaluate(() => document.documentElement.dataset.theme);

test('a fresh profile gets the dark theme, even with a light system preference', async () => {
  const {page} = await visit(site, '/docs/', {
    hydrate: false,
    beforeLoad: async (tab) => {
      await tab.emulateMedia({colorScheme: 'light'});
      // Record the theme at the first paint, before React hydrates.
      await tab.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          window.__themeAtDomContentLoaded = document.documentElement.dataset.theme;
        });
      });
    },
  });
  assert.equal(await page.evaluate(() => window.__themeAtDomContentLoaded), 'dark');
  await waitForHydration(page);
  assert.equal(await themeOf(page), 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(background, 'rgb(17, 18, 23)');
  await page.close();
});

test('the colour switch persists across reloads and syncs to a second tab', async () => {
  const {page} = await visit(site, '/docs/projects/');
  const {page: second} = await visit(site, '/docs/servers/');
  assert.equal(await themeOf(second), 'dark');

  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await toggle.click();
  assert.equal(await themeOf(page), 'light');
  await second.waitForFunction(() => document.documentElement.dataset.theme === 'light');

  await page.reload();
  await waitForHydration(page);
  assert.equal(await themeOf(page), 'light');

  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  assert.equal(await themeOf(page), 'dark');
  await second.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await second.close();
  await page.close();
});

test('a page still renders when localStorage throws', async () => {
  const {page, errors} = await visit(site, '/docs/servers/', {
    beforeLoad: (tab) =>
      tab.addInitScript(() => {
        const fail = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        };
        Object.defineProperty(window, 'localStorage', {get: fail, configurable: true});
      }),
  });
  assert.ok(await page.locator('h1').isVisible());
  assert.equal(await themeOf(page), 'dark');
  // The switch still works for this page view.
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  assert.equal(await themeOf(page), 'light');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('code blocks are highlighted at build time, in the colours of each theme', async () => {
  // Without JavaScript the tokens are already in the HTML.
  const html = await (await fetch(site.server.url + '/docs/servers/add-aws-server')).text();
  assert.match(html, /<span class="?token string"?>/);
  const {page} = await visit(site, '/docs/servers/add-aws-server');
  const tokenColours = async () =>
    page.evaluate(() => {
      /** @param {string} selector */
      const colourOf = (selector) => {
        const element = [...document.querySelectorAll(selector)].find((e) => e.getClientRects().length > 0);
        return element ? getComputedStyle(element).color : null;
      };
      return {string: colourOf('.prism-code .token.string'), block: colourOf('.prism-code')};
    });
  const dark = await tokenColours();
  assert.ok(dark.string && dark.string !== dark.block, 'strings have their own colour');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  const light = await tokenColours();
  assert.notEqual(light.string, dark.string, 'each theme has its own token colours');
  await page.close();
});
