/**
 * Seam "search-worker": stands in for the search plugin's own worker client
 * (@easyops-cn/docusaurus-search-local dist/client/client/theme/searchByWorker.js,
 * which its search box imports as "../searchByWorker"), with the same two
 * functions, backed by the site's own engine (src/plugins/search/client/client.ts). The
 * plugin's search box, its keyboard handling and its result list stay.
 * The search context the plugin passes is not used: the site searches every
 * section from every page, the reader's own first.
 */
import {loadFirstTier, searchFromBox} from '../client/client';
import {loadSearchTemplates} from './lazyTemplates';

export async function fetchIndexesByWorker(baseUrl: string, _searchContext: string): Promise<void> {
  // The result templates (seam "search-templates") load while the worker starts.
  await Promise.all([loadSearchTemplates(), loadFirstTier(baseUrl)]);
}

export function searchByWorker(baseUrl: string, _searchContext: string, input: string, limit: number): ReturnType<typeof searchFromBox> {
  return searchFromBox(baseUrl, input, limit);
}
