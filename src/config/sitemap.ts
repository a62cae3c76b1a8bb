/**
 * The sitemap's options (@docusaurus/plugin-sitemap, set in the preset).
 *
 * Every URL carries a <lastmod>, the day of its page's last change, when the
 * site is built from a git checkout: a doc's date is its "Last updated" date
 * (the last commit of its file, or the `last_update` of its front matter, as
 * on the generated API reference pages, dated by the contract's last change).
 * Today every URL of the sitemap is a doc; a page that is no file of its own
 * (a category's generated index, a tags page), which Docusaurus leaves
 * undated, takes the newest date of the pages under it, else the site's.
 * Without git history (a source archive, src/config/git.ts) no URL has one,
 * and the sitemap plugin asks git nothing.
 */
import type * as Preset from '@docusaurus/preset-classic';
import {hasGitHistory} from './git';

/** The preset's options of @docusaurus/plugin-sitemap (not a dependency of its own). */
type SitemapOptions = Exclude<NonNullable<Preset.Options['sitemap']>, false>;

interface Item {
  url: string;
  lastmod?: string | null;
}

/**
 * Gives every item without a lastmod the newest lastmod of the items whose
 * URL is under its own (a section's pages), else the newest of all. Dates
 * are ISO 8601 of one format, so the newest is the greatest string. Items
 * are unchanged when none has a date.
 */
export function fillMissingLastmod<T extends Item>(items: T[]): T[] {
  const dated = items.filter((item): item is T & {lastmod: string} => Boolean(item.lastmod));
  if (dated.length === 0) return items;
  const newest = (list: Array<{lastmod: string}>) => list.reduce((max, item) => (item.lastmod > max ? item.lastmod : max), '');
  const siteNewest = newest(dated);
  return items.map((item) => {
    if (item.lastmod) return item;
    const prefix = item.url.endsWith('/') ? item.url : `${item.url}/`;
    const under = dated.filter((other) => other.url.startsWith(prefix));
    return {...item, lastmod: under.length ? newest(under) : siteNewest};
  });
}

export function sitemapOptions(siteDir: string): SitemapOptions {
  return {
    changefreq: 'weekly',
    priority: 0.5,
    ignorePatterns: ['/search', '/test-crash', '/test-loading'],
    // The day, not the time: a page's date is the day it last changed.
    lastmod: hasGitHistory(siteDir) ? 'date' : null,
    createSitemapItems: async ({defaultCreateSitemapItems, ...params}) => fillMissingLastmod(await defaultCreateSitemapItems(params)),
  };
}
