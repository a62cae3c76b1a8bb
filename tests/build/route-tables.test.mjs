/**
 * The route tables every page loads (seam "route-tables",
 * src/internals/loaders/routeTables.cjs) hold the sections, not their pages:
 * the main bundle has one route per guide section, plus the API reference's
 * and the changelog's, and no route of a page inside one; each section's
 * pages are in a chunk of their own, loaded with the section. The sidebar
 * every docs page loads lists the sections without their pages, which each
 * section's chunk carries. And the runtime every page loads maps no page's
 * chunk name to its id, nor any hash of a section page's chunk (the section's table
 * names those).
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

/** The group routes the main bundle declares: `sectionRoutes({"/docs/servers/":()=>…})` (src/internals/client/lazyRoutes.tsx). @param {string} text */
const sectionPaths = (text) => [...text.matchAll(/"(\/docs\/[^"]*)":\(\)=>/g)].map((m) => /** @type {string} */ (m[1]));

test('the main bundle routes to each section, not to the pages in it', () => {
  const paths = [...routePaths(main), ...sectionPaths(main)];
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

/**
 * The entries of a table of chunk hashes, `{1003:"ca5cbb","a-b":"248ee7",8e3:"29716f"}`, by chunk id as
 * JavaScript reads them: a minifier writes 8000 as an unquoted `8e3`, while a quoted "8e3" stays "8e3".
 * @param {string} body
 * @returns {[string, string][]}
 */
const entriesOf = (body) => [...body.matchAll(/("?)([\w-]+)\1:"([0-9a-f]+)"/g)].map((m) => [chunkId(m[2], m[1]), m[3]]);
/** @param {string} written @param {string} quote */
const chunkId = (written, quote) => (!quote && /^\d+e\d+$/.test(written) ? String(Number(written)) : written);

test("the runtime's table of chunk hashes has no entry per page; each section's table names its pages' chunks, and every chunk a script loads has a file", () => {
  const runtimeFile = /** @type {string} */ (files.find((name) => /^runtime~main\.[0-9a-f]+\.js$/.test(name)));
  const runtime = fs.readFileSync(path.join(jsDir, runtimeFile), 'utf8');
  // `.u=function(e){return"assets/js/"+e+"."+(({id:"hash",…})[e]||(self.ldChunkHashes||{})[e])+".js"}` (src/plugins/chunk-file-names/seams/sectionHashes.ts;
  // `.u=e=>…` under the Rspack of newer Docusaurus releases).
  const table = /\.u=(?:function\(\w+\)\{return|\(?\w+\)?=>)"assets\/js\/"\+\w+\+"\."\+\(\(\{([^{}]*)\}\)\[\w+\]\|\|\(self\.ldChunkHashes\|\|\{\}\)\[\w+\]\)/.exec(runtime);
  assert.ok(table, "the runtime's chunk file-name function does not fall back to the sections' hashes");
  // The route tables' one hash, which the runtime sets first; the browser registers each table's chunk with it (src/internals/client/routeGroups.ts).
  const shared = /^self\.ldTableHash="([0-9a-f]+)";/.exec(runtime)?.[1];
  assert.ok(shared, "the runtime does not start by setting the route tables' shared hash (self.ldTableHash)");
  const hashes = new Map(entriesOf(table[1] ?? ''));
  const pages = fs.readdirSync(path.join(buildDir, 'docs'), {recursive: true}).filter((name) => String(name).endsWith('index.html')).length;
  assert.ok(hashes.size < 150 && hashes.size < pages / 2, `${hashes.size} chunk hashes in the runtime for ${pages} pages`);
  // What each section's table registers, then every chunk any script loads: it must resolve to a file that exists.
  const texts = new Map(files.map((name) => [name, fs.readFileSync(path.join(jsDir, name), 'utf8')]));
  for (const [name, text] of texts) {
    // A worker's own runtime (the search worker) keeps its own table.
    const own = name === runtimeFile ? null : /\.u=(?:function\(\w+\)\{return|\(?\w+\)?=>)"assets\/js\/"\+\w+\+"\."\+\(?\{([^{}]*)\}/.exec(text);
    for (const [id, hash] of entriesOf(own?.[1] ?? '')) hashes.set(id, hash);
    const registered = /^Object\.assign\(self\.ldChunkHashes=self\.ldChunkHashes\|\|\{\},\{([^{}]*)\}\);/.exec(text);
    for (const [id, hash] of entriesOf(registered?.[1] ?? '')) {
      assert.ok(!hashes.has(id) || hashes.get(id) === hash, `${name} and the runtime disagree on chunk ${id}`);
      hashes.set(id, hash);
    }
  }
  const registering = [...texts.values()].filter((text) => text.startsWith('Object.assign(self.ldChunkHashes'));
  assert.ok(registering.length >= sections.length, `${registering.length} scripts register chunk hashes for ${sections.length} sections`);
  // Every route table (the scripts that register hashes) carries the shared hash in its name, and the runtime has no entry for it.
  const tableNames = files.filter((name) => /** @type {string} */ (texts.get(name)).startsWith('Object.assign(self.ldChunkHashes'));
  for (const name of tableNames) {
    assert.match(name, new RegExp(`^[\\w-]+\\.${shared}\\.js$`), `route table ${name} is not named with the shared hash ${shared}`);
    assert.ok(!hashes.has(name.split('.')[0]), `the runtime still has an entry for route table ${name}`);
  }
  // The chunks the page starts with (`installedChunks`, `{2580:0,6212:0}` before the JSONP loader `.f.j`) are never fetched.
  const initial = new Set([...(/=\{([^{}]*)\},\w+\.f\.j=/.exec(runtime)?.[1] ?? '').matchAll(/"?([\w~-]+)"?:0/g)].map((m) => m[1]));
  assert.ok(initial.size > 0, "the runtime's initial chunks were not found");
  for (const [name, text] of texts) {
    // A worker whose runtime loads one chunk writes its hash in place: `.u=function(e){return"assets/js/"+e+".1710b6.js"}`.
    const inline = name === runtimeFile ? undefined : /\.u=(?:function\(\w+\)\{return|\(?\w+\)?=>)"assets\/js\/"\+\w+\+"\.([0-9a-f]+)\.js"/.exec(text)?.[1];
    for (const m of text.matchAll(/\.e\(("?)([\w-]+)"?\)/g)) {
      const id = chunkId(m[2], m[1]);
      if (initial.has(id)) continue;
      // A route table: its file carries the shared hash.
      /** @type {string | undefined} */
      const hash = hashes.get(id) ?? inline ?? (fs.existsSync(path.join(jsDir, `${id}.${shared}.js`)) ? shared : undefined);
      assert.ok(hash && fs.existsSync(path.join(jsDir, `${id}.${hash}.js`)), `${name} loads chunk ${id}, whose file is ${hash ? `missing (${id}.${hash}.js)` : 'named nowhere'}`);
    }
  }
});
