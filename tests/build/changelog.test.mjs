/**
 * The changelog in the built site: its pages (the index and the tag pages
 * list their entries newest first, each entry shows its date and tags), its
 * feeds (RSS 2.0, Atom 1.0 and JSON Feed 1.1 for the whole changelog and
 * each tag: parsed back, every entry in every feed it belongs to and no
 * other, absolute addresses, full content, the same in two builds), the
 * <link rel="alternate"> that announce them, and an operation's reference
 * page listing its entries.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {XMLParser} from 'fast-xml-parser';
import {assertBuilt, buildDir, readBuiltHtml, repoRoot, tagsOf, decodeEntities} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {readEntries, CHANGELOG_TAGS, formatDate} = /** @type {typeof import('../../src/plugins/changelog/entries.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/changelog/entries.ts')));
const {urls} = /** @type {typeof import('../../src/config/urls.ts')} */ (jiti(path.join(repoRoot, 'src/config/urls.ts')));
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {referenceRoute} = /** @type {typeof import('../../src/plugins/api-reference/client/routes.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/client/routes.ts')));

assertBuilt();
const entries = readEntries(path.join(repoRoot, 'docs'));
const site = urls.site;
const TAGS = Object.keys(CHANGELOG_TAGS);
const lists = new Set(['rss.channel.item', 'rss.channel.item.category', 'feed.link', 'feed.entry', 'feed.entry.category', 'feed.entry.link']);
const xml = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name, jpath) => lists.has(jpath)});

/** @param {string | undefined} tag */
const feedDir = (tag) => path.join(buildDir, 'docs/changelog', ...(tag ? ['tags', tag] : []));
/**
 * @param {string | undefined} tag
 * @param {string} file
 * @param {string} [dir]
 */
const readFeed = (tag, file, dir = buildDir) => fs.readFileSync(path.join(dir, 'docs/changelog', ...(tag ? ['tags', tag] : []), file), 'utf8');
/** @param {string | undefined} tag */
const expectedIn = (tag) => entries.filter((e) => !tag || /** @type {string[]} */ (e.tags).includes(tag)).map((e) => `${site}${e.route}`);

/**
 * The links of the entries' titles in a built page's changelog list, in order (whatever the HTML minifier's quoting).
 * @param {string} route
 */
function listed(route) {
  const html = readBuiltHtml(route);
  assert.match(html, /<ul class="?ld-changelog-list"?[ >]/, `${route}: no changelog list`);
  return [...html.matchAll(/<p class="?ld-changelog-list__title"?[^>]*>\s*<strong>\s*(<a\s[^>]*>)/g)].map((m) => tagsOf(m[1], 'a')[0].href);
}

/** The upgrade rehearsal builds the site once (scripts/upgrade-rehearse.mjs); the test suite always builds twice. */
const oneBuild = process.env.LAUNCHDECK_ONE_BUILD === '1' && 'one build only (npm run upgrade:rehearse): the second build is the test suite\'s';

test('the changelog lists every entry, newest first, and each tag page lists its entries', () => {
  assert.deepEqual(listed('/docs/changelog/'), entries.map((e) => e.route));
  const dates = entries.map((e) => e.date);
  assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
  for (const tag of TAGS) {
    assert.deepEqual(listed(`/docs/changelog/tags/${tag}`), entries.filter((e) => /** @type {readonly string[]} */ (e.tags).includes(tag)).map((e) => e.route), tag);
  }
});

test('an entry shows its date and tags under its title, each tag a link to its page', () => {
  for (const entry of entries) {
    const html = readBuiltHtml(entry.route);
    const meta = /<p class="?ld-changelog-meta"?>([\s\S]*?)<\/p>/.exec(html)?.[1];
    assert.ok(meta, `${entry.route}: no date line`);
    assert.match(meta, new RegExp(`<time datetime="?${entry.date}"?>${formatDate(entry.date)}</time>`));
    const tagLinks = tagsOf(meta, 'a').map((a) => a.href);
    for (const tag of entry.tags) assert.ok(tagLinks.includes(`/docs/changelog/tags/${tag}`), `${entry.route}: link to the ${tag} page`);
  }
});

test('every feed parses, is absolute, and holds exactly the entries of its tag, with their full content', () => {
  for (const tag of [undefined, ...TAGS]) {
    const expected = expectedIn(tag);
    const label = tag ?? 'changelog';

    const rss = xml.parse(readFeed(tag, 'rss.xml'));
    assert.equal(rss.rss['@version'], '2.0', label);
    const channel = rss.rss.channel;
    assert.ok(channel.title && channel.description, label);
    assert.match(channel.link, /^https:\/\//);
    assert.deepEqual(
      channel.item.map((/** @type {{link: string}} */ i) => i.link),
      expected,
      `${label}: RSS items`,
    );
    for (const item of channel.item) {
      // A permalink guid (the default of RSS 2.0): the entry's address, which never changes.
      assert.equal(typeof item.guid === 'object' ? item.guid['#text'] : item.guid, item.link, 'the guid is the entry address');
      assert.notEqual(item.guid?.['@isPermaLink'], 'false');
      assert.ok(Date.parse(item.pubDate), item.pubDate);
      assert.ok(item['content:encoded'].length > 200, `${item.link}: full content`);
    }

    const atom = xml.parse(readFeed(tag, 'atom.xml')).feed;
    assert.equal(atom['@xmlns'], 'http://www.w3.org/2005/Atom');
    assert.ok(atom.id && atom.title && Date.parse(atom.updated), label);
    assert.ok(atom.link.some((/** @type {Record<string, string>} */ l) => l['@rel'] === 'self' && l['@href'] === `${site}/docs/changelog/${tag ? `tags/${tag}/` : ''}atom.xml`), `${label}: rel=self`);
    assert.deepEqual(
      atom.entry.map((/** @type {{id: string}} */ e) => e.id),
      expected,
      `${label}: Atom entries`,
    );
    for (const entry of atom.entry) {
      assert.ok(entry.title && Date.parse(entry.updated) && entry.content['#text'], entry.id);
      assert.ok(entry.category.length >= 1 && entry.category.every((/** @type {Record<string, string>} */ c) => TAGS.includes(c['@term'])), `${entry.id}: categories`);
    }

    const json = JSON.parse(readFeed(tag, 'feed.json'));
    assert.equal(json.version, 'https://jsonfeed.org/version/1.1');
    assert.equal(json.feed_url, `${site}/docs/changelog/${tag ? `tags/${tag}/` : ''}feed.json`);
    assert.ok(json.title && json.home_page_url.startsWith('https://'));
    assert.deepEqual(
      json.items.map((/** @type {{id: string}} */ i) => i.id),
      expected,
      `${label}: JSON Feed items`,
    );
    for (const item of json.items) {
      assert.equal(item.url, item.id);
      assert.ok(item.title && item.content_html && item.date_published, item.id);
      // Every address in the content is absolute.
      for (const m of item.content_html.matchAll(/(?:href|src)="([^"]*)"/g)) assert.match(m[1], /^(https?:|mailto:)/, `${item.id}: ${m[1]}`);
      assert.doesNotMatch(item.content_html, /hash-link|ld-changelog-meta/, `${item.id}: no heading anchors or date line`);
    }
  }
});

test('an entry is in its feeds with the text its page shows', () => {
  const entry = /** @type {(typeof entries)[number]} */ (entries.find((e) => e.tags.includes('breaking')));
  const json = JSON.parse(readFeed('breaking', 'feed.json'));
  const item = json.items.find((/** @type {{id: string}} */ i) => i.id === `${site}${entry.route}`);
  assert.ok(item.content_html.includes('What you need to do'), 'the whole entry, sections included');
  assert.deepEqual(item.tags, entry.tags);
  assert.equal(item.summary, entry.description);
});

test('the feeds are the same in two builds: stable IDs, dates and content', {skip: oneBuild}, () => {
  const second = path.resolve(repoRoot, 'build-test-archive');
  if (!fs.existsSync(path.join(second, 'docs/changelog/rss.xml'))) {
    assert.fail('No second build in build-test-archive/: run node scripts/build-for-tests.mjs');
  }
  for (const tag of [undefined, ...TAGS]) {
    for (const file of ['rss.xml', 'atom.xml', 'feed.json']) {
      assert.equal(readFeed(tag, file, second), readFeed(tag, file), `${tag ?? 'changelog'}/${file}`);
    }
  }
});

test('the changelog pages announce their feeds with <link rel="alternate">', () => {
  /** @param {string} route */
  const alternates = (route) =>
    tagsOf(readBuiltHtml(route), 'link')
      .filter((l) => l.rel === 'alternate' && /(rss|atom|feed)\+(xml|json)/.test(l.type ?? ''))
      .map((l) => l.href);
  const global = ['rss.xml', 'atom.xml', 'feed.json'].map((f) => `${site}/docs/changelog/${f}`);
  assert.deepEqual(alternates('/docs/changelog/'), global);
  assert.deepEqual(alternates(entries[0].route), global);
  assert.deepEqual(alternates('/docs/changelog/tags/api'), [...['rss.xml', 'atom.xml', 'feed.json'].map((f) => `${site}/docs/changelog/tags/api/${f}`), ...global]);
  assert.deepEqual(alternates('/docs/servers/'), [], 'pages outside the changelog announce no feed');
});

test("an operation's reference page lists the changelog entries that name it", () => {
  const contract = loadSiteContract(repoRoot);
  const entry = /** @type {(typeof entries)[number]} */ (entries.find((e) => e.operations.length));
  /** @typedef {(typeof contract.operations)[number]} Operation */
  const op = /** @type {Operation} */ (contract.operations.find((o) => o.id === entry.operations[0]));
  const html = decodeEntities(readBuiltHtml(referenceRoute(op)));
  assert.match(html, /<h2[^>]*>Changelog/);
  assert.ok(tagsOf(html, 'a').some((a) => a.href === entry.route), `${referenceRoute(op)} links ${entry.route}`);
  assert.ok(html.includes(`${formatDate(entry.date)}: ${entry.title}`));
  const unnamed = /** @type {Operation} */ (contract.operations.find((o) => !entries.some((e) => e.operations.includes(o.id))));
  assert.doesNotMatch(readBuiltHtml(referenceRoute(unnamed)), /<h2[^>]*>Changelog/);
});

test('the feeds are where the changelog page says', () => {
  for (const tag of [undefined, ...TAGS]) for (const file of ['rss.xml', 'atom.xml', 'feed.json']) assert.ok(fs.existsSync(path.join(feedDir(tag), file)));
});
