/**
 * One feature, one folder (src/plugins/README.md): every folder of src/plugins
 * is a local Docusaurus plugin with its README, whose plugin.ts exports its
 * `feature` declaration, listed in src/plugins/features.ts. The site's config
 * reads that list and names no feature: it imports nothing else from
 * src/plugins. A folder without plugin.ts, without a README, without a
 * declaration or missing from the list fails here by name, as does a config
 * that reaches into a feature.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {repoRoot} from '../helpers.mjs';

const pluginsDir = path.join(repoRoot, 'src', 'plugins');
const features = fs
  .readdirSync(pluginsDir, {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const config = fs.readFileSync(path.join(repoRoot, 'docusaurus.config.ts'), 'utf8');
const list = fs.readFileSync(path.join(pluginsDir, 'features.ts'), 'utf8');
const index = fs.readFileSync(path.join(pluginsDir, 'README.md'), 'utf8');

test('src/plugins holds the features', () => {
  for (const feature of ['search', 'api-reference', 'changelog', 'markdown-for-tools', 'hosting', 'highlighting', 'diagrams', 'page-tools']) {
    assert.ok(features.includes(feature), `src/plugins/${feature} is missing`);
  }
});

for (const feature of features) {
  test(`src/plugins/${feature} is a Docusaurus plugin the site loads, with its README`, () => {
    assert.ok(fs.existsSync(path.join(pluginsDir, feature, 'plugin.ts')), `src/plugins/${feature}/plugin.ts is missing`);
    assert.ok(fs.existsSync(path.join(pluginsDir, feature, 'README.md')), `src/plugins/${feature}/README.md is missing`);
    const source = fs.readFileSync(path.join(pluginsDir, feature, 'plugin.ts'), 'utf8');
    assert.match(source, /^export const feature = /m, `src/plugins/${feature}/plugin.ts does not export its \`feature\` declaration (src/config/feature.ts)`);
    assert.match(list, new RegExp(`from '\\./${feature}/plugin'`), `src/plugins/features.ts does not list src/plugins/${feature}`);
    assert.match(index, new RegExp(`\\(${feature}/README\\.md\\)`), `src/plugins/README.md does not list ${feature}`);
  });
}

test('docusaurus.config.ts names no feature: from src/plugins it imports the list of features and nothing else', () => {
  const imports = [...config.matchAll(/from '\.\/src\/plugins\/([^']+)'/g)].map((m) => m[1]);
  assert.deepEqual(
    imports.filter((file) => file !== 'features'),
    [],
    "docusaurus.config.ts imports a feature directly; declare it in that feature's `feature` (src/config/feature.ts) instead",
  );
  assert.ok(imports.includes('features'), 'docusaurus.config.ts does not read src/plugins/features.ts');
});

test('the declarations, put together, give the site what it had from the config: the reference first, its pages generated, the feeds typed, the route groups', async () => {
  const jiti = (await import('jiti')).default(import.meta.url, {interopDefault: true});
  const {features: list} = jiti(path.join(pluginsDir, 'features.ts'));
  const {siteParts} = jiti(path.join(repoRoot, 'src/config/feature.ts'));
  const declared = list({siteDir: repoRoot, docsDir: 'docs', siteUrl: 'https://docs.example.com'});
  const parts = siteParts(declared);
  // The curl examples' links read the calls before anything else rewrites them; the simulation's runs read them too.
  const names = parts.beforeDefaultRemarkPlugins.map((/** @type {any} */ p) => (Array.isArray(p) ? p[0] : p).name);
  assert.equal(names[0], 'remarkApiReferenceLinks');
  assert.ok(names.includes('remarkSimulationRuns') && names.includes('remarkChangelog') && names.includes('remarkDiagrams'), names.join(', '));
  assert.equal(parts.plugins.length, 14, 'one Docusaurus plugin per feature, search aside (a theme)');
  assert.equal(parts.themes.length, 2, "the search plugin and the search feature's theme");
  assert.equal(parts.isGenerated('api/reference/servers/create-server.md'), true);
  assert.equal(parts.isGenerated('servers/add-server.md'), false);
  assert.deepEqual(
    parts.routeGroups.map((/** @type {any} */ g) => [g.name, g.prefix, Boolean(g.required)]),
    [
      ['api-reference', '/docs/api/reference/', true],
      ['changelog', '/docs/changelog/', false],
    ],
  );
  // Each feed in the three formats, for the changelog and its six tags, with the type its pages announce.
  const feeds = Object.fromEntries(declared.flatMap((/** @type {any} */ d) => d.files ?? []).map((/** @type {any} */ f) => [f.path, f.type]));
  assert.equal(Object.keys(feeds).length, 21);
  assert.equal(feeds['/docs/changelog/atom.xml'], 'application/atom+xml; charset=utf-8');
  assert.equal(feeds['/docs/changelog/tags/breaking/feed.json'], 'application/feed+json; charset=utf-8');
  const frontMatter = {};
  parts.frontMatter(path.join(repoRoot, 'docs/changelog/2026-01-01-example.md'), frontMatter);
  assert.deepEqual(frontMatter, {displayed_sidebar: 'documentation'}, 'a changelog entry shows the sidebar it is not in');
  assert.ok(parts.themeConfig.prism?.additionalLanguages?.length, "the highlighter's languages reach the theme");
  // Every declared stylesheet exists, and the one generated stylesheet imports them all, in the list's order.
  assert.ok(parts.stylesheets.length >= 8, parts.stylesheets.join(', '));
  for (const sheet of parts.stylesheets) assert.ok(fs.existsSync(sheet), `${sheet} (declared) exists`);
  const {stylesheetIndex} = jiti(path.join(repoRoot, 'src/config/feature.ts'));
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-styles-'));
  try {
    const index = stylesheetIndex(siteDir, parts.stylesheets);
    const imported = [...fs.readFileSync(index, 'utf8').matchAll(/@import '([^']+)';/g)].map((m) => path.resolve(path.dirname(index), m[1]));
    assert.deepEqual(imported, parts.stylesheets);
  } finally {
    fs.rmSync(siteDir, {recursive: true, force: true});
  }
});
