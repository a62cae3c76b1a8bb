/**
 * What crawlers and feed readers fetch besides the pages, checked with the
 * rules of crawler-rules.mjs (shown failing on bad files in
 * crawler-rules.test.mjs): robots.txt names the sitemap by the configured
 * site URL and lets every crawler in; every sitemap URL has a <lastmod> when
 * the build has git history; /favicon.ico is a real ICO; every Atom and JSON
 * feed of the changelog, and every entry, names its author.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {assertBuilt, buildDir, builtSiteConfig, readBuiltHtml, repoRoot, tagsOf} from '../helpers.mjs';
import {atomAuthorProblems, icoProblems, jsonFeedAuthorProblems, robotsTxtProblems, sitemapLastmodProblems} from './crawler-rules.mjs';

assertBuilt();
const jiti = createJiti(import.meta.url, {interopDefault: true});
const {CHANGELOG_TAGS} = /** @type {typeof import('../../src/plugins/changelog/entries.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/changelog/entries.ts')));
const {author} = /** @type {typeof import('../../src/config/urls.ts')} */ (jiti(path.join(repoRoot, 'src/config/urls.ts')));
const {hasGitHistory} = /** @type {typeof import('../../src/config/git.ts')} */ (jiti(path.join(repoRoot, 'src/config/git.ts')));
const config = await builtSiteConfig();
const sitemapUrl = `${config.url}${config.baseUrl}sitemap.xml`;
/** @param {string} file */
const built = (file) => path.join(buildDir, file);

test('robots.txt lets every crawler in and names the sitemap by the absolute URL of the configured site', () => {
  const text = fs.readFileSync(built('robots.txt'), 'utf8');
  assert.deepEqual(robotsTxtProblems(text, sitemapUrl), []);
  assert.ok(fs.existsSync(built('sitemap.xml')), 'the sitemap it names exists');
});

test('every sitemap URL has a W3C <lastmod> when the build has git history, a page\'s being its last commit\'s day', () => {
  const xml = fs.readFileSync(built('sitemap.xml'), 'utf8');
  const withHistory = hasGitHistory(repoRoot);
  assert.deepEqual(sitemapLastmodProblems(xml, {lastmod: withHistory}), []);
  if (!withHistory) return;
  /** @param {string} file */
  const dayOf = (file) => {
    const time = spawnSync('git', ['log', '-1', '--format=%ct', '--', file], {cwd: repoRoot, encoding: 'utf8'}).stdout.trim();
    return new Date(Number(time) * 1000).toISOString().slice(0, 10);
  };
  /** @param {string} route */
  const lastmodOf = (route) => new RegExp(`<loc>${config.url}${route}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
  assert.equal(lastmodOf('/docs/servers/stop-server'), dayOf('docs/servers/stop-server.md'), 'a page: its file\'s last commit');
  // The API reference's pages are generated (not in git): dated by the contract's last change.
  const contractDay = spawnSync('git', ['log', '-1', '--format=%cs', '--', 'api/openapi.yaml'], {cwd: repoRoot, encoding: 'utf8'}).stdout.trim();
  assert.equal(lastmodOf('/docs/api/reference/servers/create-server'), contractDay, 'a reference page: the contract\'s last change');
});

test('/favicon.ico is an ICO file of the SVG icon at 16, 32 and 48 pixels; the pages keep the SVG icon', () => {
  const {problems, sizes} = icoProblems(fs.readFileSync(built('favicon.ico')));
  assert.deepEqual(problems, []);
  assert.deepEqual(sizes, [16, 32, 48]);
  // Inline, as a data: URL: a linked icon is a request before the first paint, which Lighthouse counts into the largest paint.
  const icons = tagsOf(readBuiltHtml('/docs/servers/stop-server'), 'link').filter((link) => link.rel === 'icon');
  assert.deepEqual(
    icons.map((link) => decodeURIComponent(link.href)),
    [`data:image/svg+xml,${fs.readFileSync(path.join(repoRoot, 'static/img/favicon.svg'), 'utf8').trim()}`],
  );
  // In the page's head only: the main bundle every page loads does not carry it (the site config's `favicon` would).
  const js = path.join(buildDir, 'assets/js');
  const main = fs.readdirSync(js).find((name) => /^main\.[0-9a-f]+\.js$/.test(name));
  assert.ok(main && !fs.readFileSync(path.join(js, main), 'utf8').includes('data:image/svg+xml'), 'the main bundle carries the icon');
});

test('every Atom and JSON feed of the changelog, and every entry in it, names the Launchdeck team as author', () => {
  assert.equal(author.name, 'the Launchdeck team');
  let entries = 0;
  for (const tag of [undefined, ...Object.keys(CHANGELOG_TAGS)]) {
    const dir = path.join(buildDir, 'docs/changelog', ...(tag ? ['tags', tag] : []));
    const atom = fs.readFileSync(path.join(dir, 'atom.xml'), 'utf8');
    assert.deepEqual(atomAuthorProblems(atom), [], `${tag ?? 'changelog'}/atom.xml`);
    const names = [...atom.matchAll(/<author>\s*<name>([^<]*)<\/name>/g)].map((m) => m[1]);
    const count = (atom.match(/<entry>/g) ?? []).length;
    assert.deepEqual(names, Array(count + 1).fill(author.name), `${tag ?? 'changelog'}/atom.xml: the feed's and each entry's author`);
    entries += count;
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'feed.json'), 'utf8'));
    assert.deepEqual(jsonFeedAuthorProblems(json), [], `${tag ?? 'changelog'}/feed.json`);
    assert.equal(json.authors[0].name, author.name);
  }
  assert.ok(entries > 10, `${entries} entries in the Atom feeds`);
});
