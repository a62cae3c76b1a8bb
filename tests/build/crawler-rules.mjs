/**
 * What the web's own validators ask of the files crawlers and feed readers
 * fetch, as small pure functions that return one line per problem (an empty
 * list when the file is fine), so that a test can show each rule failing on
 * a bad file (tests/build/__fixtures__/crawler-rules/) as well as passing on
 * the built site (crawlers.test.mjs).
 */
import {XMLParser} from 'fast-xml-parser';

/**
 * An element fast-xml-parser read once or more: as a list.
 * @template T
 * @param {T | T[] | undefined} value
 * @returns {T[]}
 */
const asList = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const xml = new XMLParser({ignoreAttributes: false, attributeNamePrefix: '@'});

/**
 * The text of an element that fast-xml-parser may have read as a string, a number or an object with #text.
 * @param {unknown} value
 */
const textOf = (value) =>
  (value === undefined || value === null ? '' : typeof value === 'object' ? String(/** @type {Record<string, unknown>} */ (value)['#text'] ?? '') : String(value)).trim();

/**
 * Whether `person` (an atom:author) has a non-empty atom:name.
 * @param {unknown} person
 */
const hasName = (person) => asList(person).some((p) => p && typeof p === 'object' && textOf(/** @type {Record<string, unknown>} */ (p).name) !== '');

/**
 * RFC 4287 §4.1.1: an Atom feed names its author. The site's rule is
 * stricter than the RFC's (which lets entries inherit the feed's): the feed
 * and every entry carry an atom:author with an atom:name.
 * @param {string} text
 * @returns {string[]}
 */
export function atomAuthorProblems(text) {
  const feed = xml.parse(text).feed;
  if (!feed) return ['not an Atom feed (no <feed>)'];
  const problems = [];
  if (!hasName(feed.author)) problems.push('the feed has no <author> with a <name>');
  for (const entry of asList(feed.entry)) {
    if (!hasName(entry.author)) problems.push(`entry ${textOf(entry.id) || '(no id)'} has no <author> with a <name>`);
  }
  return problems;
}

/**
 * JSON Feed 1.1: `authors` (a list of objects with a name) on the feed and on every item.
 * @param {{authors?: unknown, items?: Array<{id?: unknown, authors?: unknown}>}} feed
 * @returns {string[]}
 */
export function jsonFeedAuthorProblems(feed) {
  /** @param {unknown} authors */
  const named = (authors) => Array.isArray(authors) && authors.length > 0 && authors.every((a) => typeof a?.name === 'string' && a.name.trim() !== '');
  const problems = [];
  if (!named(feed.authors)) problems.push('the feed has no authors with a name');
  for (const item of feed.items ?? []) if (!named(item.authors)) problems.push(`item ${item.id} has no authors with a name`);
  return problems;
}

/**
 * The date formats of W3C's "Date and Time Formats" note, which the sitemap
 * protocol asks <lastmod> to use: YYYY, YYYY-MM, YYYY-MM-DD, or a date and
 * time with minutes, optional seconds and fraction, and a time zone.
 */
const W3C_DATETIME = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?)?)?$/;

/** @param {string} value */
export function isW3cDatetime(value) {
  if (!W3C_DATETIME.test(value)) return false;
  // A day that the calendar has (no 2026-02-30).
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!day) return true;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The URLs of a sitemap: with `lastmod: true`, every <url> has a <lastmod>
 * in a W3C format and not after `now`; with `lastmod: false` (a build
 * without git history has no dates), none has one.
 * @param {string} text
 * @param {{lastmod: boolean, now?: Date}} options
 * @returns {string[]}
 */
export function sitemapLastmodProblems(text, {lastmod, now = new Date()}) {
  const urlset = xml.parse(text).urlset;
  if (!urlset) return ['not a sitemap (no <urlset>)'];
  const urls = asList(urlset.url);
  if (urls.length === 0) return ['the sitemap lists no URL'];
  const problems = [];
  for (const url of urls) {
    const loc = textOf(url.loc);
    const date = textOf(url.lastmod);
    if (!lastmod) {
      if (date) problems.push(`${loc}: <lastmod>${date}</lastmod> in a build without dates`);
    } else if (!date) problems.push(`${loc}: no <lastmod>`);
    else if (!isW3cDatetime(date)) problems.push(`${loc}: <lastmod>${date}</lastmod> is not a W3C date`);
    else if (new Date(date) > now) problems.push(`${loc}: <lastmod>${date}</lastmod> is in the future`);
  }
  return problems;
}

/**
 * robots.txt lets every crawler read the site (no `Disallow: /` in the
 * group of `User-agent: *`) and names the sitemap by its absolute URL.
 * @param {string} text
 * @param {string} sitemapUrl
 * @returns {string[]}
 */
export function robotsTxtProblems(text, sitemapUrl) {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/#.*/, '').trim());
  const problems = [];
  const sitemaps = lines.filter((line) => /^sitemap:/i.test(line)).map((line) => line.replace(/^sitemap:\s*/i, ''));
  if (!sitemaps.includes(sitemapUrl)) problems.push(`no "Sitemap: ${sitemapUrl}" line (found: ${sitemaps.join(', ') || 'none'})`);
  for (const url of sitemaps) if (!/^https?:\/\//.test(url)) problems.push(`Sitemap: ${url} is not an absolute URL`);
  /** @type {string[]} */
  let agents = [];
  let inRules = false;
  for (const line of lines) {
    const [field, ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (/^user-agent$/i.test(field)) {
      if (inRules) agents = [];
      agents.push(value);
      inRules = false;
    } else if (/^(allow|disallow)$/i.test(field)) {
      inRules = true;
      if (agents.includes('*') && /^disallow$/i.test(field) && value === '/') problems.push('"Disallow: /" for every crawler');
    }
  }
  if (!lines.some((line) => /^user-agent:\s*\*$/i.test(line))) problems.push('no "User-agent: *" group');
  return problems;
}

/**
 * An ICO file (the format browsers and crawlers expect at /favicon.ico):
 * the header 00 00 01 00, its image count, and each image's directory entry
 * inside the file. Returns {problems, sizes} (sizes in pixels, 0 read as 256).
 * @param {Buffer} buffer
 * @returns {{problems: string[], sizes: number[]}}
 */
export function icoProblems(buffer) {
  /** @type {string[]} */
  const problems = [];
  /** @type {number[]} */
  const sizes = [];
  if (buffer.length < 6 || buffer.readUInt16LE(0) !== 0 || buffer.readUInt16LE(2) !== 1) {
    return {problems: [`not an ICO file (starts with ${buffer.subarray(0, 4).toString('hex') || 'nothing'}, not 00000100)`], sizes};
  }
  const count = buffer.readUInt16LE(4);
  if (count === 0) problems.push('no image');
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    if (at + 16 > buffer.length) {
      problems.push(`image ${i}: directory entry past the end of the file`);
      break;
    }
    const width = buffer[at] || 256;
    const height = buffer[at + 1] || 256;
    const length = buffer.readUInt32LE(at + 8);
    const offset = buffer.readUInt32LE(at + 12);
    if (width !== height) problems.push(`image ${i}: ${width}×${height} is not square`);
    if (offset + length > buffer.length || length === 0) problems.push(`image ${i}: data outside the file`);
    sizes.push(width);
  }
  return {problems, sizes};
}
