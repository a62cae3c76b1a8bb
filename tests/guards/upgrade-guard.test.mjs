/**
 * Upgrade guard: the seams of src/internals (README there) are all listed,
 * verified against the installed Docusaurus and search plugin, and fail
 * loudly, naming the seam, when what they rely on changes: a changed upstream
 * file stops the build, a replacement that matches nothing or a generated
 * file of another shape fails it after bundling.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {repoRoot} from '../helpers.mjs';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.url, {interopDefault: true});
const {SEAMS, seamsOff, SEAM_LINES_CEILING, seamLines} = /** @type {typeof import('../../src/internals/seams.ts')} */ (
  jiti(path.join(repoRoot, 'src/internals/seams.ts'))
);
const {checkSeams, formatProblems, hashOf, upstreamText} = /** @type {typeof import('../../src/internals/check.ts')} */ (
  jiti(path.join(repoRoot, 'src/internals/check.ts'))
);
const internalsDir = path.join(repoRoot, 'src/internals');

/** The files of src/internals that belong to no single seam: the machinery. */
const MACHINERY = new Set([
  'README.md',
  'seams.ts',
  'check.ts',
  'plugin.ts',
  'seamError.ts',
  'upstream.json',
  'loaders/shared.cjs',
  'client/react-dom-client.d.ts',
]);

/**
 * @param {string} dir
 * @returns {string[]}
 */
const walk = (dir) =>
  fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [path.relative(internalsDir, full).split(path.sep).join('/')];
  });

test('every seam is in the table of src/internals/README.md, and every row is a seam', () => {
  const readme = fs.readFileSync(path.join(internalsDir, 'README.md'), 'utf8');
  const rows = [...readme.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
  assert.deepEqual([...rows].sort(), SEAMS.map((s) => s.id).sort(), 'the README table lists exactly the seams of src/internals/seams.ts');
});

/** The features: the folders of src/plugins. */
const FEATURES = fs
  .readdirSync(path.join(repoRoot, 'src/plugins'), {withFileTypes: true})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The features a module's code names, comments aside: a path into src/plugins, or a string that has a feature's
 * folder name as a word of a path or a phrase ("/docs/changelog/", 'api-reference'; not 'docusaurus-search-local').
 * @param {string} code
 * @returns {string[]}
 */
function featuresNamed(code) {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const strings = [...bare.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2] ?? '');
  return FEATURES.filter((name) => strings.some((text) => text.includes(`plugins/${name}`) || new RegExp(`(^|[\\s/'".:])${name}($|[\\s/'".:])`).test(text)));
}

test('the rule finds a feature named in code, and not in comments or in an upstream package name', () => {
  assert.deepEqual(featuresNamed("const to = 'src/plugins/search/seams/a.ts';"), ['search']);
  assert.deepEqual(featuresNamed("if (path.startsWith('/docs/changelog/')) load();"), ['changelog']);
  assert.deepEqual(featuresNamed("// the changelog's feeds\n/* 'api-reference' */\nconst bar = under('docusaurus-search-local');"), []);
});

test('no module of src/internals but the seam registry names a feature: features declare what the platform needs', () => {
  const offenders = walk(internalsDir)
    .filter((file) => /\.(ts|tsx|cjs|mjs)$/.test(file) && file !== 'seams.ts')
    .flatMap((file) => featuresNamed(fs.readFileSync(path.join(internalsDir, file), 'utf8')).map((name) => `${file} names ${name}`));
  assert.deepEqual(offenders, []);
});

/** A feature's own seams: the `seams/` folder of a local plugin (src/plugins/<feature>/seams). */
const featureSeamDirs = () =>
  fs
    .readdirSync(path.join(repoRoot, 'src/plugins'), {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(repoRoot, 'src/plugins', entry.name, 'seams')))
    .map((entry) => path.join(repoRoot, 'src/plugins', entry.name, 'seams'));

test("every file of src/internals and of a feature's seams/ folder belongs to a seam, and every file a seam names exists", () => {
  const owned = new Set(SEAMS.flatMap((s) => s.ours));
  for (const file of owned) {
    assert.ok(fs.existsSync(path.join(repoRoot, file)), `${file} (named by a seam) exists`);
    assert.ok(
      /^src\/(internals|plugins\/[^/]+\/(seams|theme))\//.test(file),
      `${file} (named by a seam) is in src/internals, or a feature's seams/ or theme/ folder`,
    );
  }
  const stray = walk(internalsDir).filter((file) => !MACHINERY.has(file) && !owned.has(`src/internals/${file}`));
  assert.deepEqual(stray, [], 'files in src/internals that no seam lists in src/internals/seams.ts');
  for (const dir of featureSeamDirs()) {
    const rel = path.relative(repoRoot, dir).split(path.sep).join('/');
    const strayHere = fs.readdirSync(dir).filter((file) => !file.endsWith('.d.ts') && file !== 'README.md' && !owned.has(`${rel}/${file}`));
    assert.deepEqual(strayHere, [], `files in ${rel} that no seam lists in src/internals/seams.ts`);
  }
});

test("no file outside src/internals and the features' seams/ folders imports the internals of Docusaurus or the search plugin", () => {
  /** @type {string[]} */
  const offenders = [];
  const seamDirs = new Set(featureSeamDirs());
  /** @param {string} dir */
  const scan = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== internalsDir && !seamDirs.has(full)) scan(full);
        continue;
      }
      if (!/\.(ts|tsx|cjs|mjs|js)$/.test(entry.name)) continue;
      const text = fs.readFileSync(full, 'utf8');
      for (const m of text.matchAll(/from '((?:@docusaurus\/[^']*\/(?:internal|lib|src)\b|@easyops-cn\/docusaurus-search-local\/dist)[^']*)'/g)) {
        offenders.push(`${path.relative(repoRoot, full)}: ${m[1]}`);
      }
    }
  };
  scan(path.join(repoRoot, 'src'));
  assert.deepEqual(offenders, [], "imports of upstream internals belong in src/internals or a feature's seams/ folder (a seam, listed and guarded)");
});

test('the installed upstream files are the ones every seam was verified against', () => {
  const problems = checkSeams(repoRoot);
  assert.equal(problems.length, 0, problems.length ? formatProblems(problems) : '');
});

/**
 * A copy of the installed node_modules in which one upstream file is
 * changed: links to every package, except the changed one, which is copied.
 * @param {string} file
 * @param {(text: string) => string} change
 */
function siteWithChangedUpstream(file, change) {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-seam-'));
  const packageName = file.split('/').slice(0, 2).join('/');
  const modules = path.join(site, 'node_modules');
  fs.mkdirSync(path.join(modules, '@docusaurus'), {recursive: true});
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@docusaurus') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry), 'dir');
  }
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules/@docusaurus'))) {
    const from = path.join(repoRoot, 'node_modules/@docusaurus', entry);
    if (`@docusaurus/${entry}` === packageName) fs.cpSync(from, path.join(modules, '@docusaurus', entry), {recursive: true, dereference: true});
    else fs.symlinkSync(from, path.join(modules, '@docusaurus', entry), 'dir');
  }
  const target = path.join(modules, file);
  const before = fs.readFileSync(target, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `the simulated release changes ${file}`);
  fs.writeFileSync(target, after);
  return site;
}

test('a changed upstream file is reported with the seam that relies on it and what to do', () => {
  const site = siteWithChangedUpstream('@docusaurus/core/lib/client/exports/Head.js', (text) => `${text}\n// a release changed this file\n`);
  try {
    fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(site, 'package.json'));
    const problems = checkSeams(site, SEAMS, JSON.parse(fs.readFileSync(path.join(internalsDir, 'upstream.json'), 'utf8')));
    assert.deepEqual(
      problems.map((p) => [p.seam.id, p.file, p.problem]),
      [['head-tags', '@docusaurus/core/lib/client/exports/Head.js', 'changed']],
    );
    const report = formatProblems(problems);
    assert.match(report, /Seam "head-tags"/);
    assert.match(report, /src\/internals\/client\/headTags\.ts/);
    assert.match(report, /npm run seams -- --accept head-tags/);
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
});

test('the build stops, naming the seam and the upstream file, when a file a seam relies on changed', () => {
  // The site's sources, as links, on a node_modules whose @docusaurus/core has a changed Head.
  const site = siteWithChangedUpstream('@docusaurus/core/lib/client/exports/Head.js', (text) =>
    text.replace('return <Helmet {...props}/>;', 'return <Helmet {...props}/>; // changed'),
  );
  try {
    for (const entry of fs.readdirSync(repoRoot)) {
      if (['node_modules', '.git', '.docusaurus'].includes(entry) || entry.startsWith('build')) continue;
      fs.symlinkSync(path.join(repoRoot, entry), path.join(site, entry));
    }
    const run = spawnSync(
      process.execPath,
      [path.join(site, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', path.join(site, 'out')],
      {
        cwd: site,
        encoding: 'utf8',
        env: {...process.env, NO_UPDATE_NOTIFIER: '1', LAUNCHDECK_SEAMS: ''},
        timeout: 240000,
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    assert.notEqual(run.status, 0, 'the build must fail');
    assert.match(output, /Seam "head-tags"/, output.slice(-3000));
    assert.match(output, /@docusaurus\/core\/lib\/client\/exports\/Head\.js changed/);
    assert.ok(!fs.existsSync(path.join(site, 'out', 'index.html')), 'nothing was built');
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
});

test('the part of a file a seam relies on is what counts: a change elsewhere in that file passes', () => {
  const seam = /** @type {(typeof SEAMS)[number]} */ (SEAMS.find((s) => s.id === 'clean-urls'));
  const [upstream] = seam.upstream;
  assert.ok(upstream.pick, "this seam picks the client entry's reuse of window.docusaurusRoot out of its file");
  const site = siteWithChangedUpstream(upstream.file, (text) => `// an unrelated change\n${text}`);
  try {
    fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(site, 'package.json'));
    assert.equal(hashOf(/** @type {string} */ (upstreamText(upstream, site))), hashOf(/** @type {string} */ (upstreamText(upstream, repoRoot))));
  } finally {
    fs.rmSync(site, {recursive: true, force: true});
  }
});

test("the page template is Docusaurus's own with only the script loader changed, and a template without deferred scripts fails with the seam's name", () => {
  const {pageTemplate, pageTemplateFrom} = jiti(path.join(internalsDir, 'pageTemplate.ts'));
  const original = require(path.join(repoRoot, 'node_modules/@docusaurus/core/lib/ssg/ssgTemplate.html.js')).default;
  const ours = pageTemplate(repoRoot);
  /** @param {string} text */
  const squash = (text) => text.replace(/\s+/g, ' ').trim();
  const withoutDeferred = original.replace(
    /\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/,
    '',
  );
  assert.notEqual(withoutDeferred, original);
  assert.equal(squash(ours.replace(/\s*<script id="ld-parsed">\(function\(\)\{var s=\[[\s\S]*?<\/script>/, '')), squash(withoutDeferred));
  assert.match(ours, /observe\(\{type:"paint",buffered:true\}\)/);
  assert.throws(() => pageTemplateFrom('<html><body><div id="__docusaurus"><%~ it.appHtml %></div></body></html>'), /Seam "page-template"/);
});

test("the route-tables loader fails with the seam's name on generated files of another shape, and rewrites the real ones", () => {
  const loader = require(path.join(internalsDir, 'loaders/routeTables.cjs'));
  // The groups the features declare, as src/internals/plugin.ts hands them over.
  const groups = [{name: 'api-reference', prefix: '/docs/api/reference/', required: true}];
  /** @param {string} resourcePath @param {string} source */
  const call = (resourcePath, source, resourceQuery = '') => loader.call({resourcePath, resourceQuery, getOptions: () => ({groups})}, source);
  assert.throws(() => call('/x/.docusaurus/routes.js', "export default [{path: '/docs/x', component: Foo}];"), /Seam "route-tables"/);
  assert.throws(() => call('/x/.docusaurus/globalData.json', '{"docusaurus-plugin-content-docs": {"default": {"docs": []}}}'), /Seam "route-tables"/);
  const creator = "import routesChunkNames from '@generated/routesChunkNames';\nimport registry from '@generated/registry';\n";
  assert.match(call('/x/@docusaurus/core/lib/client/exports/ComponentCreator.js', creator, '?group=api-reference'), /routesChunkNames\?group=api-reference/);
  assert.throws(() => call('/x/@docusaurus/core/lib/client/exports/ComponentCreator.js', 'export default 1;', '?group=api-reference'), /Seam "route-tables"/);
});

test('a replacement that matched nothing fails the build after bundling, naming its seam', async () => {
  const {default: internalsPlugin} = jiti(path.join(internalsDir, 'plugin.ts'));
  const plugin = internalsPlugin({siteDir: repoRoot}, {routeGroups: []});
  // A bundler whose module replacements are never asked to replace anything: as if every upstream module had moved.
  class NormalModuleReplacementPlugin {}
  plugin.configureWebpack({}, false, {currentBundler: {instance: {NormalModuleReplacementPlugin}}});
  const applied = /** @type {typeof globalThis & {[key: symbol]: Set<string> | undefined}} */ (globalThis)[Symbol.for('launchdeck.internals.applied')];
  applied?.clear();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-out-'));
  try {
    await assert.rejects(plugin.postBuild({outDir}), (/** @type {any} */ error) => {
      assert.match(error.message, /Seam "tslib-helper"/);
      for (const seam of ['tslib-helper', 'head-tags', 'prism-stub', 'search-worker', 'search-templates', 'search-mark', 'route-tables']) {
        assert.match(error.message, new RegExp(`${seam}: nothing in the client bundle matched`));
      }
      return true;
    });
  } finally {
    fs.rmSync(outDir, {recursive: true, force: true});
  }
});

test('only optional seams can be left out, and only by their ids', () => {
  assert.deepEqual([...seamsOff({LAUNCHDECK_SEAMS_OFF: 'tslib-helper, prism-stub'})], ['tslib-helper', 'prism-stub']);
  assert.throws(() => seamsOff({LAUNCHDECK_SEAMS_OFF: 'theme-not-found'}), /cannot be left out/);
  assert.throws(() => seamsOff({LAUNCHDECK_SEAMS_OFF: 'no-such-seam'}), /no seam "no-such-seam"/);
});

test('the seams stay small: their own lines together are at most the recorded ceiling (src/internals/README.md, "Keeping it small")', () => {
  const lines = seamLines((file) => fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n').length - 1);
  const total = [...lines.values()].reduce((a, b) => a + b, 0);
  assert.ok(
    total <= SEAM_LINES_CEILING,
    `the seams have ${total} lines of their own, over the ${SEAM_LINES_CEILING} of SEAM_LINES_CEILING: delete at least as many seam lines as you add (${[...lines].map(([id, n]) => `${id} ${n}`).join(', ')})`,
  );
  // chunk-file-names rewrites the bundler's runtime: it is part of the route tables' seam, not a seam nobody lists.
  assert.ok(SEAMS.find((seam) => seam.id === 'route-tables')?.ours.includes('src/plugins/chunk-file-names/seams/sectionHashes.ts'));
});
