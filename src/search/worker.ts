/**
 * Search worker: replaces the local-search plugin's worker (see ./plugin.ts).
 *
 * Two tiers keep the first search small:
 * - "quick" (the navbar search box): the titles, headings, descriptions and
 *   keywords of every page (search-lite-*.json) plus the full text of the
 *   reader's own section (search-text-<section>-*.json). The best page of any
 *   section still comes first, and the download stays far below the full index.
 *   Only documents are shipped; the indexes are built here, off the main thread.
 * - "full" (the /search page): the plugin's prebuilt index of the chosen
 *   context, or of the whole documentation.
 * Searching and ranking are the plugin's own (its query and sorting helpers).
 */
import * as Comlink from 'comlink';
import lunr from 'lunr';
import {searchIndexUrl, language} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants';
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import {contextPart} from './contextPaths';

export type SearchMode = 'quick' | 'full';

interface SearchDocument {
  i: number;
  t: string;
  u: string;
  h?: string;
  p?: number;
  s?: string;
  b?: string[];
}

interface WrappedIndex {
  type: number;
  documents: SearchDocument[];
  byId: Map<number, SearchDocument>;
  index: lunr.Index;
}

/** Document types, in the plugin's order: Title, Heading, Description, Keywords, Content. */
const CONTENT = 4;

/** Same-origin URL of one of the index files written by src/search/splitIndex.ts or the plugin. */
export function indexFileUrl(baseUrl: string, kind: 'index' | 'lite' | 'text', searchContext: string): string {
  const name =
    kind === 'index'
      ? searchIndexUrl.replace('{dir}', contextPart(searchContext))
      : searchIndexUrl.replace('search-index{dir}', kind === 'lite' ? 'search-lite' : `search-text${contextPart(searchContext)}`);
  const url = new URL(`${baseUrl}${name}`, self.location.origin);
  if (url.origin !== self.location.origin) {
    throw new Error('Search indexes must come from this site.');
  }
  return url.href;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the search index (${response.status}).`);
  return (await response.json()) as T;
}

function wrap(type: number, documents: SearchDocument[], index: lunr.Index): WrappedIndex {
  return {type, documents, byId: new Map(documents.map((doc) => [doc.i, doc])), index};
}

/** Builds an index exactly as the plugin does at build time (ref "i", field "t", positions kept for highlighting). */
function buildIndex(type: number, documents: SearchDocument[]): WrappedIndex {
  const index = lunr(function () {
    this.ref('i');
    this.field('t');
    this.metadataWhitelist = ['position'];
    for (const doc of documents) this.add({...doc, i: String(doc.i)});
  });
  return wrap(type, documents, index);
}

const cache = new Map<string, Promise<WrappedIndex[]>>();
function cached(key: string, load: () => Promise<WrappedIndex[]>): Promise<WrappedIndex[]> {
  let promise = cache.get(key);
  if (!promise) {
    promise = load();
    // A failed download may succeed on the next search.
    promise.catch(() => cache.delete(key));
    cache.set(key, promise);
  }
  return promise;
}

function loadLite(baseUrl: string): Promise<WrappedIndex[]> {
  return cached(`${baseUrl}|lite`, async () => {
    const lite = await fetchJson<SearchDocument[][]>(indexFileUrl(baseUrl, 'lite', ''));
    return lite.map((documents, type) => buildIndex(type, documents));
  });
}

function loadText(baseUrl: string, searchContext: string): Promise<WrappedIndex[]> {
  return cached(`${baseUrl}|text|${searchContext}`, async () => {
    const documents = await fetchJson<SearchDocument[]>(indexFileUrl(baseUrl, 'text', searchContext));
    return [buildIndex(CONTENT, documents)];
  });
}

function loadFull(baseUrl: string, searchContext: string): Promise<WrappedIndex[]> {
  return cached(`${baseUrl}|full|${searchContext}`, async () => {
    const json = await fetchJson<Array<{documents: SearchDocument[]; index: unknown}>>(
      indexFileUrl(baseUrl, 'index', searchContext),
    );
    return json.map(({documents, index}, type) => wrap(type, documents, lunr.Index.load(index)));
  });
}

async function load(baseUrl: string, searchContext: string, mode: SearchMode): Promise<WrappedIndex[]> {
  if (mode === 'full') return loadFull(baseUrl, searchContext);
  const [lite, text] = await Promise.all([loadLite(baseUrl), loadText(baseUrl, searchContext)]);
  return [...lite, ...text];
}

export class SearchWorker {
  async fetchIndexes(baseUrl: string, searchContext: string, mode: SearchMode): Promise<void> {
    await load(baseUrl, searchContext, mode);
  }

  async search(baseUrl: string, searchContext: string, input: string, limit: number, mode: SearchMode) {
    const rawTokens = tokenize(input, language);
    if (rawTokens.length === 0) return [];
    const wrappedIndexes = await load(baseUrl, searchContext, mode);
    const pages = wrappedIndexes[0]!.byId;
    const results: Array<{
      document: SearchDocument;
      type: number;
      page: SearchDocument | false | undefined;
      metadata: lunr.MatchData['metadata'];
      tokens: string[];
      score: number;
    }> = [];
    const seen = new Set<string>();
    search: for (const {term, tokens} of smartQueries(rawTokens, [])) {
      for (const {documents, byId, index, type} of wrappedIndexes) {
        if (documents.length === 0) continue;
        const matches = index
          .query((query) => {
            for (const item of term) {
              query.term(item.value, {
                wildcard: item.wildcard,
                presence: item.presence,
                ...(item.editDistance ? {editDistance: item.editDistance} : null),
              });
            }
          })
          .slice(0, limit);
        for (const match of matches) {
          if (results.length >= limit) break search;
          if (seen.has(match.ref)) continue;
          const document = byId.get(Number(match.ref));
          if (!document) continue;
          seen.add(match.ref);
          results.push({
            document,
            type,
            page: type !== 0 && document.p !== undefined && pages.get(document.p),
            metadata: match.matchData.metadata,
            tokens,
            score: match.score,
          });
        }
        if (results.length >= limit) break search;
      }
    }
    sortSearchResults(results);
    processTreeStatusOfSearchResults(results);
    return results;
  }
}

Comlink.expose(SearchWorker);
