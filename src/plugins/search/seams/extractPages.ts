/**
 * Seam "search-index": the text of every page, extracted with the search
 * plugin's own parser (its options, its page list, its HTML extraction), but
 * without the lunr index per search context that its postBuild also builds
 * and that this site never loads (src/plugins/search/buildIndex.ts writes the site's
 * own tiers from these documents). The three functions are the plugin's
 * internal modules, so a release of the plugin that moves or changes them
 * fails the build here.
 */
import type {LoadContext, Props} from '@docusaurus/types';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments';
import type {PluginDocument} from '../buildIndex';
import {SeamError} from '../../../internals/seamError';

export async function extractPages(context: LoadContext, options: unknown, props: Props): Promise<PluginDocument[][]> {
  for (const [name, fn] of Object.entries({processPluginOptions, processDocInfos, scanDocuments})) {
    if (typeof fn !== 'function')
      throw new SeamError('search-index', `@easyops-cn/docusaurus-search-local no longer exports ${name} from dist/server/server/utils/${name}.`);
  }
  const config = processPluginOptions(options, context);
  const versions = processDocInfos(props, config);
  if (versions.length !== 1) throw new SeamError('search-index', `expected one docs version to index, got ${versions.length}.`);
  // The plugin's documents, as src/plugins/search/buildIndex.ts reads them.
  const documents = (await scanDocuments(versions[0]!.paths, config)) as PluginDocument[][];
  const pages = documents[0]?.length ?? 0;
  if (pages < props.routesPaths.length / 2) {
    throw new SeamError(
      'search-index',
      `the plugin's extraction found ${pages} pages for ${props.routesPaths.length} routes: its HTML parsing no longer matches the theme's pages.`,
    );
  }
  return documents;
}
