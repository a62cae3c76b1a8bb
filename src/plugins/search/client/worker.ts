/**
 * Search worker: replaces the local-search plugin's worker (see ./plugin.ts)
 * and runs the site's own engine (./engine) off the main thread.
 *
 * Two tiers keep the first search small and the whole site searchable:
 * - first tier: search-pages-*.json (every page's title, description,
 *   keywords and headings), enough for the first results;
 * - then, in the background, the body text of each section, the reader's
 *   own first, one file at a time, so a search can run between two files.
 * The search box and the results page ask the same engine, so they rank alike.
 */
import * as Comlink from 'comlink';
import {SearchEngine} from './engine/engine';
import {indexFileNames, type PagesFile, type TextFile} from './engine/model';
import {groupBySection, toResults, type SearchResult} from './engine/results';
import {contextOfPath} from './contextPaths';

const hash = process.env.LAUNCHDECK_SEARCH_HASH ?? '';
/** Sections of body text indexed at a time (a few milliseconds of work). */
const SLICE = 40;

export interface WorkerSearchOptions {
  limit: number;
  /** Only results in this search context ("docs/servers"); "" for everywhere. */
  context?: string;
  /** The reader is still typing the last word. */
  typing?: boolean;
  /** Results grouped by section (the search box shows a section's name once, above its group). */
  grouped?: boolean;
}

export interface WorkerSearchResponse {
  results: SearchResult[];
  /** No page holds every meaningful word: the results match some of them. */
  partial: boolean;
  /** The body text of every section has been searched. */
  complete: boolean;
}

export interface LoadProgress {
  loaded: number;
  total: number;
}

/** Same-origin URL of one index file. */
export function indexFileUrl(baseUrl: string, name: string): string {
  const url = new URL(`${baseUrl}${name}`, self.location.origin);
  if (url.origin !== self.location.origin) throw new Error('Search indexes must come from this site.');
  return url.href;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the search index (${response.status}).`);
  return (await response.json()) as T;
}

let engine: Promise<SearchEngine> | undefined;
const texts = new Map<string, Promise<void>>();
let everything: Promise<void> | undefined;

function loadPages(baseUrl: string): Promise<SearchEngine> {
  if (!engine) {
    engine = fetchJson<PagesFile>(indexFileUrl(baseUrl, indexFileNames.pages(hash))).then((file) => new SearchEngine(file));
    // A failed download may succeed on the next search.
    engine.catch(() => (engine = undefined));
  }
  return engine;
}

function loadText(baseUrl: string, context: string): Promise<void> {
  let promise = texts.get(context);
  if (!promise) {
    promise = (async () => {
      const [search, rows] = await Promise.all([loadPages(baseUrl), fetchJson<TextFile>(indexFileUrl(baseUrl, indexFileNames.text(context, hash)))]);
      // In slices: a search that arrives meanwhile runs between two slices.
      for (let i = 0; i < rows.length; i += SLICE) {
        search.addSections(rows.slice(i, i + SLICE));
        if (i + SLICE < rows.length) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      search.finishText(context);
    })();
    promise.catch(() => texts.delete(context));
    texts.set(context, promise);
  }
  return promise;
}

function allContexts(search: SearchEngine): string[] {
  return ['', ...search.contextList];
}

export class SearchWorker {
  /** The first tier: every page's title, description, keywords and headings. Returns each search context's label. */
  async loadPages(baseUrl: string): Promise<Record<string, string>> {
    return (await loadPages(baseUrl)).contextLabels(baseUrl);
  }

  /** The first tier and the text of one context (the results page starts with this). */
  async loadFirstTier(baseUrl: string, context: string): Promise<LoadProgress> {
    await loadText(baseUrl, context);
    return this.progress(baseUrl);
  }

  /** The text of one more context (the next not yet loaded when none is named). */
  async loadNext(baseUrl: string, preferred?: string): Promise<LoadProgress> {
    const search = await loadPages(baseUrl);
    const next = [preferred ?? '', ...allContexts(search)].find((c) => c !== undefined && !texts.has(c));
    if (next !== undefined) await loadText(baseUrl, next);
    return this.progress(baseUrl);
  }

  /**
   * All the text, one context at a time, the context of the reader's page first (`page`: its path without the base
   * URL; the first tier lists the contexts, so the pages need not), while searches run between two files.
   */
  loadAll(baseUrl: string, page = ''): Promise<void> {
    everything ??= (async () => {
      const search = await loadPages(baseUrl);
      for (const context of [contextOfPath(page, search.contextList), ...allContexts(search)]) await loadText(baseUrl, context);
    })().catch((error: unknown) => {
      everything = undefined;
      throw error;
    });
    return everything;
  }

  async progress(baseUrl: string): Promise<LoadProgress> {
    const search = await loadPages(baseUrl);
    const all = allContexts(search);
    return {loaded: all.filter((c) => search.hasText(c)).length, total: all.length};
  }

  async search(baseUrl: string, query: string, options: WorkerSearchOptions): Promise<WorkerSearchResponse> {
    const search = await loadPages(baseUrl);
    const {hits, partial} = search.search(query, {
      limit: Math.max(1, Math.min(options.limit, 100)),
      context: options.context || undefined,
      typing: options.typing ?? false,
    });
    const complete = allContexts(search).every((c) => search.hasText(c));
    const results = toResults(search, hits);
    return {results: options.grouped ? groupBySection(results) : results, partial, complete};
  }
}

Comlink.expose(SearchWorker);

// The first tier is what every search needs first: start downloading it as
// soon as the worker starts, while the page finishes connecting to it.
if (process.env.NODE_ENV === 'production' && process.env.LAUNCHDECK_BASE_URL) {
  loadPages(process.env.LAUNCHDECK_BASE_URL).catch(() => undefined);
}
