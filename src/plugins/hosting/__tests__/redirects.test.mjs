/**
 * The site's redirects from their own list (src/plugins/hosting/redirects.ts):
 * the options given to @docusaurus/plugin-client-redirects, taken as the
 * plugin takes them, and the page file the plugin writes for each, checked
 * against the plugin's own functions so the two cannot drift apart.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {createRequire} from 'node:module';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const require = createRequire(import.meta.url);
const jiti = createJiti(import.meta.url, {interopDefault: true});
const {redirectList, redirectPageFile} = /** @type {typeof import('../redirects.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/hosting/redirects.ts')));
const {movedPages, shortNamesFor} = /** @type {typeof import('../../../config/redirects.ts')} */ (jiti(path.join(repoRoot, 'src/config/redirects.ts')));

const routes = ['/docs/', '/docs/servers/', '/docs/servers/add-aws-server', '/docs/servers/add-server', '/search'];

test('each `redirects` entry and each short name becomes one redirect, without a trailing slash, sorted', () => {
  const options = {
    redirects: [
      {from: '/', to: '/docs/'},
      {from: ['/docs/old-a', '/docs/old-b/'], to: '/docs/servers/add-server'},
    ],
    createRedirects: (/** @type {string} */ route) => (route === '/docs/servers/add-aws-server' ? ['/docs/servers/add-aws'] : undefined),
  };
  assert.deepEqual(redirectList(options, routes), [
    {from: '/', to: '/docs/'},
    {from: '/docs/old-a', to: '/docs/servers/add-server'},
    {from: '/docs/old-b', to: '/docs/servers/add-server'},
    {from: '/docs/servers/add-aws', to: '/docs/servers/add-aws-server'},
  ]);
});

test('a `from` that is a page, or that an earlier redirect took, makes no redirect', () => {
  const options = {
    redirects: [
      {from: '/docs/servers/add-server', to: '/docs/'},
      {from: '/docs/gone', to: '/docs/'},
      {from: '/docs/gone', to: '/docs/servers/'},
    ],
  };
  assert.deepEqual(redirectList(options, routes), [{from: '/docs/gone', to: '/docs/'}]);
});

test("the site's own options make the redirects the specification asks for", () => {
  const list = redirectList({redirects: [{from: '/', to: '/docs/'}, ...movedPages], createRedirects: shortNamesFor}, routes);
  assert.ok(list.some((r) => r.from === '/' && r.to === '/docs/'));
  assert.ok(list.some((r) => r.from === '/docs/servers/add-aws' && r.to === '/docs/servers/add-aws-server'));
});

test('the page file of a redirect is where the plugin writes it', () => {
  const {toRedirectFiles} = require(path.join(repoRoot, 'node_modules/@docusaurus/plugin-client-redirects/lib/writeRedirectFiles.js'));
  const outDir = '/out';
  for (const from of ['/', '/docs/servers/add-aws']) {
    const [file] = toRedirectFiles([{from, to: '/docs/'}], {baseUrl: '/', outDir}, undefined);
    assert.equal(redirectPageFile(outDir, from), file.fileAbsolutePath);
  }
});
