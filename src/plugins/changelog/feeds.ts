/**
 * The changelog's feeds: RSS 2.0, Atom 1.0 and JSON Feed 1.1, for the whole
 * changelog (/docs/changelog/rss.xml, atom.xml, feed.json) and for each tag
 * (/docs/changelog/tags/<tag>/rss.xml, …), written by the `feed` package
 * (the generator Docusaurus's blog uses). Every address in a feed is
 * absolute; an entry's ID is its address, which never changes (file names of
 * published entries never change), and a feed's date is its newest entry's,
 * so that two builds of the same entries write the same feeds. The feed and
 * each entry name their author (src/config/urls.ts), which Atom requires;
 * RSS has no author field without an email address, so its feeds have none.
 */
import {Feed} from 'feed';
import {author} from '../../config/urls';
import {CHANGELOG_ROUTE, CHANGELOG_TAGS, type ChangelogEntry, type ChangelogTag} from './entries';

export const FEED_FORMATS = [
  {file: 'rss.xml', type: 'application/rss+xml', label: 'RSS'},
  {file: 'atom.xml', type: 'application/atom+xml', label: 'Atom'},
  {file: 'feed.json', type: 'application/feed+json', label: 'JSON Feed'},
] as const;

/** The folder of a feed (the changelog's, or a tag page's), from the site's root. */
export const feedFolder = (tag?: ChangelogTag): string => (tag ? `${CHANGELOG_ROUTE}tags/${tag}/` : CHANGELOG_ROUTE);

const feedTitle = (tag?: ChangelogTag): string => (tag ? `Launchdeck changelog: ${CHANGELOG_TAGS[tag]}` : 'Launchdeck changelog');

/** The <link rel="alternate"> of each format of a feed. */
export function feedLinks(siteUrl: string, tag?: ChangelogTag): Array<{type: string; title: string; url: string}> {
  return FEED_FORMATS.map((format) => ({
    type: format.type,
    title: `${feedTitle(tag)} (${format.label})`,
    url: `${siteUrl}${feedFolder(tag)}${format.file}`,
  }));
}

export interface FeedEntry extends ChangelogEntry {
  /** The entry's page content as HTML, with absolute addresses. */
  html: string;
}

/** The author of every feed and entry, as the `feed` package takes it. */
const feedAuthor = {name: author.name, link: author.url};

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The three files of one feed: {file name: text}. `entries` are newest first. */
export function renderFeed(siteUrl: string, entries: FeedEntry[], tag?: ChangelogTag): Record<string, string> {
  const shown = tag ? entries.filter((entry) => entry.tags.includes(tag)) : entries;
  const folder = `${siteUrl}${feedFolder(tag)}`;
  const home = tag ? `${siteUrl}${CHANGELOG_ROUTE}tags/${tag}` : `${siteUrl}${CHANGELOG_ROUTE}`;
  const feed = new Feed({
    id: home,
    title: feedTitle(tag),
    description: tag ? `${CHANGELOG_TAGS[tag]} in Launchdeck and its API, newest first.` : 'What changed in Launchdeck and its API, newest first.',
    link: home,
    language: 'en',
    favicon: `${siteUrl}/img/favicon.svg`,
    copyright: 'Launchdeck, Inc.',
    generator: 'Launchdeck docs',
    // The newest entry's date, never the build's: feeds change only when entries do.
    updated: shown.length ? dateOf(shown[0].date) : dateOf('2026-01-01'),
    feedLinks: {rss: `${folder}rss.xml`, atom: `${folder}atom.xml`, json: `${folder}feed.json`},
    author: feedAuthor,
  });
  for (const entry of shown) {
    const url = `${siteUrl}${entry.route}`;
    feed.addItem({
      title: entry.title,
      id: url,
      link: url,
      date: dateOf(entry.date),
      published: dateOf(entry.date),
      description: entry.description,
      content: entry.html,
      category: entry.tags.map((name) => ({name, term: name})),
      author: [feedAuthor],
    });
  }
  // The `feed` package writes JSON Feed 1 (`author`, no `language`); 1.1 keeps every field it writes and adds these.
  // 1.1 names authors in a list (`authors`); the single `author` stays for readers of version 1.
  const json = JSON.parse(feed.json1()) as Record<string, unknown> & {items: Array<Record<string, unknown>>};
  const authors = [{name: author.name, url: author.url}];
  const json11 = {
    ...json,
    version: 'https://jsonfeed.org/version/1.1',
    language: 'en',
    authors,
    items: json.items.map((item) => ({...item, authors})),
  };
  return {
    'rss.xml': `${feed.rss2()}\n`,
    'atom.xml': `${feed.atom1()}\n`,
    'feed.json': `${JSON.stringify(json11, null, 2)}\n`,
  };
}
