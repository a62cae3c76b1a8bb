/**
 * What the API reference generator (src/plugins/api-reference) hands on, and to whom:
 * - the files of docs/api/reference/ are MDX that parses without Docusaurus's
 *   MDX 1 compatibility (which newer versions turn off): heading ids escaped,
 *   no HTML comments, no bare braces or angle brackets in text;
 * - each resource's sidebar category has a key of its own where the installed
 *   docs plugin accepts one, and none where it doesn't;
 * - the plugin's content is the Markdown for readers' tools of every page,
 *   which the Markdown export reads, and fails clearly without.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {compile} from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {loadSiteContract} = /** @type {typeof import('../contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {referenceFiles, default: apiReferencePlugin} = jiti(path.join(repoRoot, 'src/plugins/api-reference/plugin.ts'));
const {resourceCategory} = /** @type {typeof import('../docsFiles.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/docsFiles.ts')));
const {apiReferenceContent, API_REFERENCE_PLUGIN} = /** @type {typeof import('../pluginContent.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/pluginContent.ts'))
);
const {docusaurusFeatures} = /** @type {typeof import('../../../config/docusaurusVersion.ts')} */ (
  jiti(path.join(repoRoot, 'src/config/docusaurusVersion.ts'))
);

/** @typedef {import('../plugin.ts').GeneratedFile} GeneratedFile */
/** @typedef {import('mdast').Nodes & {value?: string, children?: import('mdast').RootContent[]}} MdastNode An mdast node, a parent or a leaf. */

const contract = loadSiteContract(repoRoot);
/** @param {string} text */
const withoutFrontMatter = (text) => text.replace(/^---\n[\s\S]*?\n---\n/, '');
/** @type {(node: MdastNode) => string} */
const plainText = (node) => (node.value ?? '') + (node.children ?? []).map(plainText).join('');
let generated;
/** The reference's files with the default options (written once: highlighting every sample takes a few seconds). */
const files = () => (generated ??= referenceFiles(contract, () => []));

test('every generated page compiles as MDX with GFM and no preprocessing, so nothing needs the MDX 1 compatibility', async () => {
  const pages = files().filter((/** @type {GeneratedFile} */ f) => f.file.endsWith('.md'));
  assert.equal(pages.length, contract.operations.length + 1, 'the operations and the overview');
  const failures = [];
  for (const {file, content} of pages) {
    assert.doesNotMatch(content, /<!--/, `${file}: no HTML comment`);
    try {
      await compile(withoutFrontMatter(content), {remarkPlugins: [remarkGfm]});
    } catch (/** @type {any} */ error) {
      failures.push(`${file}: ${error.message}`);
    }
  }
  assert.deepEqual(failures, []);
});

test("the overview's resource headings keep their ids, escaped as MDX 2 needs", async () => {
  const overview = files().find((/** @type {GeneratedFile} */ f) => f.file === 'index.md').content;
  /** @type {string[]} */
  const headings = [];
  const collect = () => (/** @type {import('mdast').Root} */ tree) => {
    /** @param {MdastNode} node */
    const visit = (node) => {
      if (node.type === 'heading' && node.depth === 3) headings.push(plainText(node));
      (node.children ?? []).forEach(visit);
    };
    visit(tree);
  };
  await compile(withoutFrontMatter(overview), {remarkPlugins: [remarkGfm, collect]});
  // What Docusaurus reads as a heading's id: "{#id}" at the end of its text, once MDX has taken the escape off.
  assert.deepEqual(
    headings,
    contract.resources.map((r) => `${r.name} {#${r.slug}}`),
  );
  for (const r of contract.resources) assert.ok(overview.includes(`\n### ${r.name} \\{#${r.slug}}\n`), r.slug);
});

test("a resource's sidebar category has its own key only when the docs plugin accepts one", () => {
  const servers = contract.resources.find((r) => r.slug === 'servers');
  assert.ok(servers, 'the servers resource');
  assert.deepEqual(JSON.parse(resourceCategory(servers, {categoryKey: false})), {label: 'Servers', position: servers.order + 2, collapsed: true});
  assert.deepEqual(JSON.parse(resourceCategory(servers, {categoryKey: true})), {
    label: 'Servers',
    key: 'api-reference.servers',
    position: servers.order + 2,
    collapsed: true,
  });
  const keys = referenceFiles(contract, () => [], {categoryKey: true})
    .filter((/** @type {GeneratedFile} */ f) => f.file.endsWith('_category_.json'))
    .map((/** @type {GeneratedFile} */ f) => JSON.parse(f.content).key);
  assert.equal(keys.length, contract.resources.length);
  assert.equal(new Set(keys).size, keys.length, 'unique keys');
  // Without the flag (Docusaurus 3.7, which refuses keys it doesn't know in _category_.json), no key at all.
  for (const f of files().filter((/** @type {GeneratedFile} */ f) => f.file.endsWith('_category_.json'))) {
    assert.equal('key' in JSON.parse(f.content), false, f.file);
  }
});

test("the plugin writes the pages when it is created, and its content is every operation page's Markdown for tools", async () => {
  // A copy of the site's contract and one guide, so nothing is written into this repository's docs/.
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-api-plugin-'));
  try {
    fs.mkdirSync(path.join(siteDir, 'api'));
    fs.copyFileSync(path.join(repoRoot, 'api/openapi.yaml'), path.join(siteDir, 'api/openapi.yaml'));
    fs.mkdirSync(path.join(siteDir, 'docs/servers'), {recursive: true});
    fs.copyFileSync(path.join(repoRoot, 'docs/servers/start-server.md'), path.join(siteDir, 'docs/servers/start-server.md'));
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');

    const plugin = apiReferencePlugin({siteDir, siteConfig: {url: 'https://docs.launchdeck.io'}});
    assert.equal(plugin.name, API_REFERENCE_PLUGIN);
    const referenceDir = path.join(siteDir, 'docs/api/reference');
    assert.ok(fs.existsSync(path.join(referenceDir, 'servers/start-server.md')), 'written before any content is loaded');
    const category = JSON.parse(fs.readFileSync(path.join(referenceDir, 'servers/_category_.json'), 'utf8'));
    assert.equal('key' in category, docusaurusFeatures(repoRoot).sidebarCategoryKey, 'a key exactly when the installed docs plugin takes one');

    const content = await plugin.loadContent();
    const expected = contract.operations.map((op) => `api/reference/${op.resource.slug}/${op.slug}.md`).sort();
    assert.deepEqual(Object.keys(content.toolsMarkdown).sort(), expected);
    const start = content.toolsMarkdown['api/reference/servers/start-server.md'];
    assert.match(start, /^---\ntitle: "Start a server \(API\)"\n/);
    assert.match(start, /^url: https:\/\/docs\.launchdeck\.io\/docs\/api\/reference\/servers\/start-server$/m);
    assert.match(start, /^- \[Start a server\]\(https:\/\/docs\.launchdeck\.io\/docs\/servers\/start-server\)$/m, 'the guide that calls it');
    assert.deepEqual(apiReferenceContent({[API_REFERENCE_PLUGIN]: {default: content}}), content);
  } finally {
    fs.rmSync(siteDir, {recursive: true, force: true});
  }
});

test("without the API reference plugin's content, the Markdown export fails and says why", async () => {
  assert.throws(() => apiReferenceContent({}), new RegExp(`"${API_REFERENCE_PLUGIN}" plugin \\(src/plugins/api-reference/plugin\\.ts\\)`));
  assert.throws(() => apiReferenceContent({[API_REFERENCE_PLUGIN]: {default: {}}}), /found none/);

  const {default: markdownForToolsPlugin} = jiti(path.join(repoRoot, 'src/plugins/markdown-for-tools/plugin.ts'));
  const plugin = markdownForToolsPlugin({siteDir: repoRoot, siteConfig: {url: 'https://docs.launchdeck.io'}});
  // The docs are loaded (no pages: an empty site model, src/utils/siteModel.ts); the API reference's content is missing.
  const docs = {'docusaurus-plugin-content-docs': {default: {loadedVersions: [{docs: [], sidebars: {}}]}}};
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await assert.rejects(plugin.allContentLoaded({allContent: docs, actions: {}}), /needs the API reference's pages as Markdown/);
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
});
