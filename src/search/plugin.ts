/**
 * Wraps @easyops-cn/docusaurus-search-local: same options, theme components
 * and index files, plus the small first tier of search (see ./worker.ts).
 * - postBuild: after the plugin writes its indexes, splits the full one into
 *   search-lite and per-context search-text files (./splitIndex.ts);
 * - bundles: swaps the plugin's worker client for ./searchByWorker.ts, and
 *   mark.js (search-term highlighting) for ./lazyMark.ts, which loads it only
 *   on pages opened from a search result, and the result templates for
 *   ./lazyTemplates.ts, which load with the index.
 */
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@easyops-cn/docusaurus-search-local';
import {splitSearchIndex} from './splitIndex';

interface Options {
  searchContextByPaths?: Array<string | {path: string}>;
}

export default function launchdeckSearch(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, options);
  const contextPaths = ((options as Options).searchContextByPaths ?? []).map((item) =>
    typeof item === 'string' ? item : item.path,
  );
  const own = (file: string) => path.join(context.siteDir, 'src/search', file);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      splitSearchIndex(props.outDir, props.baseUrl, contextPaths);
    },
    configureWebpack(config, isServer, utils, content) {
      const inner = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...inner,
        plugins: [
          new NormalModuleReplacementPlugin(/^\.\.\/searchByWorker$/, own('searchByWorker.ts')),
          new NormalModuleReplacementPlugin(/[\\/]mark\.js[\\/]dist[\\/]mark\.js$/, own('lazyMark.ts')),
          new NormalModuleReplacementPlugin(/^\.\/(Suggestion|Empty)Template$/, own('lazyTemplates.ts')),
        ],
      };
    },
  };
}

launchdeckSearch.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;
