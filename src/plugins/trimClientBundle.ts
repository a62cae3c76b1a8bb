/**
 * Keeps two things out of the JavaScript every page loads:
 * - the id, title and description of every doc in the docs version metadata
 *   (about 7 KB gzip), which only card lists use; they now get their
 *   descriptions at build time (src/remark/cardDescriptions.ts, loader
 *   ./stripDocDescriptions.cjs);
 * - the whole of tslib, which @docusaurus/utils-common (CommonJS) requires for
 *   one helper, __importDefault (about 3 KB gzip): ./tslibImportDefault.ts.
 * It also swaps Docusaurus's link prefetching for src/client/idlePrefetch.ts,
 * which adds the prefetch links while the browser is idle.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function trimClientBundlePlugin(context: LoadContext): Plugin {
  const own = (file: string) => path.join(context.siteDir, 'src/plugins', file);
  return {
    name: 'launchdeck-trim-client-bundle',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^tslib$/, (resource: {context?: string; request: string}) => {
            if (/[\\/]@docusaurus[\\/]utils-common[\\/]/.test(resource.context ?? '')) {
              resource.request = own('tslibImportDefault.ts');
            }
          }),
          new NormalModuleReplacementPlugin(/^\.\/prefetch$/, (resource: {context?: string; request: string}) => {
            if (/[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/.test(resource.context ?? '')) {
              resource.request = path.join(context.siteDir, 'src/client/idlePrefetch.ts');
            }
          }),
        ],
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
              use: [{loader: own('stripDocDescriptions.cjs')}],
            },
          ],
        },
      };
    },
  };
}
