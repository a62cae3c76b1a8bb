/**
 * The built site checked by tools this project did not write:
 * - the sitemap against the sitemaps.org 0.9 schema (./schemas/sitemap-0.9.xsd,
 *   validated by libxml2 through xmllint-wasm), each URL a page's canonical URL;
 * - every feed (RSS, Atom, JSON Feed; the changelog's and each tag's) read by
 *   feedsmith, a feed library independent of the one that writes them: it
 *   parses as its format, its entry ids are unique, and every link of the
 *   feed and its entries leads to a built page.
 * Each check is first shown failing on a file made to break it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {validateXML} from 'xmllint-wasm';
import {parseFeed} from 'feedsmith';
import {assertBuilt, buildDir} from '../helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = fs.readFileSync(path.join(here, 'schemas/sitemap-0.9.xsd'), 'utf8');

/**
 * libxml2's schema errors for a sitemap, as "line N: message"; none when it is valid.
 * @param {string} xml
 * @returns {Promise<string[]>}
 */
export async function sitemapSchemaErrors(xml) {
  const result = await validateXML({xml: [{fileName: 'sitemap.xml', contents: xml}], schema: [{fileName: 'sitemap.xsd', contents: schema}]});
  return result.valid ? [] : result.errors.map((e) => `line ${e.loc?.lineNumber ?? '?'}: ${e.message.trim()}`);
}

/** @type {Record<string, string>} */
const FORMATS = {'rss.xml': 'rss', 'atom.xml': 'atom', 'feed.json': 'json'};

/**
 * What readFeed reads of a feed or of one of its entries, whatever its format (feedsmith's RSS, Atom and JSON Feed types differ).
 * @typedef {{link?: unknown, url?: unknown, home_page_url?: unknown, feed_url?: unknown, links?: Array<{href?: unknown}>, guid?: {value?: unknown}, id?: unknown, items?: FeedPart[], entries?: FeedPart[]}} FeedPart
 */

/**
 * What a feed reader meets in one feed: its format, the ids of its entries, and every link in it.
 * @param {string} text
 * @param {string} expectedFormat
 * @returns {{problems: string[], links: string[]}}
 */
export function readFeed(text, expectedFormat) {
  /** @type {string[]} */
  const problems = [];
  let parsed;
  try {
    parsed = parseFeed(text);
  } catch (/** @type {any} */ error) {
    return {problems: [`does not parse: ${error.message}`], links: []};
  }
  if (parsed.format !== expectedFormat) problems.push(`parses as ${parsed.format}, not ${expectedFormat}`);
  const feed = /** @type {FeedPart} */ (parsed.feed);
  const entries = feed.items ?? feed.entries ?? [];
  if (entries.length === 0) problems.push('has no entries');
  const ids = entries.map((e) => e.guid?.value ?? e.guid ?? e.id);
  if (ids.some((id) => !id)) problems.push('an entry has no id');
  const seen = new Set();
  for (const id of ids) {
    if (seen.has(id)) problems.push(`entry id ${id} is used twice`);
    seen.add(id);
  }
  /** @param {FeedPart | undefined} x */
  const hrefs = (x) => [x?.link, x?.url, x?.home_page_url, x?.feed_url, ...(x?.links ?? []).map((l) => l.href)].filter((h) => typeof h === 'string');
  return {problems, links: [...hrefs(feed), ...entries.flatMap(hrefs)]};
}

test('the schema check and the feed reader fail on files made to break them', async () => {
  const errors = await sitemapSchemaErrors(fs.readFileSync(path.join(here, '__fixtures__/sitemap-invalid.xml'), 'utf8'));
  assert.ok(
    errors.some((e) => /lastmod/.test(e)),
    errors.join('\n'),
  );
  assert.ok(
    errors.some((e) => /changefreq|loc/.test(e)),
    errors.join('\n'),
  );
  const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>2026-01-01T00:00:00Z</updated>
    <entry><id>a</id><title>One</title><updated>2026-01-01T00:00:00Z</updated></entry><entry><id>a</id><title>Two</title><updated>2026-01-01T00:00:00Z</updated></entry></feed>`;
  assert.deepEqual(readFeed(atom, 'atom').problems, ['entry id a is used twice']);
  assert.deepEqual(readFeed(atom, 'rss').problems, ['parses as atom, not rss', 'entry id a is used twice']);
  assert.match(readFeed('{"version": "https://jsonfeed.org/version/1.1"', 'json').problems[0], /^does not parse/);
});

test('the sitemap is valid against the sitemaps.org 0.9 schema, and every URL is a page\'s canonical URL', async () => {
  assertBuilt();
  const xml = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  assert.deepEqual(await sitemapSchemaErrors(xml), []);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(locs.length > 100, `${locs.length} URLs`);
  const failures = [];
  for (const loc of locs) {
    const {pathname} = new URL(loc);
    const file = path.join(buildDir, decodeURIComponent(pathname), pathname.endsWith('/') ? 'index.html' : '');
    const html = fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : fs.existsSync(`${file}/index.html`) ? fs.readFileSync(`${file}/index.html`, 'utf8') : null;
    if (!html) {
      failures.push(`${loc}: no built page`);
      continue;
    }
    const canonical = /<link[^>]*rel=["']?canonical["']?[^>]*href=["']?([^"' >]+)/.exec(html)?.[1];
    if (canonical !== loc) failures.push(`${loc}: the page's canonical URL is ${canonical}`);
  }
  assert.deepEqual(failures, []);
});

test('every feed parses with an independent feed library, with unique entry ids and links that lead to built pages', () => {
  assertBuilt();
  const site = new URL(/** @type {RegExpExecArray} */ (/<loc>([^<]+)<\/loc>/.exec(fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8')))[1]).origin;
  const feeds = [];
  (function walk(dir) {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets') walk(full);
      } else if (FORMATS[entry.name] && full.includes(`${path.sep}changelog${path.sep}`)) feeds.push(full);
    }
  })(buildDir);
  assert.equal(feeds.length, 21, `${feeds.length} feeds`);
  const failures = [];
  let checked = 0;
  for (const file of feeds) {
    const rel = path.relative(buildDir, file);
    const {problems, links} = readFeed(fs.readFileSync(file, 'utf8'), FORMATS[path.basename(file)]);
    failures.push(...problems.map((p) => `${rel}: ${p}`));
    for (const link of links) {
      const url = new URL(link, site);
      if (url.origin !== site) continue;
      checked += 1;
      const target = path.join(buildDir, decodeURIComponent(url.pathname));
      const exists = [target, path.join(target, 'index.html'), `${target}.html`].some((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (!exists) failures.push(`${rel}: link ${link} leads to no built file`);
    }
  }
  assert.ok(checked > 100, `checked ${checked} links`);
  assert.deepEqual(failures, []);
});
