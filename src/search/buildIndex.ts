/**
 * Writes the site's search index files (see ./engine/model.ts) after the
 * local-search plugin has extracted the text of every page:
 * - search-pages-<hash>.json, the first tier: every page's title,
 *   breadcrumbs, description, keywords and headings, plus the synonyms;
 * - search-text-<context>-<hash>.json, the second tier: the body text of the
 *   pages of each search context (and of the pages outside every context).
 * The plugin's own prebuilt lunr indexes are then removed: nothing reads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {contextOfPath} from './contextPaths';
import {HeadingFlag, PageKind, indexFileNames, type HeadingRow, type PageRow, type PagesFile, type SectionRow, type SynonymRow} from './engine/model';

/** A document of the plugin's index: id, text, URL, anchor, parent page, section title, breadcrumbs. */
interface PluginDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}
type PluginIndex = Array<{documents: PluginDocument[]}>;

/** Headings that every page of a template has: they say nothing about the page. */
const TEMPLATE_HEADINGS = new Set(['before you begin', 'steps', 'check the result', 'troubleshooting', 'related pages', 'in this section']);
const TROUBLESHOOTING = /^(troubleshooting|common problems)$/i;

/** The level (2–6) and enclosing h2 of each heading anchor of a built page. */
function headingOutline(html: string): Map<string, {level: number; h2: string}> {
  const outline = new Map<string, {level: number; h2: string}>();
  let h2 = '';
  for (const match of html.matchAll(/<h([2-6])\b[^>]*?\bid=(?:"([^"]+)"|([^\s>]+))[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const level = Number(match[1]);
    const anchor = match[2] ?? match[3] ?? '';
    // Without tags, entities and the zero-width space of the heading's anchor link.
    const text = match[4]!.replace(/<[^>]+>/g, '').replace(/&[a-z#0-9]+;/gi, ' ').replace(/\u200b/g, '').trim();
    if (level === 2) h2 = text;
    outline.set(anchor, {level, h2: level === 2 ? '' : h2});
  }
  return outline;
}

function htmlFileOf(outDir: string, url: string, baseUrl: string): string {
  const relative = decodeURI(url.slice(baseUrl.length)).replace(/\/$/, '');
  return path.join(outDir, relative, 'index.html');
}

export function pageKindOf(url: string, baseUrl: string): PageKind {
  if (url === `${baseUrl}docs/`) return PageKind.Home;
  if (url.startsWith(`${baseUrl}docs/api/reference/`) && !url.endsWith('/')) return PageKind.Reference;
  return url.endsWith('/') ? PageKind.Overview : PageKind.Task;
}

export interface WriteOptions {
  outDir: string;
  baseUrl: string;
  contextPaths: readonly string[];
  synonyms: SynonymRow[];
  hash: string;
}

export function writeSearchIndex({outDir, baseUrl, contextPaths, synonyms, hash}: WriteOptions): string[] {
  const pluginFiles = fs.readdirSync(outDir).filter((name) => /^search-index(-[a-z0-9-]+)?\.json$/.test(name));
  const root = pluginFiles.find((name) => /^search-index-[0-9a-f]{8}\.json$/.test(name));
  if (!root) throw new Error(`No search-index-<hash>.json in ${outDir}: the search plugin needs hashed: 'filename'.`);
  const full = JSON.parse(fs.readFileSync(path.join(outDir, root), 'utf8')) as PluginIndex;
  if (full.length !== 5) throw new Error(`Unexpected search index layout in ${root}.`);
  const [titles, headings, descriptions, keywords, contents] = full.map((part) => part.documents) as [
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
    PluginDocument[],
  ];

  const contextIndex = (url: string) =>
    url.startsWith(baseUrl) ? contextPaths.indexOf(contextOfPath(url.slice(baseUrl.length), contextPaths)) : -1;
  const byPluginId = new Map<number, number>();
  const pages: PageRow[] = titles.map((doc, index) => {
    byPluginId.set(doc.i, index);
    return [doc.u, doc.t, doc.b ?? [], '', [], pageKindOf(doc.u, baseUrl), contextIndex(doc.u)];
  });
  for (const doc of descriptions) {
    const page = pages[byPluginId.get(doc.p ?? -1) ?? -1];
    if (page) page[3] = doc.t;
  }
  for (const doc of keywords) {
    const page = pages[byPluginId.get(doc.p ?? -1) ?? -1];
    if (page) page[4] = doc.t.split(',').map((k) => k.trim()).filter(Boolean);
  }

  const outlines = new Map<string, Map<string, {level: number; h2: string}>>();
  const outlineOf = (url: string) => {
    let outline = outlines.get(url);
    if (!outline) {
      const file = htmlFileOf(outDir, url, baseUrl);
      outline = fs.existsSync(file) ? headingOutline(fs.readFileSync(file, 'utf8')) : new Map();
      outlines.set(url, outline);
    }
    return outline;
  };
  const headingRows: HeadingRow[] = [];
  for (const doc of headings) {
    const page = byPluginId.get(doc.p ?? -1);
    if (page === undefined || !doc.h) continue;
    const place = outlineOf(doc.u).get(doc.h.slice(1));
    let flags = 0;
    if (TEMPLATE_HEADINGS.has(doc.t.trim().toLowerCase())) flags |= HeadingFlag.Template;
    if (place && place.level > 2 && TROUBLESHOOTING.test(place.h2)) flags |= HeadingFlag.Troubleshooting;
    headingRows.push([page, doc.t, doc.h, flags]);
  }

  const sectionsByContext = new Map<string, SectionRow[]>(['', ...contextPaths].map((c) => [c, []]));
  for (const doc of contents) {
    const page = byPluginId.get(doc.p ?? -1);
    if (page === undefined || !doc.t.trim()) continue;
    const context = contextPaths[pages[page]![6]] ?? '';
    sectionsByContext.get(context)!.push([page, doc.h ?? '', doc.s ?? '', doc.t]);
  }

  const written: string[] = [];
  const write = (name: string, value: unknown) => {
    fs.writeFileSync(path.join(outDir, name), JSON.stringify(value));
    written.push(name);
  };
  const pagesFile: PagesFile = {version: 1, contexts: [...contextPaths], pages, headings: headingRows, synonyms};
  write(indexFileNames.pages(hash), pagesFile);
  for (const [context, rows] of sectionsByContext) write(indexFileNames.text(context, hash), rows);

  for (const name of pluginFiles) fs.rmSync(path.join(outDir, name));
  return written;
}
