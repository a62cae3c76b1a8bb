/**
 * The built API reference overview: each resource's heading has the
 * resource's slug as its id (the operations' pages link to it), and the
 * escaped id syntax of the generated Markdown never shows as text.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {createRequire} from 'node:module';
import {assertBuilt, readBuiltHtml, repoRoot} from '../helpers.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));

assertBuilt();

test('every resource heading of the overview has its slug as id, and no id syntax is left in the text', () => {
  const html = readBuiltHtml('/docs/api/reference/');
  // The built HTML is minified: attribute values may be unquoted.
  const ids = new Set([...html.matchAll(/<h3\b[^>]*\sid=(?:"([^"]+)"|([^\s>"]+))/g)].map((m) => m[1] ?? m[2]));
  const missing = loadSiteContract(repoRoot)
    .resources.map((r) => r.slug)
    .filter((slug) => !ids.has(slug));
  assert.deepEqual(missing, []);
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
  assert.ok(article.includes('Resources'), 'the overview article');
  assert.doesNotMatch(article, /\{#|\\\{/);
});
