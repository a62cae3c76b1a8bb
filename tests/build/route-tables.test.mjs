/**
 * The route tables every page loads (seam "route-tables",
 * src/internals/loaders/routeTables.cjs) hold the sections, not their pages:
 * the main bundle has one route per guide section, plus the API reference's
 * and the changelog's, and no route of a page inside one; each section's
 * pages are in a chunk of their own, loaded with the section. The sidebar
 * every docs page loads lists the sections without their pages, which each
 * section's chunk carries. And the runtime every page loads maps no page's
 * chunk name to its id.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {assertBuilt, buildDir, repoRoot} from '../helpers.mjs';

assertBuilt();
const jsDir = path.join(buildDir, 'assets/js');
const files = fs.readdirSync(jsDir).filter((name) => name.endsWith('.js'));
const mainFile = files.find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
const main = fs.readFileSync(path.join(jsDir, /** @type {string} */ (mainFile)), 'utf8');
/** The route paths a script's route table declares. @param {string} text */
const routePaths = (text) => [...text.matchAll(/path:"(\/[^"]*)"/g)].map((m) => /** @type {string} */ (m[1]));

/** The guide sections: folders of docs/ with an index page (the API reference is a group of its own). */
const sections = fs
  .readdirSync(path.join(repoRoot, 'docs'), {withFileTypes: true})
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(repoRoot, 'docs', entry.name, 'index.md')))
  .map((entry) => `/docs/${entry.name}/`);

test('the main bundle routes to each section, not to the pages in it', () => {
  const paths = routePaths(main);
  const pagesInSections = paths.filter((p) => /^\/docs\/[a-z0-9-]+\/./.test(p) && p !== '/docs/api/reference/');
  assert.deepEqual(pagesInSections, [], 'routes of pages inside a section are in the table every page loads');
  for (const section of [...sections, '/docs/api/reference/']) assert.ok(paths.includes(section), `no route for ${section} in the main bundle`);
  assert.ok(sections.length >= 20, `${sections.length} sections found in docs/`);
});

test("each section's pages are routed by a chunk of their own, which no other section's chunk repeats", () => {
  for (const section of ['/docs/servers/', '/docs/credentials/', '/docs/teams/', '/docs/api/', '/docs/api/reference/']) {
    const holders = files.filter((name) => name !== mainFile && routePaths(fs.readFileSync(path.join(jsDir, name), 'utf8')).includes(section));
    assert.equal(holders.length, 1, `${section}: ${holders.length} chunks route it`);
    const paths = routePaths(fs.readFileSync(path.join(jsDir, /** @type {string} */ (holders[0])), 'utf8'));
    assert.ok(
      paths.every((p) => p.startsWith(section) && !(section === '/docs/api/' && p.startsWith('/docs/api/reference/'))),
      `${section}: its table routes pages of another group: ${paths.filter((p) => !p.startsWith(section)).join(', ')}`,
    );
    assert.ok(paths.length >= (section === '/docs/api/' ? 1 : 3), `${section}: ${paths.length} routes`);
  }
});

test("the sidebar every docs page loads links each section, not the pages in it, which come with the section's table", () => {
  const holders = files.filter((name) => fs.readFileSync(path.join(jsDir, name), 'utf8').includes('"docsSidebars":'));
  const metadata = holders.filter((name) => name !== mainFile);
  assert.equal(metadata.length, 1, `chunks with the docs version metadata: ${metadata.join(', ')}`);
  const text = fs.readFileSync(path.join(jsDir, /** @type {string} */ (metadata[0])), 'utf8');
  const hrefs = [...text.matchAll(/"href":"(\/docs\/[^"]*)"/g)].map((m) => /** @type {string} */ (m[1]));
  for (const section of sections) assert.ok(hrefs.includes(section), `the sidebar does not link ${section}`);
  assert.deepEqual(
    hrefs.filter((href) => /^\/docs\/[a-z0-9-]+\/./.test(href)),
    [],
    'the sidebar every page loads links pages inside sections',
  );
  // The Servers section's table carries its items.
  const servers = files.find((name) => name !== mainFile && routePaths(fs.readFileSync(path.join(jsDir, name), 'utf8')).includes('/docs/servers/'));
  const table = fs.readFileSync(path.join(jsDir, /** @type {string} */ (servers)), 'utf8');
  assert.match(table, /\{type:"link",[^{}]*href:"\/docs\/servers\/add-aws-server"[^{}]*\}/, "the Servers table lacks its sidebar items");
});

test("the runtime every page loads names no chunk of a section's page", () => {
  const runtimeFile = files.find((name) => /^runtime~main\.[0-9a-f]+\.js$/.test(name));
  assert.ok(runtimeFile, 'no runtime~main.*.js');
  const runtime = fs.readFileSync(path.join(jsDir, runtimeFile), 'utf8');
  // Docusaurus's table of chunk names (`__webpack_require__.gca`, for prefetching): a section's own chunks are imported unnamed, so it has no entry for them.
  const table = /gca=function\(\w+\)\{return \w+=\(?\{([^}]*)\}/.exec(runtime);
  assert.ok(table, "no table of chunk names in the runtime (Docusaurus's ChunkAssetPlugin)");
  const entries = (table[1] ?? '').split(',').filter(Boolean).length;
  const pages = fs.readdirSync(path.join(buildDir, 'docs'), {recursive: true}).filter((name) => String(name).endsWith('index.html')).length;
  assert.ok(entries < 100 && entries < pages / 4, `${entries} chunk names in the runtime for ${pages} pages`);
});
