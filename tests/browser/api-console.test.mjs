/**
 * The API console ("Try it") of the reference pages, in Chromium, against a
 * real mock of the contract: Prism (@stoplight/prism-cli) serving
 * api/openapi.yaml on the loopback port the test build offers as the
 * console's second server (scripts/build-for-tests.mjs).
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import {spawn} from 'node:child_process';
import {axeViolations, buildDir, repoRoot, startNginx, visit, withSiteAndBrowser} from '../helpers.mjs';

const site = withSiteAndBrowser();
const TOKEN = 'ldpat_7Kq2Wm9XtestTokenValue';
/**
 * The mock's port, a string as its URL gives it: Prism's arguments take it so, and so does net.connect (whose types say number).
 * @type {{port: string}}
 */
let mock;
/** @type {string} */
let mockUrl;
/** @type {Awaited<ReturnType<typeof startMock>> | undefined} */
let prism;

/** @param {string} port */
const listening = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(/** @type {number} */ (/** @type {unknown} */ (port)), '127.0.0.1', () => socket.end(() => resolve(true)));
    socket.on('error', () => resolve(false));
  });

async function startMock() {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/prism'), ['mock', '--host', '127.0.0.1', '--port', mock.port, 'api/openapi.yaml'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  for (let i = 0; !(await listening(mock.port)); i++) {
    if (child.exitCode !== null || i > 300) throw new Error(`Prism did not start on port ${mock.port}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function stopMock() {
  if (!prism || prism.exitCode !== null) return;
  const exited = new Promise((resolve) => /** @type {NonNullable<typeof prism>} */ (prism).once('exit', resolve));
  prism.kill('SIGTERM');
  await exited;
}

before(async () => {
  const {servers} = JSON.parse(fs.readFileSync(path.join(buildDir, 'api-console/projects/list-projects.json'), 'utf8'));
  const server = servers.find((/** @type {{url: string}} */ s) => /^http:\/\/127\.0\.0\.1:\d+$/.test(s.url));
  assert.ok(server, `the test build offers a mock server to the console: ${JSON.stringify(servers)}`);
  mockUrl = server.url;
  mock = {port: new URL(mockUrl).port};
  prism = await startMock();
});
after(stopMock);

/**
 * Opens an operation's page and its console, on the mock server, with the token when given.
 * @param {string} route
 * @param {{token?: string} & Pick<import('../helpers.mjs').VisitOptions, 'page' | 'theme' | 'phone'>} [options]
 */
async function openConsole(route, {token = TOKEN, page, theme, phone} = {}) {
  const visited = await visit(site, route, {page, theme, phone});
  const tab = visited.page;
  const region = tab.getByRole('region', {name: /^API console/});
  if (!(await region.count())) await tab.getByRole('button', {name: 'Open the console'}).click();
  await region.waitFor();
  await region.getByLabel('Server', {exact: true}).selectOption(mockUrl);
  if (token !== undefined) await region.getByLabel('Token', {exact: true}).fill(token);
  return {...visited, region};
}

/** @param {import('playwright-core').Locator} region */
const status = (region) => region.locator('[role="status"]');

/**
 * A parameter's field, by its label ("server_id string, required").
 * @param {import('playwright-core').Locator} region
 * @param {string} name
 */
const field = (region, name) => region.getByLabel(new RegExp(`^${name} `));

test('the page renders the panel without JavaScript, and loads the console only when the reader opens it', async () => {
  const {page} = await visit(site, '/docs/api/reference/projects/list-projects', {hydrate: false});
  await page.getByRole('heading', {level: 2, name: 'Try it'}).waitFor();
  assert.match(await page.locator('#try-it + .api-static').innerText(), /Nothing is sent until you press Send/);
  await page.close();

  /** @type {string[]} */
  const requests = [];
  const {page: tab} = await visit(site, '/docs/api/reference/projects/list-projects', {beforeLoad: (p) => p.on('request', (r) => requests.push(r.url()))});
  assert.equal(requests.filter((url) => url.includes('/api-console/') || url.startsWith(mockUrl)).length, 0, 'nothing of the console before the reader asks');
  const chunksBefore = requests.length;
  await tab.getByRole('button', {name: 'Open the console'}).click();
  const region = tab.getByRole('region', {name: /^API console/});
  await region.waitFor();
  assert.ok(requests.length > chunksBefore, 'the console code and data load on the first press');
  assert.equal(requests.filter((url) => url.startsWith(mockUrl)).length, 0, 'no request to the API until Send');
  // Focus moved into the console.
  assert.equal(await tab.evaluate(() => document.activeElement?.id?.endsWith('-server')), true);
  await tab.close();
});

test("a task page loads none of the reference's or the console's code", async () => {
  /** @type {import('playwright-core').Response[]} */
  const scripts = [];
  const {page} = await visit(site, '/docs/servers/add-aws-server', {
    beforeLoad: (tab) => tab.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r)),
  });
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0);
  for (const response of scripts) assert.doesNotMatch(await response.text(), /Open the console|api-static/, response.url());
  await page.close();
});

test('a list operation returns 200 and the response is explained, with its headers and body', async () => {
  const {page, region, errors} = await openConsole('/docs/api/reference/projects/list-projects');
  await region.getByRole('button', {name: 'Send'}).click();
  await status(region).filter({hasText: 'Response: 200 OK'}).waitFor();
  assert.match(await region.innerText(), /200 OK/);
  assert.match(await region.locator('pre').innerText(), /"object": "project"/);
  assert.equal(await region.getByText("doesn't match the contract").count(), 0, 'the mock follows the contract');
  assert.deepEqual(errors.map(String), []);
  await page.close();
});

test('samples follow the fields, and never show the token', async () => {
  const {page, region} = await openConsole('/docs/api/reference/servers/get-server');
  await field(region, 'server_id').fill('srv_Other123');
  const curl = page.locator('.tabs-container [role="tabpanel"]:not([hidden]) pre').first();
  await page.waitForFunction(() => /srv_Other123/.test(document.querySelector('.tabs-container [role="tabpanel"]:not([hidden]) pre')?.textContent ?? ''));
  const text = await curl.innerText();
  assert.ok(text.includes(`${mockUrl}/servers/srv_Other123`), text);
  assert.ok(text.includes('$LAUNCHDECK_TOKEN'), 'the sample reads the token from the environment');
  assert.ok(!text.includes(TOKEN), 'the token never appears in a sample');
  await page.getByRole('tab', {name: 'Python'}).first().click();
  await page.waitForFunction(() => /srv_Other123/.test(document.querySelector('.tabs-container [role="tabpanel"]:not([hidden]) pre')?.textContent ?? ''));
  assert.match(await curl.innerText(), /os\.environ\['LAUNCHDECK_TOKEN'\]/);
  await page.getByRole('tab', {name: 'curl'}).first().click();
  await page.close();
});

test('a create operation with a valid body returns its status and body, and the new ID carries to the next operation', async () => {
  const {page, region} = await openConsole('/docs/api/reference/servers/create-server');
  assert.match(await region.getByText('The body matches the request schema.').innerText(), /matches/);
  await region.getByRole('button', {name: 'Send'}).click();
  await status(region)
    .filter({hasText: /Response: 20[12]/})
    .waitFor();
  assert.match(await region.locator('pre').innerText(), /"id": "srv_9Ej3Wn6A"/);
  assert.match(await region.innerText(), /Kept for the next operations in this tab: .*server_id srv_9Ej3Wn6A/);
  // The next operation, in the same tab: the console opens again, with the new server's ID.
  await page.locator('.menu__link', {hasText: 'Get a server'}).last().click();
  await page.getByRole('heading', {level: 1, name: 'Get a server'}).waitFor();
  const next = page.getByRole('region', {name: /^API console/});
  await next.waitFor();
  assert.equal(await field(next, 'server_id').inputValue(), 'srv_9Ej3Wn6A');
  await next.getByRole('button', {name: 'Send'}).click();
  await status(next).filter({hasText: 'Response: 200 OK'}).waitFor();
  await page.close();
});

test('an invalid body is blocked before sending, naming the field and the rule', async () => {
  /** @type {string[]} */
  const sent = [];
  const {page, region} = await openConsole('/docs/api/reference/projects/create-project');
  page.on('request', (r) => r.url().startsWith(mockUrl) && sent.push(r.url()));
  const body = region.getByLabel(/JSON body/);
  await body.fill('{"name": 42, "colour": "blue"}');
  await region.locator('li', {hasText: 'must be a string'}).waitFor();
  const text = await region.innerText();
  assert.match(text, /name\s+must be a string/);
  assert.match(text, /colour\s+isn't a field of this request/);
  assert.equal(await region.getByRole('button', {name: 'Send'}).isDisabled(), true);
  assert.match(text, /Not sent until these 2 are fixed/);
  await body.fill('{"name": "Acme Shop"');
  await region.locator('[id$="-body-check"]', {hasText: "The body isn't valid JSON"}).waitFor();
  assert.equal(await region.getByRole('button', {name: 'Send'}).isDisabled(), true);
  await region.getByRole('button', {name: 'Reset to the example'}).click();
  assert.equal(await region.getByRole('button', {name: 'Send'}).isDisabled(), false);
  assert.deepEqual(sent, [], 'nothing was sent');
  await page.close();
});

test("a missing token shows the contract's 401 code, what it means and what to do", async () => {
  const {page, region} = await openConsole('/docs/api/reference/projects/list-projects', {token: ''});
  await region.getByRole('button', {name: 'Send'}).click();
  await status(region).filter({hasText: 'Response: 401 Unauthorized, unauthenticated'}).waitFor();
  const text = await region.innerText();
  assert.match(text, /unauthenticated: No token, or the token doesn't exist/);
  // The headers that matter: the mock sends the request ID the contract declares for errors.
  assert.match(await region.locator('dl').innerText(), /Launchdeck-Request-Id\s+req_/);
  const help = region.getByRole('link', {name: /Error codes|Troubleshooting|token/}).last();
  assert.match(/** @type {string} */ (await help.getAttribute('href')), /^\/docs\//);
  await page.close();
});

test('a delete asks for confirmation naming the resource, and Cancel sends nothing', async () => {
  /** @type {string[]} */
  const sent = [];
  const {page, region} = await openConsole('/docs/api/reference/servers/delete-server');
  page.on('request', (r) => r.url().startsWith(mockUrl) && r.method() === 'DELETE' && sent.push(r.url()));
  await region.getByRole('button', {name: 'Send'}).click();
  await region.locator('strong', {hasText: /^(Delete|Remove) a server \(srv_6Yp2Mx9K\)\?$/}).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Yes, send DELETE', 'focus on the confirmation');
  await region.getByRole('button', {name: 'Cancel'}).click();
  assert.deepEqual(sent, []);
  await region.getByRole('button', {name: 'Send'}).click();
  await region.getByRole('button', {name: 'Yes, send DELETE'}).click();
  await status(region)
    .filter({hasText: /Response: 20[024]/})
    .waitFor();
  assert.equal(sent.length, 1);
  await page.close();
});

test('axe finds nothing in the open console, with a response and with blocking errors, in both color modes', async () => {
  for (const theme of ['dark', 'light']) {
    const {page, region} = await openConsole('/docs/api/reference/servers/create-server', {theme});
    await region.getByRole('button', {name: 'Send'}).click();
    await status(region).filter({hasText: 'Response:'}).waitFor();
    assert.deepEqual(await axeViolations(page), [], `${theme}: with a response`);
    // The body's variant follows its provider: with one, the name's type is what is wrong.
    await region.getByLabel(/JSON body/).fill('{"name": 1, "provider": "aws"}');
    await region.locator('li', {hasText: 'must be a string'}).waitFor();
    await field(region, 'environment_id').fill('');
    assert.deepEqual(await axeViolations(page), [], `${theme}: with errors`);
    await page.close();
  }
});

test('Forget clears the token and the values from storage, the URL and the page', async () => {
  const {page, region} = await openConsole('/docs/api/reference/servers/get-server');
  await field(region, 'server_id').fill('srv_Kept4567');
  await region.getByRole('button', {name: 'Send'}).click();
  await status(region).filter({hasText: 'Response:'}).waitFor();
  const seen = await page.evaluate(() => ({session: JSON.stringify(sessionStorage), local: JSON.stringify(localStorage)}));
  assert.ok(seen.session.includes(TOKEN), 'the token is kept in this tab');
  assert.ok(!seen.local.includes(TOKEN), 'never in localStorage');
  assert.ok(!page.url().includes(TOKEN));
  assert.ok(!(await page.content()).includes(TOKEN), 'never in the markup');
  await region.getByRole('button', {name: 'Forget'}).click();
  await status(region).filter({hasText: 'forgot'}).waitFor();
  const after = await page.evaluate(() => ({
    session: JSON.stringify(sessionStorage),
    local: JSON.stringify(localStorage),
    html: document.documentElement.outerHTML,
  }));
  for (const where of /** @type {const} */ (['session', 'local', 'html'])) {
    assert.ok(!after[where].includes(TOKEN), `no token in ${where}`);
    assert.ok(!after[where].includes('srv_Kept4567'), `no kept value in ${where}`);
  }
  assert.equal(await region.getByLabel('Token', {exact: true}).inputValue(), '');
  assert.ok(!page.url().includes(TOKEN));
  await page.close();
});

test('the mock stopped: the console explains that the request did not reach the server', async () => {
  await stopMock();
  try {
    const {page, region} = await openConsole('/docs/api/reference/projects/list-projects');
    await region.getByRole('button', {name: 'Send'}).click();
    await status(region).filter({hasText: 'No response'}).waitFor();
    assert.match(await region.innerText(), /The request did not reach the server/);
    await page.close();
  } finally {
    prism = await startMock();
  }
});

test('under the policy nginx sends, the console works with zero violations, by keyboard and on a phone in both color modes', async () => {
  const nginx = await startNginx();
  const viaNginx = {server: nginx, browser: site.browser};
  try {
    for (const theme of ['dark', 'light']) {
      /** @type {string[]} */
      const violations = [];
      const {page, region, errors} = await (async () => {
        const visited = await visit(viaNginx, '/docs/api/reference/projects/list-projects', {
          theme,
          phone: true,
          beforeLoad: (tab) => tab.on('console', (m) => /Content Security Policy|Content-Security-Policy/i.test(m.text()) && violations.push(m.text())),
        });
        return {...visited, region: visited.page.getByRole('region', {name: /^API console/})};
      })();
      await page.evaluate(() => document.addEventListener('securitypolicyviolation', (e) => (window.__violations ??= []).push(e.violatedDirective)));
      const open = page.getByRole('button', {name: 'Open the console'});
      if (await open.count()) {
        await open.focus();
        await page.keyboard.press('Enter');
      }
      await region.waitFor();
      // Keyboard only: the server field has the focus; choose the mock, then Tab to the token.
      await region.getByLabel('Server', {exact: true}).selectOption(mockUrl);
      await page.keyboard.press('Tab');
      await page.keyboard.type(TOKEN);
      await region.getByRole('button', {name: 'Send'}).focus();
      await page.keyboard.press('Enter');
      await status(region).filter({hasText: 'Response: 200 OK'}).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `no sideways scrolling on a phone (${width}px)`);
      assert.deepEqual(await page.evaluate(() => window.__violations ?? []), [], theme);
      assert.deepEqual(violations, [], theme);
      assert.deepEqual(errors.map(String), [], theme);
      await page.close();
    }
  } finally {
    await nginx.close();
  }
});
