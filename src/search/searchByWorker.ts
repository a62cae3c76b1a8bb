/**
 * Replaces the local-search plugin's `searchByWorker` module (see ./plugin.ts)
 * with the same two functions, backed by ./worker.ts. The navbar search box
 * uses the small "quick" tier; the /search page uses the full index.
 */
import type * as Comlink from 'comlink';
import {searchContextByPaths} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated';
import type {SearchMode, SearchWorker} from './worker';
import {loadSearchTemplates} from './lazyTemplates';
import {contextOfPath} from './contextPaths';

let remoteWorker: Promise<Comlink.Remote<SearchWorker>> | undefined;

function getRemoteWorker(): Promise<Comlink.Remote<SearchWorker>> {
  remoteWorker ??= (async () => {
    // Loaded with the first search, not with every page.
    const {wrap} = await import('comlink');
    const Remote = wrap<typeof SearchWorker>(new Worker(new URL('./worker.ts', import.meta.url)));
    return await new Remote();
  })();
  return remoteWorker;
}

/** The results page searches everything; the search box searches titles everywhere and text in the current section. */
function modeFor(baseUrl: string): SearchMode {
  return window.location.pathname.replace(/\/$/, '') === `${baseUrl}search` ? 'full' : 'quick';
}

/**
 * The quick tier follows the page the reader is on. The plugin's search box
 * works its context out in an effect after mounting, so its first call can
 * still carry the empty context; the address is always current.
 */
function quickContext(baseUrl: string): string {
  const {pathname} = window.location;
  if (!pathname.startsWith(baseUrl)) return '';
  const paths = (searchContextByPaths ?? []).map((item) => (typeof item === 'string' ? item : item.path));
  return contextOfPath(pathname.slice(baseUrl.length), paths);
}

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  const worker = await getRemoteWorker();
  const mode = modeFor(baseUrl);
  await Promise.all([
    loadSearchTemplates(),
    worker.fetchIndexes(baseUrl, mode === 'quick' ? quickContext(baseUrl) : searchContext, mode),
  ]);
}

export async function searchByWorker(baseUrl: string, searchContext: string, input: string, limit: number) {
  if (process.env.NODE_ENV !== 'production') return [];
  const worker = await getRemoteWorker();
  const mode = modeFor(baseUrl);
  return worker.search(baseUrl, mode === 'quick' ? quickContext(baseUrl) : searchContext, input, limit, mode);
}
