/**
 * Writes the site's search index files (see ./engine/model.ts) after the
 * local-search plugin has extracted the text of every page:
 * - search-pages-<hash>.json, the first tier: every page's title,
 *   breadcrumbs, description, keywords and headings, plus the synonyms;
 * - search-text-<context>-<hash>.json, the second tier: the body text of the
 *   pages of each search context (and of the pages outside every context).
 * The plugin's text extraction is used as it is (src/plugins/search/plugin.ts); its own
 * lunr indexes are never built: nothing would read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {contextOfPath} from './client/contextPaths';
import {TROUBLESHOOTING_SECTION} from '../../utils/markdownHeadings';
import {
  HeadingFlag,
  PageKind,
  anchorOf,
  indexFileNames,
  type HeadingRow,
  type PageRow,
  type PagesFile,
  type SectionRow,
  type SynonymRow,
} from './client/engine/model';

/** A document of the plugin's extraction: id, text, URL, anchor, parent page, section title, breadcrumbs. */
export interface PluginDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}

/** Headings that every page of a template has (guides and API reference): they say nothing about the page. */
const TEMPLATE_HEADINGS = new Set([
  'before you begin',
  'steps',
  'check the result',
  'troubleshooting',
  'related pages',
  'in this section',
  'request',
  'path parameters',
  'query parameters',
  'headers',
  'body',
  'example request',
  'responses',
  'errors',
  'pagination',
  'rate limits',
  'guides that use it',
  'try it',
]);
/** The API console's section of every reference page: the same words on 169 pages, about the console, not the operation. */
const CONSOLE_SECTION = '#try-it';
/** "201 Created", "404 Not Found": status headings of the API reference. */
const STATUS_HEADING = /^[1-5]\d\d\s+[A-Z]/;

export function pageKindOf(url: string, baseUrl: string): PageKind {
  if (url === `${baseUrl}docs/`) return PageKind.Home;
  if (url.startsWith(`${baseUrl}docs/api/reference/`) && !url.endsWith('/')) return PageKind.Reference;
  if (url.startsWith(`${baseUrl}docs/changelog/`) && !url.endsWith('/')) return PageKind.News;
  return url.endsWith('/') ? PageKind.Overview : PageKind.Task;
}

export interface WriteOptions {
  outDir: string;
  baseUrl: string;
  contextPaths: readonly string[];
  synonyms: SynonymRow[];
  hash: string;
  /** The plugin's extraction: its documents by type (title, heading, description, keywords, content). */
  documents: PluginDocument[][];
  /** Each docs page's headings by anchor, by the page's URL: their level and the h2 they are under (from the Markdown). */
  outlines: ReadonlyMap<string, ReadonlyMap<string, {level: number; h2: string}>>;
}

/**
 * A page's breadcrumbs as results show them, before its title: the sidebar's,
 * without a segment that repeats the one before it, and without the page's own
 * title at the end (a section page's sidebar breadcrumb ends with itself), so
 * that no result reads "Servers › Servers".
 */
export function breadcrumbsOf(doc: Pick<PluginDocument, 't' | 'b'>): string[] {
  const crumbs = (doc.b ?? []).filter((crumb, i, all) => crumb !== all[i - 1]);
  if (crumbs.at(-1) === doc.t) crumbs.pop();
  return crumbs;
}

export function writeSearchIndex({outDir, baseUrl, contextPaths, synonyms, hash, documents, outlines}: WriteOptions): string[] {
  if (documents.length !== 5) throw new Error("Unexpected layout of the search plugin's documents.");
  const [titles, headings, descriptions, keywords, contents] = documents as [
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
  ];

  const contextIndex = (url: string) => (url.startsWith(baseUrl) ? contextPaths.indexOf(contextOfPath(url.slice(baseUrl.length), contextPaths)) : -1);
  const byPluginId = new Map<number, number>();
  const pages: PageRow[] = titles.map((doc, index) => {
    byPluginId.set(doc.i, index);
    return [doc.u, doc.t, breadcrumbsOf(doc), '', [], pageKindOf(doc.u, baseUrl), contextIndex(doc.u)];
  });
  for (const doc of descriptions) {
    const page = pages[byPluginId.get(doc.p ?? -1) ?? -1];
    if (page) page[3] = doc.t;
  }
  for (const doc of keywords) {
    const page = pages[byPluginId.get(doc.p ?? -1) ?? -1];
    if (page)
      page[4] = doc.t
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
  }

  const headingRows: HeadingRow[] = [];
  for (const doc of headings) {
    const page = byPluginId.get(doc.p ?? -1);
    if (page === undefined || !doc.h) continue;
    const place = outlines.get(doc.u)?.get(doc.h.slice(1));
    // Template headings never rank and never point anywhere: they stay out of the file.
    if (TEMPLATE_HEADINGS.has(doc.t.trim().toLowerCase()) || STATUS_HEADING.test(doc.t.trim())) continue;
    let flags = 0;
    if (place && place.level > 2 && TROUBLESHOOTING_SECTION.test(place.h2)) flags |= HeadingFlag.Troubleshooting;
    headingRows.push(anchorOf(doc.t) === doc.h ? [page, doc.t, flags] : [page, doc.t, flags, doc.h]);
  }

  const sectionsByContext = new Map<string, SectionRow[]>(['', ...contextPaths].map((c) => [c, []]));
  for (const doc of contents) {
    const page = byPluginId.get(doc.p ?? -1);
    if (page === undefined || !doc.t.trim() || doc.h === CONSOLE_SECTION) continue;
    const context = contextPaths[pages[page]![6]] ?? '';
    sectionsByContext.get(context)!.push([page, doc.h ?? '', doc.s ?? '', doc.t]);
  }

  const written: string[] = [];
  const write = (name: string, value: unknown) => {
    fs.writeFileSync(path.join(outDir, name), JSON.stringify(value));
    written.push(name);
  };
  const pagesFile: PagesFile = {version: 2, contexts: [...contextPaths], pages, headings: headingRows, synonyms};
  write(indexFileNames.pages(hash), pagesFile);
  for (const [context, rows] of sectionsByContext) write(indexFileNames.text(context, hash), rows);
  return written;
}
