/**
 * The hosting rules the build generates from hosting/rules.mjs: one policy
 * and one set of redirects in every host's format, a hash for every inline
 * script of every page, and a build from a source archive (no git history).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {assertBuilt, buildDir, builtHtmlFiles, readRoutes, repoRoot} from '../helpers.mjs';
import {sitemapLastmodProblems} from './crawler-rules.mjs';

assertBuilt();
const source = (await import(pathToFileURL(path.join(repoRoot, 'hosting/rules.mjs')).href)).default;
const rules = JSON.parse(fs.readFileSync(path.join(buildDir, '_hosting/rules.json'), 'utf8'));
const csp = rules.headers['Content-Security-Policy'];
const archiveDir = path.join(repoRoot, 'build-test-archive');

test('the resolved rules are hosting/rules.mjs plus what only the build knows', () => {
  for (const [name, value] of Object.entries(source.headers)) assert.equal(rules.headers[name], value, name);
  assert.deepEqual(rules.cache, source.cache);
  assert.equal(rules.notFound, source.notFound);
  for (const [directive, sources] of Object.entries(source.csp)) {
    assert.ok(csp.includes(`${directive} ${sources.join(' ')}`), `${directive} as in hosting/rules.mjs`);
  }
  assert.doesNotMatch(/script-src[^;]*/.exec(csp)[0], /'unsafe-inline'|'unsafe-eval'/);
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
  const headers = fs.readFileSync(path.join(buildDir, '_headers'), 'utf8');
  const blocks = Object.fromEntries(
    headers
      .split(/\n(?=\/)/)
      .map((block) => block.replace(/^#.*\n/gm, '').trim())
      .map((block) => {
        const [pattern, ...lines] = block.split('\n');
        return [pattern, Object.fromEntries(lines.map((l) => l.trim().split(/: (.*)/s).slice(0, 2)))];
      }),
  );
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
  for (const {alias, path: target} of readRoutes().filter((r) => r.alias)) {
    assert.equal(redirects.get(alias), `${target} 301`, alias);
    assert.equal(redirects.get(`${alias}/`), `${target} 301`, `${alias}/`);
  }
  const nginx = fs.readFileSync(path.join(buildDir, '_hosting/nginx.conf'), 'utf8');
  assert.ok(nginx.includes(`add_header Content-Security-Policy "${csp}" always;`));
  assert.match(nginx, /location = \/docs\/servers\/add-aws \{ return 301 \/docs\/servers\/add-aws-server\$is_args\$args; \}/);
});

test('a build from a source archive (no git history) succeeds, without dates (pages and sitemap) and with one clear warning', () => {
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
