/**
 * The browser's side of the site's search: the search worker (./worker.ts)
 * for the search box (through src/plugins/search/seams/searchByWorker.ts, which
 * stands in for the search plugin's own worker client) and for the results
 * page (src/plugins/search/theme/SearchPage).
 *
 * The search box searches the whole site from any page. On first focus it
 * loads the first tier (every page's title, description, keywords and
 * headings) and shows results from it; the body text follows in the
 * background, the reader's own section first.
 */
import type * as Comlink from 'comlink';
import type {SearchWorker} from './worker';

let remoteWorker: Promise<Comlink.Remote<SearchWorker>> | undefined;

export function getSearchWorker(): Promise<Comlink.Remote<SearchWorker>> {
  remoteWorker ??= (async () => {
    // The worker starts (and fetches the first tier) while comlink, loaded with
    // the first search rather than with every page, is still on its way.
    const worker = new Worker(new URL('./worker.ts', import.meta.url));
    const {wrap} = await import('comlink');
    const Remote = wrap<typeof SearchWorker>(worker);
    return await new Remote();
  })();
  return remoteWorker;
}

/** Each search context's label ("docs/legal" → "Legal"), once the first tier has loaded. */
let contextLabels: Record<string, string> = {};

/** The label of a search context ("docs/legal" → "Legal"); the path itself until the first tier has loaded. */
export const contextLabel = (context: string): string => contextLabels[context] ?? context;

/** The page the reader is on, without the base URL (the worker finds its search context). */
function pageOf(baseUrl: string): string {
  const {pathname} = window.location;
  return pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : '';
}

/** The search box's first focus: the first tier, then the rest of the text a moment later. */
export async function loadFirstTier(baseUrl: string): Promise<void> {
  if (process.env.NODE_ENV !== 'production') return;
  const worker = await getSearchWorker();
  contextLabels = await worker.loadPages(baseUrl);
  // If the reader doesn't search right away, the body text comes anyway.
  window.setTimeout(() => loadTheRest(baseUrl), REST_DELAY_MS);
}

/** How long after the first tier the body text starts loading if no search has started it. */
const REST_DELAY_MS = 1500;
let restStarted = false;

/** The text of the reader's own section first, then of the rest of the site, while the reader types. */
function loadTheRest(baseUrl: string): void {
  if (restStarted) return;
  restStarted = true;
  void getSearchWorker()
    .then((worker) => worker.loadAll(baseUrl, pageOf(baseUrl)))
    .catch(() => {
      restStarted = false;
    });
}

/** A search from the search box: first from what is loaded, then, when that finds nothing, from the rest of the text. */
export async function searchFromBox(baseUrl: string, input: string, limit: number) {
  if (process.env.NODE_ENV !== 'production') return [];
  const worker = await getSearchWorker();
  // A word followed by a space is finished; the last word otherwise may still grow.
  const options = {limit, typing: !/\s$/.test(input), grouped: true};
  const first = await worker.search(baseUrl, input, options);
  // Once the first results are painted: the body text, in the background.
  requestAnimationFrame(() => window.setTimeout(() => loadTheRest(baseUrl), 0));
  if (first.results.length > 0 || first.complete) return first.results;
  // Nothing in the labels, and the body text is still arriving: rather than
  // "No results", wait for it (briefly) and search again.
  await Promise.race([worker.loadAll(baseUrl).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, TEXT_WAIT_MS))]);
  return (await worker.search(baseUrl, input, options)).results;
}

/** How long a search that found nothing waits for the rest of the text. */
const TEXT_WAIT_MS = 4000;
