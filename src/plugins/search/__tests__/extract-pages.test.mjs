/**
 * Seam "search-index" (../seams/extractPages.ts) parses the built pages in worker threads, a batch at a time. The
 * documents it returns must be the ones one call of the plugin's own `scanDocuments` returns for the same pages, ids
 * included: src/plugins/search/buildIndex.ts links headings and text to their page by those ids. The pages are four
 * small built pages in __fixtures__/extract (one of them `noindex`, which the plugin leaves out).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {scanInWorkers} = /** @type {typeof import('../seams/extractPages.ts')} */ (jiti('../seams/extractPages.ts'));
const {scanDocuments} = /** @type {typeof import('@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments')} */ (
  jiti('@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments')
);

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__/extract');
const pages = ['add-server', 'draft', 'remove-server', 'servers'].map((name) => ({
  filePath: path.join(fixtures, `${name}.html`),
  url: `/docs/servers/${name}`,
  type: 'docs',
}));
const config = {ignoreCssSelectors: ['.ld-feedback'], forceIgnoreNoIndex: false};

/** @param {unknown[][]} documents */
const titles = (documents) => /** @type {Array<{t: string}>} */ (documents[0]).map((d) => d.t);

test('the workers return what one scanDocuments call returns, ids included, whatever the batch size', async () => {
  const expected = await scanDocuments(pages, config);
  assert.deepEqual(titles(expected), ['Add a server', 'Remove a server', 'Servers'], 'the noindex page is left out');
  for (const batch of [1, 2, 40]) {
    assert.deepEqual(await scanInWorkers(pages, config, batch), expected, `batches of ${batch}`);
  }
});

test('each heading and section points to its own page by id', async () => {
  const [pageDocs, headings, , , content] = /** @type {Array<Array<{i: number, p?: number, t: string, u: string}>>} */ (await scanInWorkers(pages, config, 1));
  const byId = new Map(pageDocs.map((d) => [d.i, d.u]));
  assert.equal(new Set([...pageDocs, ...headings, ...content].map((d) => d.i)).size, pageDocs.length + headings.length + content.length);
  for (const d of [...headings, ...content]) assert.equal(byId.get(/** @type {number} */ (d.p)), d.u, `"${d.t}" points to its page`);
  assert.ok(
    headings.some((d) => d.t === '409 invalid_state' && d.u === '/docs/servers/remove-server'),
    'a heading of the second page',
  );
  assert.ok(!content.some((d) => d.t.includes('Was this page helpful')), 'ignoreCssSelectors reach the workers');
});

test('a page the plugin cannot read fails the build with the seam named', async () => {
  const missing = [...pages, {filePath: path.join(fixtures, 'gone.html'), url: '/docs/servers/gone', type: 'docs'}];
  await assert.rejects(scanInWorkers(missing, config, 2), /Seam "search-index".*gone\.html/s);
});
