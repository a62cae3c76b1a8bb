/**
 * Turns the engine's hits into the result objects that the local-search
 * plugin's templates render (its search box suggestions and, through
 * src/plugins/search/theme/SearchPage, the results page): one result per page, pointing at
 * the page, or at the heading or section that answers the query.
 */
import {stem, words} from './text';
import type {Hit, SearchEngine} from './engine';
import {PageKind} from './model';
import type {Page} from './types';
import {sectionOf} from '../section';

/** The plugin's document types. */
export const ResultType = {Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4} as const;

export interface ResultDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}

export interface SearchResult {
  document: ResultDocument;
  type: number;
  page: ResultDocument | undefined;
  metadata: Record<string, {t: {position: Array<[number, number]>}}>;
  /** Words to highlight, lower case, longest first (the plugin's convention). */
  tokens: string[];
  /** Where this result stands (1: first); the box and the results page both show it in this order. */
  rank: number;
  /** A passage for the results page: the section's text, or the page's description. */
  summary: {text: string; positions: Array<[number, number]>};
  /** What kind of page it is, as the results show it: "Guide", "Changelog", or an API operation's method. */
  mark: ResultMark;
}

export interface ResultMark {
  label: string;
  /** `guide`, `api`, `news` or `home`, for the mark's style; an API operation also has its method. */
  kind: 'guide' | 'api' | 'news' | 'home';
  method?: string;
}

const METHOD = /^(GET|POST|PUT|PATCH|DELETE) \//;

/** The mark of a page: an API operation by its method (its description starts with it), a changelog entry, or a guide. */
export function markOf(page: Pick<Page, 'kind' | 'description'>): ResultMark {
  if (page.kind === PageKind.Reference) {
    const method = METHOD.exec(page.description)?.[1];
    return method ? {label: method, kind: 'api', method} : {label: 'API', kind: 'api'};
  }
  if (page.kind === PageKind.News) return {label: 'Changelog', kind: 'news'};
  if (page.kind === PageKind.Home) return {label: 'Home', kind: 'home'};
  return {label: 'Guide', kind: 'guide'};
}

function positionsOf(metadata: SearchResult['metadata']): Array<[number, number]> {
  return Object.values(metadata).flatMap((m) => m.t.position);
}

/** Ids of result documents, unique across kinds (the results page keys its list by them). */
const HEADING_ID = 1_000_000;
const SECTION_ID = 2_000_000;

function highlight(text: string, matched: Set<string>, tokens: Set<string>) {
  const metadata: SearchResult['metadata'] = {};
  for (const {word, start, end} of words(text)) {
    const s = stem(word);
    if (!matched.has(s)) continue;
    tokens.add(word);
    (metadata[s] ??= {t: {position: []}}).t.position.push([start, end - start]);
  }
  return metadata;
}

export function toResults(engine: SearchEngine, hits: Hit[]): SearchResult[] {
  return hits.map((hit, index) => {
    const page = engine.pages[hit.page]!;
    const pageDocument: ResultDocument = {i: hit.page, t: page.title, u: page.url, b: page.breadcrumbs};
    const tokens = new Set<string>();
    let result: Omit<SearchResult, 'tokens' | 'rank' | 'summary' | 'mark'>;
    if (hit.target.kind === 'heading') {
      const heading = engine.headings[hit.target.heading]!;
      result = {
        document: {i: HEADING_ID + hit.target.heading, t: heading.text, u: page.url, h: heading.anchor, p: hit.page},
        type: ResultType.Heading,
        page: pageDocument,
        metadata: highlight(heading.text, hit.matched, tokens),
      };
    } else if (hit.target.kind === 'text') {
      const section = engine.sections[hit.target.section]!;
      result = {
        document: {
          i: SECTION_ID + hit.target.section,
          t: section.text,
          s: section.title || page.title,
          u: page.url,
          h: section.anchor,
          p: hit.page,
        },
        type: ResultType.Content,
        page: pageDocument,
        metadata: highlight(section.text, hit.matched, tokens),
      };
    } else {
      result = {document: pageDocument, type: ResultType.Title, page: undefined, metadata: highlight(page.title, hit.matched, tokens)};
    }
    // The plugin's templates expect at least one position in the shown text;
    // an empty one marks nothing (the page matched by its keywords, say).
    if (Object.keys(result.metadata).length === 0) result.metadata[''] = {t: {position: [[0, 0]]}};
    // The title's matched words too, so the target page highlights what made it match.
    highlight(page.title, hit.matched, tokens);
    let summaryText = page.description;
    if (hit.target.kind === 'text') summaryText = engine.sections[hit.target.section]!.text;
    else if (hit.target.kind === 'heading') {
      const anchor = engine.headings[hit.target.heading]!.anchor;
      const section = page.sections.map((id) => engine.sections[id]!).find((x) => x.anchor === anchor);
      if (section) summaryText = section.text;
    }
    const summary = {text: summaryText, positions: positionsOf(highlight(summaryText, hit.matched, tokens))};
    return {...result, tokens: [...tokens].sort((a, b) => b.length - a.length), rank: index + 1, summary, mark: markOf(page)};
  });
}

/**
 * Results grouped by section, each group where its best result stood, the
 * engine's order kept inside a group, and ranked again: a section's name then
 * heads one group only, however the engine interleaved them.
 */
export function groupBySection<T extends Pick<SearchResult, 'document' | 'page' | 'rank'>>(results: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const result of results) {
    const key = sectionOf(result);
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  return [...groups.values()].flat().map((result, index) => ({...result, rank: index + 1}));
}
