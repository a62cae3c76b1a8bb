/**
 * Colour mode: dark on a fresh profile (before any script runs, so there is
 * no flash of the light theme), the switch persists across reloads and syncs
 * to a second tab, and pages still render when localStorage throws.
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {serveBuild, launchBrowser, openPage, waitForHydration} from '../helpers.mjs';

let server;
let browser;
before(async () => {
  server = await serveBuild();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const themeOf = (page) => page.evaluate(() => document.documentElement.dataset.theme);

test('a fresh profile gets the dark theme, even with a light system preference', async () => {
  const {page} = await openPage(browser.context, server.url);
  await page.emulateMedia({colorScheme: 'light'});
  // Record the theme at the first paint, before React hydrates.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      window.__themeAtDomContentLoaded = document.documentElement.dataset.theme;
    });
  });
  await page.goto(server.url + '/docs/');
  assert.equal(await page.evaluate(() => window.__themeAtDomContentLoaded), 'dark');
  await waitForHydration(page);
  assert.equal(await themeOf(page), 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(background, 'rgb(17, 18, 23)');
  await page.close();
});

test('the colour switch persists across reloads and syncs to a second tab', async () => {
  const {page} = await openPage(browser.context, server.url);
  await page.goto(server.url + '/docs/projects/');
  await waitForHydration(page);
  const second = await browser.context.newPage();
  await second.goto(server.url + '/docs/servers/');
  await waitForHydration(second);
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
  const {page, errors} = await openPage(browser.context, server.url);
  await page.addInitScript(() => {
    const fail = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', {get: fail, configurable: true});
  });
  await page.goto(server.url + '/docs/servers/');
  await waitForHydration(page);
  assert.ok(await page.locator('h1').isVisible());
  assert.equal(await themeOf(page), 'dark');
  // The switch still works for this page view.
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  assert.equal(await themeOf(page), 'light');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});
