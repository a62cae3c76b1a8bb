/**
 * The rules of tests/build/a11y-rules.mjs after hydration, in Chromium: the
 * tabs still name their panels (with the ids of the server-rendered HTML),
 * groupId and the keyboard work as before, and the /search form's submit
 * button submits.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser, visit, readBuiltHtml} from '../helpers.mjs';
import {RULES, elementsOf} from '../build/a11y-rules.mjs';

const site = withSiteAndBrowser();

/** @param {string} html */
const tabIds = (html) =>
  elementsOf(html)
    .filter((e) => e.attrs.role === 'tab' || e.attrs.role === 'tabpanel')
    .map((e) => `${e.attrs.role} ${e.attrs.id} ${e.attrs['aria-controls'] ?? e.attrs['aria-labelledby']}`);

for (const route of ['/docs/applications/deploy-application', '/docs/api/reference/actions/get-action', '/docs/servers', '/search']) {
  test(`${route}: after hydration every rule holds and the tabs keep the ids of the server-rendered HTML`, async () => {
    const {page, errors} = await visit(site, route);
    const html = await page.content();
    for (const [name, rule] of Object.entries(RULES)) assert.deepEqual(rule(html), [], name);
    assert.deepEqual(tabIds(html), tabIds(readBuiltHtml(route)));
    assert.deepEqual(errors.map(String), []);
    await page.close();
  });
}

test('a tab shows the panel it names; groupId switches every group; arrows move between tabs; Enter selects', async () => {
  const {page} = await visit(site, '/docs/applications/deploy-application');
  const tabs = page.locator('[role="tab"]');
  assert.ok((await tabs.count()) >= 6, 'three groups of two tabs');
  const api = page.locator('[role="tab"]', {hasText: /^API$/});
  await api.first().click();
  for (const tab of await api.all()) {
    assert.equal(await tab.getAttribute('aria-selected'), 'true');
    const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
    assert.ok(await panel.isVisible(), 'the API panel is shown');
    assert.equal(await panel.getAttribute('aria-labelledby'), await tab.getAttribute('id'));
  }
  // Keyboard: ArrowLeft from API focuses Web app, Enter selects it.
  await api.first().focus();
  await page.keyboard.press('ArrowLeft');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, 'Web app');
  await page.keyboard.press('Enter');
  const web = page.locator('[role="tab"]', {hasText: 'Web app'}).first();
  assert.equal(await web.getAttribute('aria-selected'), 'true');
  assert.ok(await page.locator(`[id="${await web.getAttribute('aria-controls')}"]`).isVisible());
  await page.close();
});

test('/search: the form has a submit button; Enter and the button submit the query', async () => {
  const {page, errors} = await visit(site, '/search');
  const submit = page.locator('form[role="search"] button[type="submit"]');
  assert.equal(await submit.count(), 1);
  assert.equal((await submit.innerText()).trim(), 'Search');
  const input = page.locator('form[role="search"] input[name="q"]');
  await input.fill('add server');
  await input.press('Enter');
  await page.waitForURL(/[?&]q=add(\+|%20)server/);
  await page.locator('ol[aria-label="Search results"] li').first().waitFor();
  // The button is hidden until it has keyboard focus; Tab reaches it and it shows.
  await input.fill('ssh key');
  await page.keyboard.press('Tab');
  if ((await page.evaluate(() => document.activeElement?.tagName)) === 'SELECT') await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'submit');
  const box = await submit.boundingBox();
  assert.ok(box && box.width > 20 && box.height > 20, `shown when focused: ${JSON.stringify(box)}`);
  await submit.click();
  await page.waitForURL(/[?&]q=ssh(\+|%20)key/);
  await page.locator('ol[aria-label="Search results"] li').first().waitFor();
  assert.ok(page.url().includes('/search'), 'still on /search');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});
