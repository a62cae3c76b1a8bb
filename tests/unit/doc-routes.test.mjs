/**
 * The one rule for a doc's id and route (src/utils/docRoutes.ts), which the
 * build, the theme's cards and the content checks all import.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {createRequire} from 'node:module';
import {repoRoot} from '../helpers.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {docRoute, docIdOfFile, docIdOf, indexDocIdOf} = /** @type {typeof import('../../src/utils/docRoutes.ts')} */ (
  jiti(path.join(repoRoot, 'src/utils/docRoutes.ts'))
);

test("a doc's route comes from its file under docs/, or from its front matter's slug", () => {
  assert.equal(docRoute('servers/add-server.md'), '/docs/servers/add-server');
  assert.equal(docRoute('servers/index.md'), '/docs/servers/');
  assert.equal(docRoute('index.md'), '/docs/');
  assert.equal(docRoute('api/reference/servers/create-server.mdx'), '/docs/api/reference/servers/create-server');
  assert.equal(docRoute('servers/add-server.md', '/start'), '/docs/start');
  assert.equal(docRoute('servers/index.md', '/'), '/docs/');
  assert.equal(docRoute('servers/add-server.md', 'add'), '/docs/servers/add', 'a relative slug stays in its folder');
});

test('doc ids from files and from routes agree', () => {
  assert.equal(docIdOfFile('servers/add-server.md'), 'servers/add-server');
  assert.equal(docIdOfFile('servers/index.md'), 'servers/index');
  assert.equal(docIdOf('/docs/servers/add-server'), 'servers/add-server');
  assert.equal(docIdOf('/docs/servers/'), 'servers/index');
  assert.equal(docIdOf('/docs/'), 'index');
  assert.equal(indexDocIdOf('/docs/servers'), 'servers/index');
  assert.equal(indexDocIdOf('/docs/servers/'), 'servers/index');
  for (const file of ['index.md', 'servers/index.md', 'servers/add-server.md', 'api-tokens/personal-access-tokens/add-personal-access-token.md']) {
    assert.equal(docIdOf(docRoute(file)), docIdOfFile(file), file);
  }
});
