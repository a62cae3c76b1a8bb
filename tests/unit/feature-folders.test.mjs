/**
 * One feature, one folder (src/plugins/README.md): every folder of src/plugins
 * is a local Docusaurus plugin with its README, and the site's config loads
 * that plugin. A folder without plugin.ts, without a README, or whose plugin
 * the config never lists fails here by name.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../helpers.mjs';

const pluginsDir = path.join(repoRoot, 'src', 'plugins');
const features = fs
  .readdirSync(pluginsDir, {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const config = fs.readFileSync(path.join(repoRoot, 'docusaurus.config.ts'), 'utf8');
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
    assert.match(config, new RegExp(`from '\\./src/plugins/${feature}/plugin'`), `docusaurus.config.ts does not import src/plugins/${feature}/plugin`);
    assert.match(index, new RegExp(`\\(${feature}/README\\.md\\)`), `src/plugins/README.md does not list ${feature}`);
  });
}
