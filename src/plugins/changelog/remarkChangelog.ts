/**
 * The changelog's pages, at build time (writer's reference, "Changelog entry
 * template"):
 * - an entry (docs/changelog/YYYY-MM-DD-<name>.md) gets, under its title, its
 *   date and tags (each a link to its tag page) and the sections it touches;
 * - `::changelog` (every entry) and `::changelog{tag="api"}` (one tag's) become
 *   a toolbar (a filter by tag, whose chips are the tag pages, and Subscribe
 *   with the page's three feeds: plain HTML, no JavaScript) and the list
 *   of entries, newest first, each with its date, title, tags and one-line
 *   summary (its description);
 * - the changelog's pages announce their feeds with <link rel="alternate">
 *   (in an MDX <head>, which Docusaurus moves into the page's head): the
 *   whole changelog's on every page of it, and a tag page's own first.
 * The links are relative Markdown links to files, so Docusaurus resolves and
 * checks them like any other. Runs before Docusaurus's own remark plugins.
 */
import path from 'node:path';
import {CHANGELOG_DIR, CHANGELOG_TAGS, ENTRY_FILE, formatDate, readEntries, readEntry, type ChangelogEntry, type ChangelogTag} from './entries';
import {FEED_FORMATS, feedLinks} from './feeds';
import {siteModel} from '../../utils/siteModel';
import {docSourceExists} from '../../utils/docsSource';

export interface Options {
  /** The docs folder, relative to the site ("docs"). */
  docsDir: string;
  /** The site's URL (urls.site): feed addresses are absolute. */
  siteUrl: string;
  /** Whether lists get the toolbar (filter and Subscribe); the Markdown for readers' tools leaves it out. Default true. */
  toolbar?: boolean;
  /** The title of a section's page (`servers` → "Servers"); by default from the site model of the loaded docs. */
  sectionTitle?: (section: string) => string | undefined;
}

/** A section's title from the site model (src/utils/siteModel.ts): its index page's. */
const modelSectionTitle = (section: string): string | undefined => siteModel().pageOfFile(`${section}/index.md`)?.title;

interface Node {
  type: string;
  name?: string;
  value?: string;
  url?: string;
  attributes?: Record<string, string | undefined> | Array<{type: string; name: string; value: string}>;
  children?: Node[];
  data?: {hName?: string; hProperties?: Record<string, unknown>};
  ordered?: boolean;
  spread?: boolean;
}

/** The short label of each tag, as entries show it. */
export const TAG_LABELS: Record<ChangelogTag, string> = {
  feature: 'Feature',
  improvement: 'Improvement',
  fix: 'Fix',
  api: 'API',
  breaking: 'Breaking',
  deprecation: 'Deprecation',
};

const text = (value: string): Node => ({type: 'text', value});
const link = (url: string, label: string): Node => ({type: 'link', url, children: [text(label)]});
const time = (date: string): Node => ({
  type: 'mdxJsxTextElement',
  name: 'time',
  attributes: [{type: 'mdxJsxAttribute', name: 'dateTime', value: date}],
  children: [text(formatDate(date))],
});
const withClass = (node: Node, className: string): Node => ({...node, data: {...node.data, hProperties: {className}}});

/** A relative link from the page `from` (path under docs/) to the page `to`. */
const relativeLink = (from: string, to: string): string => {
  const rel = path.posix.relative(path.posix.dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
};
const tagPage = (tag: ChangelogTag) => `${CHANGELOG_DIR}/tags/${tag}.md`;

/** "Feature · API", each a link to its tag page. */
function tagLinks(page: string, tags: ChangelogTag[]): Node[] {
  return tags.flatMap((tag, i) => {
    const badge = withClass(link(relativeLink(page, tagPage(tag)), TAG_LABELS[tag]), `ld-changelog-tag ld-changelog-tag--${tag}`);
    return i ? [text(' '), badge] : [badge];
  });
}

function entryHeader(page: string, entry: ChangelogEntry, sectionTitle: (section: string) => string | undefined): Node {
  const sections = entry.sections.flatMap((section, i) => {
    const title = sectionTitle(section) ?? section;
    const to = link(relativeLink(page, `${section}/index.md`), title);
    return i ? [text(', '), to] : [to];
  });
  return withClass(
    {type: 'paragraph', children: [time(entry.date), text(' '), ...tagLinks(page, entry.tags), text(' · Changes: '), ...sections]},
    'ld-changelog-meta',
  );
}

const jsx = (name: string, attributes: Record<string, string>, children: Node[], flow = true): Node => ({
  type: flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children,
});

/** The filter (All and a chip per tag, each a page; the current one marked) and the Subscribe menu with this page's feeds. */
function toolbar(page: string, tag: ChangelogTag | undefined, siteUrl: string): Node {
  const chip = (to: string, label: string, current: boolean): Node => {
    const a = link(relativeLink(page, to), label);
    a.data = {
      hProperties: {
        className: `ld-changelog-filter__chip${current ? ' ld-changelog-filter__chip--current' : ''}`,
        ...(current ? {'aria-current': 'page'} : {}),
      },
    };
    return jsx('li', {}, [a]);
  };
  const chips = [
    chip(`${CHANGELOG_DIR}/index.md`, 'All', tag === undefined),
    ...(Object.keys(CHANGELOG_TAGS) as ChangelogTag[]).map((t) => chip(tagPage(t), TAG_LABELS[t], t === tag)),
  ];
  // Absolute: the address a feed reader takes (and outside the broken-link check, which runs before the feeds are written).
  const feeds = feedLinks(siteUrl, tag).map((feed, i) =>
    jsx('li', {}, [jsx('a', {className: 'ld-subscribe__item', href: feed.url, type: feed.type}, [text(FEED_FORMATS[i]!.label)], false)]),
  );
  return jsx('div', {className: 'ld-changelog-toolbar'}, [
    jsx('nav', {className: 'ld-changelog-filter', 'aria-label': 'Filter the changes by tag'}, [jsx('ul', {}, chips)]),
    jsx(
      'div',
      {className: 'ld-subscribe', role: 'group', 'aria-label': tag ? `Subscribe to ${CHANGELOG_TAGS[tag].toLowerCase()}` : 'Subscribe to the changelog'},
      [jsx('span', {className: 'ld-subscribe__label', 'aria-hidden': 'true'}, [text('Subscribe')], false), jsx('ul', {className: 'ld-subscribe__menu'}, feeds)],
    ),
  ]);
}

function entryList(page: string, entries: ChangelogEntry[], tag: ChangelogTag | undefined, siteUrl: string | undefined): Node[] {
  const bar = siteUrl === undefined ? [] : [toolbar(page, tag, siteUrl)];
  const shown = tag ? entries.filter((e) => e.tags.includes(tag)) : entries;
  if (!shown.length) return [...bar, {type: 'paragraph', children: [text(`No ${CHANGELOG_TAGS[tag!].toLowerCase()} yet.`)]}];
  return [
    ...bar,
    withClass(
      {
        type: 'list',
        ordered: false,
        // Loose: each line of an item is its own paragraph, with its own class.
        spread: true,
        children: shown.map((entry) => ({
          type: 'listItem',
          spread: true,
          children: [
            withClass({type: 'paragraph', children: [time(entry.date)]}, 'ld-changelog-list__date'),
            withClass(
              {type: 'paragraph', children: [{type: 'strong', children: [link(relativeLink(page, entry.file), entry.title)]}]},
              'ld-changelog-list__title',
            ),
            withClass({type: 'paragraph', children: tagLinks(page, entry.tags)}, 'ld-changelog-meta'),
            withClass({type: 'paragraph', children: [text(entry.description)]}, 'ld-changelog-list__summary'),
          ],
        })),
      },
      'ld-changelog-list',
    ),
  ];
}

/** An MDX <head> with the <link rel="alternate"> of each feed. */
function feedHead(siteUrl: string, tag: ChangelogTag | undefined): Node {
  const links = [...(tag ? feedLinks(siteUrl, tag) : []), ...feedLinks(siteUrl)];
  return {
    type: 'mdxJsxFlowElement',
    name: 'head',
    attributes: [],
    children: links.map((feed) => ({
      type: 'mdxJsxFlowElement',
      name: 'link',
      attributes: [
        {type: 'mdxJsxAttribute', name: 'rel', value: 'alternate'},
        {type: 'mdxJsxAttribute', name: 'type', value: feed.type},
        {type: 'mdxJsxAttribute', name: 'title', value: feed.title},
        {type: 'mdxJsxAttribute', name: 'href', value: feed.url},
      ],
      children: [],
    })),
  };
}

const directiveTag = (node: Node): ChangelogTag | undefined => {
  const tag = (node.attributes as Record<string, string | undefined> | undefined)?.tag;
  if (tag === undefined) return undefined;
  if (!(tag in CHANGELOG_TAGS)) throw new Error(`::changelog{tag="${tag}"}: unknown tag (the tags are: ${Object.keys(CHANGELOG_TAGS).join(', ')})`);
  return tag as ChangelogTag;
};

export default function remarkChangelog(options: Options) {
  return (tree: Node, file: {path?: string; cwd?: string}): void => {
    if (!file.path) return;
    const docsDir = path.resolve(file.cwd ?? process.cwd(), options.docsDir);
    const page = path.relative(docsDir, file.path).split(path.sep).join('/');
    const inChangelog = page.startsWith(`${CHANGELOG_DIR}/`);
    let entries: ChangelogEntry[] | undefined;
    let headTag: ChangelogTag | undefined;
    let hasList = false;
    const children = tree.children ?? [];
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (node.type !== 'leafDirective' || node.name !== 'changelog') continue;
      const tag = directiveTag(node);
      entries ??= readEntries(docsDir);
      const list = entryList(page, entries, tag, options.toolbar === false ? undefined : options.siteUrl);
      children.splice(i, 1, ...list);
      i += list.length - 1;
      headTag ??= tag;
      hasList = true;
    }
    const isEntry = inChangelog && ENTRY_FILE.test(path.posix.basename(page)) && docSourceExists(docsDir, page);
    if (!inChangelog && !hasList) return;
    const top: Node[] = [feedHead(options.siteUrl, headTag)];
    if (isEntry) {
      const {entry, problems} = readEntry(docsDir, page);
      if (problems.length) throw new Error(`docs/${page}: ${problems.join('; ')}`);
      top.push(entryHeader(page, entry, options.sectionTitle ?? modelSectionTitle));
    }
    // After the imports (MDX requires them first, by convention).
    let at = 0;
    while (at < children.length && children[at].type === 'mdxjsEsm') at++;
    children.splice(at, 0, ...top);
    tree.children = children;
  };
}
