/**
 * Practice mode, in Chromium (src/plugins/simulation): the quick start run
 * from its first step to a deployed application, on a phone and on a
 * desktop, without a request leaving the page; the API console's Simulation
 * server creating a project that its list then shows; Reset simulation; and
 * axe on both, in both color modes.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {axeViolations, PHONE, visit, withSiteAndBrowser} from '../helpers.mjs';

const site = withSiteAndBrowser();
/** @type {Promise<void> | undefined} */
let clock;
/** The tabs' clock (Playwright's clock emulation), installed once: it runs as usual until runCall() jumps it forward. */
const installClock = () => (clock ??= site.browser.context.clock.install());
const QUICK_START = '/docs/quick-start/';

/**
 * Presses a call's "Run in the simulation" as a reader does: a call the page shows in a later state ("get its status
 * until it's `running`") is run again until it is. Returns the call's status line.
 * @param {import('playwright-core').Locator} box
 */
async function runCall(box) {
  for (let attempt = 0; attempt < 40; attempt++) {
    await box.getByRole('button', {name: /^(Run in the simulation|Run again)$/}).click();
    await box.getByRole('button', {name: 'Run again'}).waitFor();
    if (!(await box.locator('.ld-run__wait').count())) return (await box.getByRole('status').innerText()).replace(/\s+/g, ' ').trim();
    // "Wait a few seconds": the tab's clock jumps them rather than waiting them out.
    await box.page().clock.fastForward(5000);
  }
  throw new Error(`still waiting: ${await box.getByRole('status').innerText()}`);
}

/**
 * Goes through the quick start in a new tab; what each call answered, the world panel at the end, and the requests.
 * @param {{phone?: boolean, theme?: string}} options
 */
async function quickStart({phone = false, theme = 'dark'} = {}) {
  /** @type {string[]} */
  const files = [];
  await installClock();
  const {page, external, errors} = await visit(site, QUICK_START, {
    phone,
    theme,
    beforeLoad: (tab) => tab.on('request', (request) => files.push(new URL(request.url()).pathname)),
  });
  await page.waitForLoadState('networkidle');
  const beforeFirstRun = [...files];
  // The steps' API tabs (one group: choosing API in the first switches them all).
  await page.getByRole('tab', {name: 'API'}).first().click();
  const boxes = page.getByRole('group', {name: /practice call, no account$/});
  const count = await boxes.count();
  /** @type {string[]} */
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await runCall(boxes.nth(i)));
  const world = page.getByRole('region', {name: 'Your simulated world'});
  return {page, external, errors, answers, world, loadedOnFirstRun: files.filter((f) => !beforeFirstRun.includes(f)), beforeFirstRun};
}

/**
 * The quick start in one tab, checked.
 * @param {boolean} phone
 */
async function checkQuickStart(phone) {
  const {page, external, errors, answers, world, loadedOnFirstRun, beforeFirstRun} = await quickStart({phone});
  const where = phone ? 'phone' : 'desktop';
  assert.ok(answers.length >= 10, `${where}: the page has its calls: ${answers.length}`);
  assert.match(answers[0], /^201 Created POST \/projects$/);
  for (const answer of answers) assert.match(answer, /^20[0-2] /, `${where}: every call succeeds in order: ${answers.join(' · ')}`);
  // On a phone the panel is one line until the reader opens it.
  if (phone) {
    assert.match(await world.innerText(), /Your simulated world\s+Show\s+\d+ objects\./);
    await world.getByRole('button', {name: 'Show'}).click();
  }
  // The IDs flowed: the calls after the first use the IDs the simulation gave, not the page's.
  assert.ok(!answers.some((a) => a.includes('prj_8Wd3Kx5P')), `${where}: the project's ID is the simulation's: ${answers[1]}`);
  assert.match(await world.innerText(), /Application\s+storefront\s+deployed/);
  assert.match(await world.innerText(), /Server\s+web-1\s+running/);
  // The check: the application as the API answers it now.
  const check = page.getByRole('group', {name: /GET \/applications\/.*practice call/}).last();
  await check.getByText(/^Response \(\d+ lines\)$/).click();
  assert.match(await check.locator('pre').innerText(), /"status": "deployed"/);
  assert.deepEqual(external, [], `${where}: no request left the page`);
  assert.deepEqual(errors.map(String), []);
  // The simulation loaded when the reader first ran a call, not with the page.
  assert.ok(
    beforeFirstRun.some((f) => f.endsWith('.js')),
    'the page loaded its own scripts first',
  );
  assert.ok(
    loadedOnFirstRun.some((f) => f.endsWith('.js')),
    `${where}: the simulation's code loads on the first run: ${loadedOnFirstRun.join(', ')}`,
  );
  return {page, world};
}

test('the quick start goes from a new project to a deployed application on a phone and on a desktop, with no request off the page; Reset simulation starts over', async () => {
  // One after the other: side by side, with the clock installed, the desktop tab's calls took 2 to 11 s each (its
  // timers throttled in the background, it seems), against 0.2 s alone.
  const desktop = await checkQuickStart(false);
  await desktop.page.close();
  const phone = await checkQuickStart(true);
  // Reset simulation starts over: the world is empty, and the calls need step 1 again.
  await phone.world.getByRole('button', {name: 'Reset simulation'}).click();
  assert.match(await phone.world.innerText(), /Nothing yet/);
  const link = phone.page.getByRole('group', {name: /POST \/applications\/.*\/links: practice call/});
  await link.getByRole('button', {name: 'Run again'}).click();
  await link.getByRole('button', {name: 'Run again'}).waitFor();
  assert.match(await link.getByRole('status').innerText(), /^404 Not Found[\s\S]*Run the earlier steps first/);
  await phone.page.close();
});

/**
 * Opens an operation's console in the simulation (its default server).
 * @param {string} route
 * @param {import('playwright-core').Page} [page]
 */
async function openConsole(route, page) {
  const visited = await visit(site, route, page ? {page} : {});
  const region = visited.page.getByRole('region', {name: /^API console/});
  const button = visited.page.getByRole('button', {name: 'Open the console'});
  // A tab that left the console open opens it again by itself.
  await region.or(button).first().waitFor();
  if (await button.isVisible()) await button.click();
  await region.waitFor();
  assert.equal(await region.getByLabel('Server', {exact: true}).inputValue(), 'simulation', 'the simulation is the default server');
  return {...visited, region};
}

test("the console's simulation: a project created, then listed; Reset simulation forgets it; nothing leaves the page", async () => {
  const {page, region, external} = await openConsole('/docs/api/reference/projects/create-project/');
  assert.match(await region.innerText(), /requests never leave your browser/);
  await region.getByLabel('JSON body', {exact: false}).fill(JSON.stringify({name: 'Practice Shop', slug: 'practice-shop'}));
  await region.getByRole('button', {name: 'Send'}).click();
  await region
    .getByText(/^201 Created$/)
    .first()
    .waitFor();
  assert.match(await region.innerText(), /"slug": "practice-shop"/);

  const list = await openConsole('/docs/api/reference/projects/list-projects/', page);
  await list.region.getByRole('button', {name: 'Send'}).click();
  await list.region
    .getByText(/^200 OK$/)
    .first()
    .waitFor();
  const listed = await list.region.innerText();
  assert.match(listed, /"slug": "practice-shop"/, 'the new project is in the list');
  assert.match(listed, /"slug": "acme-shop"/, 'with the sample world');

  await list.region.getByRole('button', {name: 'Reset simulation'}).click();
  await list.region.getByRole('button', {name: 'Send'}).click();
  await list.region
    .getByText(/^200 OK$/)
    .first()
    .waitFor();
  assert.doesNotMatch(await list.region.innerText(), /practice-shop/, 'after a reset, the world is the sample world again');
  assert.deepEqual(external, []);
  await page.close();
});

test('axe finds nothing on the quick start and in the console in simulation mode, on a phone and a desktop, in both color modes', async () => {
  /** @type {string[]} */
  const found = [];
  for (const theme of ['dark', 'light']) {
    for (const phone of [false, true]) {
      const tab = await visit(site, QUICK_START, {theme, phone});
      await tab.page.getByRole('tab', {name: 'API'}).first().click();
      await runCall(tab.page.getByRole('group', {name: /practice call, no account$/}).first());
      found.push(...(await axeViolations(tab.page)).map((v) => `quick start, ${theme}${phone ? ', phone' : ''}: ${v}`));
      await tab.page.close();

      const console_ = await visit(site, '/docs/api/reference/servers/list-servers/', {theme, phone});
      await console_.page.getByRole('button', {name: 'Open the console'}).click();
      const region = console_.page.getByRole('region', {name: /^API console/});
      await region.getByRole('button', {name: 'Send'}).click();
      await region
        .getByText(/^200 OK$/)
        .first()
        .waitFor();
      found.push(...(await axeViolations(console_.page)).map((v) => `console, ${theme}${phone ? ', phone' : ''}: ${v}`));
      await console_.page.close();
    }
  }
  assert.deepEqual(found, []);
});

test('a phone shows the quick start in one column, the world panel within the screen', async () => {
  const {page} = await visit(site, QUICK_START, {phone: true});
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide on a ${PHONE.width} px screen`);
  const box = await page.getByRole('region', {name: 'Your simulated world'}).boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the panel is within the screen: ${JSON.stringify(box)}`);
  await page.close();
});
