/**
 * Replaces the local-search plugin's `searchByWorker` module (see ./plugin.ts)
 * with the same two functions for its search box, backed by ./worker.ts; the
 * results page (src/theme/SearchPage) uses `getSearchWorker` directly.
 *
 * The search box searches the whole site from any page. On first focus it
 * loads the first tier (every page's title, description, keywords and
 * headings) and shows results from it; the body text follows in the
 * background, the reader's own section first.
 */
import type * as Comlink from 'comlink';
import {searchContextByPaths} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated';
import type {SearchWorker} from './worker';
import {loadSearchTemplates} from './lazyTemplates';
import {contextOfPath} from './contextPaths';

let remoteWorker: Promise<Comlink.Remote<SearchWorker>> | undefined;

export function getSearchWorker(): Promise<Comlink.Remote<SearchWorker>> {
  remoteWorker ??= (async () => {
    // Loaded with the first search, not with every page.
    const {wrap} = await import('comlink');
    const Remote = wrap<typeof SearchWorker>(new Worker(new URL('./worker.ts', import.meta.url)));
    return await new Remote();
  })();
  return remoteWorker;
}

/** The search context of the page the reader is on (the address is always current). */
export function contextOfPage(baseUrl: string): string {
  const {pathname} = window.location;
  if (!pathname.startsWith(baseUrl)) return '';
  const paths = (searchContextByPaths ?? []).map((item) => (typeof item === 'string' ? item : item.path));
  return contextOfPath(pathname.slice(baseUrl.length), paths);
}

export async function fetchIndexesByWorker(baseUrl: string, _searchContext: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  const worker = await getSearchWorker();
  await Promise.all([loadSearchTemplates(), worker.loadPages(baseUrl)]);
  // The text of the reader's own section first, then of the rest of the site, while the reader types.
  void worker.loadAll(baseUrl, contextOfPage(baseUrl)).catch(() => undefined);
}

export async function searchByWorker(baseUrl: string, _searchContext: string, input: string, limit: number) {
  if (process.env.NODE_ENV !== 'production') return [];
  const worker = await getSearchWorker();
  // A word followed by a space is finished; the last word otherwise may still grow.
  const {results} = await worker.search(baseUrl, input, {limit, typing: !/\s$/.test(input)});
  return results;
}
