/**
 * Keeps what the browser never reads out of the JavaScript every page loads
 * (each site page adds an entry to the route tables, so this matters more as
 * the site grows):
 * - the name of each page's module in the route registry (./stripRegistryModuleNames.cjs),
 *   the doc ids in the docs plugin's global data (./stripGlobalDocIds.cjs), the
 *   server-only parts of the site config (./stripClientSiteConfig.cjs), and the
 *   table of chunk names in the runtime (chunk files are named by id and a
 *   six-digit hash);
 * - the id, title and description of every doc in the docs version metadata
 *   (about 7 KB gzip), which only card lists use; they now get their
 *   descriptions at build time (src/remark/cardDescriptions.ts, loader
 *   ./stripDocDescriptions.cjs);
 * - the whole of tslib, which @docusaurus/utils-common (CommonJS) requires for
 *   one helper, __importDefault (about 3 KB gzip): ./tslibImportDefault.ts.
 * It also swaps Docusaurus's link prefetching for src/client/idlePrefetch.ts,
 * which adds the prefetch links while the browser is idle, and keeps the API
 * reference's 170 routes out of the main bundle (./lazyReferenceRoutes.cjs,
 * with src/client/preload.ts).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function trimClientBundlePlugin(context: LoadContext): Plugin {
  const own = (file: string) => path.join(context.siteDir, 'src/plugins', file);
  return {
    name: 'launchdeck-trim-client-bundle',
    configureWebpack(_config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        ...(isServer
          ? {}
          : {
              // Chunk files named by id rather than by name: the runtime then needs no
              // table of chunk names, only their hashes (one entry per page fewer).
              // Six hex digits of content hash are plenty to bust caches, and every chunk's
              // hash is in that table.
              // LAUNCHDECK_HASH_SALT (tests only) changes every file name, as a new deploy would.
              output: {
                chunkFilename: 'assets/js/[id].[contenthash:6].js',
                ...(process.env.LAUNCHDECK_HASH_SALT ? {hashSalt: process.env.LAUNCHDECK_HASH_SALT} : {}),
              },
            }),
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
          ...(isServer
            ? []
            : [
                new NormalModuleReplacementPlugin(/^\.\/preload$/, (resource: {context?: string; request: string}) => {
                  if (/[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/.test(resource.context ?? '')) {
                    resource.request = path.join(context.siteDir, 'src/client/preload.ts');
                  }
                }),
              ]),
        ],
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
              use: [{loader: own('stripDocDescriptions.cjs')}],
            },
            ...(isServer
              ? []
              : [
                  {test: /[\\/]\.docusaurus[\\/]registry\.js$/, use: [{loader: own('stripRegistryModuleNames.cjs')}]},
                  {
                    test: /[\\/]\.docusaurus[\\/](routes\.js|routesChunkNames\.json|registry\.js)$/,
                    use: [{loader: own('lazyReferenceRoutes.cjs')}],
                  },
                  {
                    test: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]exports[\\/]ComponentCreator\.js$/,
                    resourceQuery: /reference/,
                    use: [{loader: own('lazyReferenceRoutes.cjs')}],
                  },
                  {test: /[\\/]\.docusaurus[\\/]globalData\.json$/, use: [{loader: own('stripGlobalDocIds.cjs')}]},
                  {test: /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/, use: [{loader: own('stripClientSiteConfig.cjs')}]},
                ]),
          ],
        },
      };
    },
  };
}
