/**
 * The changelog (docs/changelog/, writer's reference "Changelog entry
 * template"). Its pages are docs like any other, which src/plugins/changelog/remarkChangelog.ts
 * completes; this plugin
 * - reads and checks the entries when the site loads (an entry with a
 *   problem stops the build with the problem);
 * - with an announcement bar, adds to each page's head the script that lets a
 *   new bar show at once to readers who dismissed the previous one
 *   (./announcement.ts);
 * - after the build, writes the feeds (./feeds.ts) of the whole changelog and
 *   of each tag, with each entry's content as its built page shows it;
 * - its styles are ./client/changelog.css, a client module.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {parse, serialize, type DefaultTreeAdapterMap} from 'parse5';
import {CHANGELOG_ROUTE, CHANGELOG_TAGS, isChangelogEntry, readEntries, type ChangelogEntry, type ChangelogTag} from './entries';
import {FEED_FORMATS, feedFolder, renderFeed, type FeedEntry} from './feeds';
import {announcementBar, newBarScript} from './announcement';
import remarkChangelog from './remarkChangelog';
import {changelogOnly} from './sidebar';
import type {Feature, Site} from '../../config/feature';
import {docsDirOf} from '../../utils/docsSource';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

const classesOf = (node: Element) => (node.attrs.find((a) => a.name === 'class')?.value ?? '').split(/\s+/);

function findElement(node: ChildNode | DefaultTreeAdapterMap['document'], test: (el: Element) => boolean): Element | undefined {
  if ('tagName' in node && test(node)) return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

/**
 * The article of an entry's built page, for a feed reader: without its title
 * (the feed item's), its date and tag line (the item's date and categories),
 * the headings' "#" links and every class name; every address absolute.
 */
export function feedHtml(pageHtml: string, pageUrl: string, siteUrl: string): string {
  const document = parse(pageHtml);
  const article = findElement(document, (el) => classesOf(el).includes('theme-doc-markdown'));
  if (!article) throw new Error(`${pageUrl}: no .theme-doc-markdown in the built page`);
  const clean = (parent: Element) => {
    parent.childNodes = parent.childNodes.filter((child) => {
      if (!('tagName' in child)) return true;
      const classes = classesOf(child);
      if (child.tagName === 'header' || classes.includes('hash-link') || classes.includes('ld-changelog-meta')) return false;
      // Class names are the site's (and CSS modules' hashes change with every build): a feed reader has no use for them.
      child.attrs = child.attrs.filter((attr) => attr.name !== 'class');
      for (const attr of child.attrs) {
        if ((attr.name === 'href' || attr.name === 'src') && attr.value.startsWith('/')) attr.value = `${siteUrl}${attr.value}`;
        else if (attr.name === 'href' && attr.value.startsWith('#')) attr.value = `${pageUrl}${attr.value}`;
      }
      clean(child);
      return true;
    });
  };
  clean(article);
  return serialize(article).trim();
}

export default function changelogPlugin(context: LoadContext): Plugin {
  const docsDir = docsDirOf(context.siteDir);
  const siteUrl = context.siteConfig.url.replace(/\/$/, '');
  return {
    name: 'launchdeck-changelog',
    loadContent() {
      return readEntries(docsDir);
    },
    injectHtmlTags() {
      const bar = context.siteConfig.themeConfig.announcementBar as {id?: string} | undefined;
      if (!bar?.id) return {};
      return {headTags: [{tagName: 'script', innerHTML: newBarScript(bar.id)}]};
    },
    getPathsToWatch() {
      return [path.join(docsDir, 'changelog', '*.md')];
    },
    async postBuild({outDir, content}) {
      const entries: FeedEntry[] = (content as ChangelogEntry[]).map((entry) => {
        const file = path.join(outDir, entry.route.replace(/^\//, ''), 'index.html');
        return {...entry, html: feedHtml(fs.readFileSync(file, 'utf8'), `${siteUrl}${entry.route}`, siteUrl)};
      });
      for (const tag of [undefined, ...(Object.keys(CHANGELOG_TAGS) as ChangelogTag[])]) {
        const folder = path.join(outDir, feedFolder(tag).replace(/^\//, ''));
        fs.mkdirSync(folder, {recursive: true});
        for (const [name, text] of Object.entries(renderFeed(siteUrl, entries, tag))) fs.writeFileSync(path.join(folder, name), text);
      }
    },
  };
}

/**
 * The changelog, wired once: the plugin (entries checked, feeds written, the bar's reset script), the entry headers,
 * lists and feed links in Markdown, the sidebar without the entries, the sidebar shown on an entry all the same,
 * and the announcement bar of the newest entry marked `announce: true`.
 */
export const feature = (site: Site): Feature => ({
  // The announcement bar, the entries' date and tags, the list of entries and its toolbar.
  stylesheets: [path.join(__dirname, 'client', 'changelog.css')],
  plugins: [changelogPlugin],
  beforeDefaultRemarkPlugins: [[remarkChangelog, {docsDir: site.docsDir, siteUrl: site.siteUrl}]],
  sidebarItems: changelogOnly,
  frontMatter: (filePath, frontMatter) => {
    if (isChangelogEntry(filePath)) frontMatter.displayed_sidebar ??= 'documentation';
  },
  themeConfig: {announcementBar: announcementBar(site.siteDir)},
  // Its feeds, the changelog's and each tag's, served with the type their pages announce in <link rel="alternate">.
  files: [undefined, ...(Object.keys(CHANGELOG_TAGS) as ChangelogTag[])].flatMap((tag) =>
    FEED_FORMATS.map((format) => ({path: `${feedFolder(tag)}${format.file}`, type: `${format.type}; charset=utf-8`})),
  ),
  // Its routes load on demand, and its pages and their metadata are one chunk: one entry in the runtime every page
  // loads, however many entries there are.
  routeGroup: {
    name: 'changelog',
    prefix: CHANGELOG_ROUTE,
    chunk: {test: /([\\/]docs[\\/]changelog[\\/].+\.mdx?|[\\/]site-docs-changelog-[^\\/]+\.json)$/, priority: 50, chunks: 'async'},
  },
});
