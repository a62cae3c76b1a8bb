/**
 * The hosting rules the build generates from src/plugins/hosting/rules.mjs: one policy
 * and one set of redirects in every host's format, a hash for every inline
 * script of every page, the changelog's feeds typed as their pages announce
 * them on every host, nginx's validators left on, and a build from a source
 * archive (no git history).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import createJiti from 'jiti';
import {assertBuilt, buildDir, builtHtmlFiles, readRoutes, repoRoot} from '../helpers.mjs';
import {sitemapLastmodProblems} from './crawler-rules.mjs';

assertBuilt();
const source = (await import(pathToFileURL(path.join(repoRoot, 'src/plugins/hosting/rules.mjs')).href)).default;
const rules = JSON.parse(fs.readFileSync(path.join(buildDir, '_hosting/rules.json'), 'utf8'));
const csp = rules.headers['Content-Security-Policy'];
const archiveDir = path.join(repoRoot, 'build-test-archive');
/** The upgrade rehearsal builds the site once (scripts/upgrade-rehearse.mjs); the test suite always builds twice. */
const oneBuild = process.env.LAUNCHDECK_ONE_BUILD === '1' && 'one build only (npm run upgrade:rehearse): the archive build is the test suite\'s';
const jiti = createJiti(import.meta.url, {interopDefault: true});
const {FEED_FORMATS, feedFolder} = /** @type {typeof import('../../src/plugins/changelog/feeds.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/changelog/feeds.ts')));
const {CHANGELOG_TAGS} = /** @type {typeof import('../../src/plugins/changelog/entries.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/changelog/entries.ts')));
const nginx = fs.readFileSync(path.join(buildDir, '_hosting/nginx.conf'), 'utf8');

/** _headers as {pattern: {header: value}}. */
function headersBlocks() {
  return Object.fromEntries(
    fs
      .readFileSync(path.join(buildDir, '_headers'), 'utf8')
      .split(/\n(?=\/)/)
      .map((block) => block.replace(/^#.*\n/gm, '').trim())
      .map((block) => {
        const [pattern, ...lines] = block.split('\n');
        return [pattern, Object.fromEntries(lines.map((l) => l.trim().split(/: (.*)/s).slice(0, 2)))];
      }),
  );
}

/** Every feed the build writes: each format (src/plugins/changelog/feeds.ts) in the changelog's folder and each tag's. */
const feeds = [undefined, .../** @type {(keyof typeof CHANGELOG_TAGS)[]} */ (Object.keys(CHANGELOG_TAGS))].flatMap((tag) =>
  FEED_FORMATS.map((format) => ({path: `${feedFolder(tag)}${format.file}`, announced: format.type})),
);

test('the resolved rules are src/plugins/hosting/rules.mjs plus what only the build knows', () => {
  for (const [name, value] of Object.entries(source.headers)) assert.equal(rules.headers[name], value, name);
  assert.deepEqual(rules.cache, source.cache);
  assert.equal(rules.notFound, source.notFound);
  for (const [directive, sources] of Object.entries(source.csp)) {
    assert.ok(csp.includes(`${directive} ${sources.join(' ')}`), `${directive} as in src/plugins/hosting/rules.mjs`);
  }
  assert.doesNotMatch(/** @type {RegExpExecArray} */ (/script-src[^;]*/.exec(csp))[0], /'unsafe-inline'|'unsafe-eval'/);
});

test('every inline script of every page is allowed by its hash, and there are only a few kinds', () => {
  const allowed = new Set([...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
  const seen = new Map();
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc=/.test(m[1]) || /type="?application\/(ld\+)?json/.test(m[1])) continue;
      const hash = crypto.createHash('sha256').update(m[2]).digest('base64');
      if (!seen.has(hash)) seen.set(hash, path.relative(buildDir, file));
    }
  }
  const missing = [...seen].filter(([hash]) => !allowed.has(hash)).map(([hash, file]) => `${file}: sha256-${hash}`);
  assert.deepEqual(missing, []);
  assert.ok(seen.size >= 3 && seen.size <= source.maxInlineScripts, `${seen.size} kinds of inline script`);
});

test('_headers and _redirects say the same as the rules, for Netlify and Cloudflare Pages', () => {
  const blocks = headersBlocks();
  assert.deepEqual(blocks['/*'], rules.headers);
  for (const pattern of rules.cache.immutable) assert.deepEqual(blocks[pattern], {'Cache-Control': rules.cache.immutableValue}, pattern);
  const redirects = new Map(
    fs
      .readFileSync(path.join(buildDir, '_redirects'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(' '))
      .map(([from, to, status]) => [from, `${to} ${status}`]),
  );
  assert.equal(redirects.get('/'), '/docs/ 301');
  for (const {alias, path: target} of /** @type {{path: string, alias: string}[]} */ (readRoutes().filter((r) => r.alias))) {
    assert.equal(redirects.get(alias), `${target} 301`, alias);
    assert.equal(redirects.get(`${alias}/`), `${target} 301`, `${alias}/`);
  }
  assert.ok(nginx.includes(`add_header Content-Security-Policy "${csp}" always;`));
  assert.match(nginx, /location = \/docs\/servers\/add-aws \{ return 301 \/docs\/servers\/add-aws-server\$is_args\$args; \}/);
});

test('every feed has the type its pages announce, with a charset, on every host: rules.json (serve.mjs), _headers and nginx', () => {
  assert.equal(feeds.length, 21, 'RSS, Atom and JSON Feed for the changelog and its six tags');
  assert.deepEqual(Object.keys(rules.types).sort(), feeds.map((f) => f.path).sort(), 'rules.json types every feed, and nothing else');
  const blocks = headersBlocks();
  for (const feed of feeds) {
    assert.ok(fs.existsSync(path.join(buildDir, feed.path)), `${feed.path} is built`);
    const type = rules.types[feed.path];
    assert.equal(type, `${feed.announced}; charset=utf-8`, feed.path);
    assert.deepEqual(blocks[feed.path], {'Content-Type': type}, `_headers: ${feed.path}`);
    const location = new RegExp(`location = ${feed.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\{\\n    types \\{ \\}\\n    default_type ${feed.announced.replace('+', '\\+')};\\n`);
    assert.match(nginx, location, `nginx: ${feed.path}`);
  }
  // nginx adds the charset to these types, and compresses them.
  /** @param {string} directive */
  const listed = (directive) => new Set(/** @type {RegExpExecArray} */ (new RegExp(`^${directive} ([^;]+);`, 'm').exec(nginx))[1].split(' '));
  for (const type of ['application/rss+xml', 'application/atom+xml', 'application/feed+json']) {
    assert.ok(listed('charset_types').has(type), `charset_types ${type}`);
    assert.ok(listed('gzip_types').has(type), `gzip_types ${type}`);
  }
});

test("nginx keeps its validators: ETag, Last-Modified and 304, and a 304 repeats the 200's Vary", () => {
  const directives = nginx.replace(/#.*$/gm, '');
  assert.match(directives, /^etag on;$/m);
  assert.match(directives, /^if_modified_since before;$/m);
  // Nothing that turns them off, strips them, or rewrites bodies (which drops them).
  assert.doesNotMatch(directives, /\betag off|if_modified_since off|add_header\s+(ETag|Last-Modified)\b|(proxy|fastcgi)_hide_header|more_clear_headers|\bsub_filter\b|\bssi on|\baddition_types\b|\bxslt_/i);
  // gzip_vary adds Vary to a 200 only: Vary is sent by add_header ... always, in every block that has headers.
  assert.match(directives, /^gzip_vary off;$/m);
  const locations = [...directives.matchAll(/^location [^\n]*\{\n[\s\S]*?\n\}$/gm)].map((m) => m[0]);
  const server = directives.replace(/^location [^\n]*\{\n[\s\S]*?\n\}$/gm, '');
  const withHeaders = [server, ...locations].filter((block) => /add_header Cache-Control/.test(block));
  assert.ok(withHeaders.length > 20, `${withHeaders.length} blocks with headers`);
  for (const block of withHeaders) assert.match(block, /add_header Vary "(Accept, )?Accept-Encoding" always;/, block.trim().split('\n')[0]);
});

test('a build from a source archive (no git history) succeeds, without dates (pages and sitemap) and with one clear warning', {skip: oneBuild}, () => {
  assert.ok(fs.existsSync(path.join(archiveDir, 'docs/servers/stop-server/index.html')), 'scripts/build-for-tests.mjs built build-test-archive/');
  const log = fs.readFileSync(path.join(repoRoot, 'build-test-archive.log'), 'utf8');
  assert.equal(log.match(/No git history/g)?.length, 1, 'one warning');
  assert.match(log, /\[WARNING\] No git history in this folder \(a source archive\?\): the pages are built without their "Last updated" dates, and the sitemap without <lastmod>/);
  assert.doesNotMatch(log, /Failed to retrieve|not a git repository|\[ERROR\]/);
  assert.match(log, /\[SUCCESS\]/);
  const page = fs.readFileSync(path.join(archiveDir, 'docs/servers/stop-server/index.html'), 'utf8');
  assert.doesNotMatch(page, /Last updated/);
  assert.match(page, /<h1[^>]*>Stop a server<\/h1>/);
  // A git checkout has the dates, the reference's pages included.
  assert.match(fs.readFileSync(path.join(buildDir, 'docs/servers/stop-server/index.html'), 'utf8'), /Last updated/);
  assert.ok(fs.existsSync(path.join(archiveDir, '_hosting/rules.json')), 'with its hosting rules');
  // Its sitemap has no dates at all (a date the build cannot know would be a wrong one), and its robots.txt is there.
  assert.deepEqual(sitemapLastmodProblems(fs.readFileSync(path.join(archiveDir, 'sitemap.xml'), 'utf8'), {lastmod: false}), []);
  assert.match(fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8'), /<lastmod>/, 'a git checkout dates its sitemap');
  assert.match(fs.readFileSync(path.join(archiveDir, 'robots.txt'), 'utf8'), /^Sitemap: /m);
});
