/**
 * The rules of crawler-rules.mjs on bad files (__fixtures__/crawler-rules/):
 * each rule reports what a validator would, so that crawlers.test.mjs,
 * which finds no problem in the built site, could have found one. Needs no
 * build.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {atomAuthorProblems, icoProblems, isW3cDatetime, jsonFeedAuthorProblems, robotsTxtProblems, sitemapLastmodProblems} from './crawler-rules.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'crawler-rules');
/** @param {string} name */
const fixture = (name) => fs.readFileSync(path.join(fixtures, name), 'utf8');

test('an Atom feed without an author is reported, and so is an entry whose author has no name', () => {
  assert.deepEqual(atomAuthorProblems(fixture('atom-without-author.xml')), [
    'the feed has no <author> with a <name>',
    'entry https://docs.example.com/docs/changelog/2026-11-02-server-size-required has no <author> with a <name>',
  ]);
  assert.deepEqual(atomAuthorProblems(fixture('atom-entry-without-author.xml')), [
    'entry https://docs.example.com/docs/changelog/2026-10-20-fewer-steps has no <author> with a <name>',
  ]);
  assert.deepEqual(atomAuthorProblems('<rss version="2.0"><channel/></rss>'), ['not an Atom feed (no <feed>)']);
});

test('a JSON feed without authors, or with an unnamed one, is reported', () => {
  const feed = {authors: [{url: 'https://example.com'}], items: [{id: 'a', authors: [{name: 'the Example team'}]}, {id: 'b'}]};
  assert.deepEqual(jsonFeedAuthorProblems(feed), ['the feed has no authors with a name', 'item b has no authors with a name']);
});

test('robots.txt without the sitemap, or closed to every crawler, is reported', () => {
  const sitemap = 'https://docs.example.com/sitemap.xml';
  assert.deepEqual(robotsTxtProblems(fixture('robots-without-sitemap.txt'), sitemap), [`no "Sitemap: ${sitemap}" line (found: none)`]);
  assert.deepEqual(robotsTxtProblems(fixture('robots-disallow-all.txt'), sitemap), ['"Disallow: /" for every crawler']);
  assert.deepEqual(robotsTxtProblems('User-agent: *\nAllow: /\nSitemap: /sitemap.xml\n', sitemap), [
    `no "Sitemap: ${sitemap}" line (found: /sitemap.xml)`,
    'Sitemap: /sitemap.xml is not an absolute URL',
  ]);
  // A crawler of its own may be kept out; the others still read everything.
  assert.deepEqual(robotsTxtProblems(`User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, sitemap), []);
});

test('sitemap URLs without a lastmod, or with one that is no W3C date or in the future, are reported', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  assert.deepEqual(sitemapLastmodProblems(fixture('sitemap-bad-lastmod.xml'), {lastmod: true, now}), [
    'https://docs.example.com/docs/servers/: no <lastmod>',
    'https://docs.example.com/docs/servers/stop-server: <lastmod>02/11/2026</lastmod> is not a W3C date',
    'https://docs.example.com/docs/servers/add-server: <lastmod>2026-02-30</lastmod> is not a W3C date',
    'https://docs.example.com/docs/teams/: <lastmod>2099-01-01T10:00:00Z</lastmod> is in the future',
  ]);
  // A build without git history must have no date at all.
  assert.equal(sitemapLastmodProblems(fixture('sitemap-bad-lastmod.xml'), {lastmod: false, now}).length, 4);
  for (const good of ['2026', '2026-11', '2026-11-02', '2026-11-02T10:30Z', '2026-11-02T10:30:05+01:00', '2026-11-02T10:30:05.123Z']) assert.ok(isW3cDatetime(good), good);
  for (const bad of ['2026-13', '2026-11-02T10:30', '2026-11-02 10:30Z', '26-11-02']) assert.ok(!isW3cDatetime(bad), bad);
});

test('a file that is not an ICO, or whose images lie outside it, is reported', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  assert.deepEqual(icoProblems(png).problems, ['not an ICO file (starts with 89504e47, not 00000100)']);
  const truncated = Buffer.alloc(22);
  truncated.writeUInt16LE(1, 2);
  truncated.writeUInt16LE(1, 4);
  truncated[6] = 16;
  truncated[7] = 16;
  truncated.writeUInt32LE(1000, 14);
  truncated.writeUInt32LE(22, 18);
  assert.deepEqual(icoProblems(truncated), {problems: ['image 0: data outside the file'], sizes: [16]});
});
