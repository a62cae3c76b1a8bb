/**
 * Names the browser's JavaScript chunks by id and a six-digit content hash
 * rather than by name: the runtime every page loads then needs no table of
 * chunk names, only their hashes (one entry per page fewer). Six hex digits
 * of content hash are plenty to bust caches.
 * The API reference's page component (src/plugins/api-reference/client/Operation.tsx) gets a
 * chunk of its own. It is used by 169 of the site's ~330 pages, and Docusaurus's split
 * puts modules used by half the pages into one `common` chunk: with them
 * there, every task page loaded the reference's code beside Tabs (1.2 KB
 * gzip). In its own chunk, only reference pages load it, once for all.
 * LAUNCHDECK_HASH_SALT (tests only) changes every file name, as a new deploy
 * would.
 */
import type {Plugin} from '@docusaurus/types';
import {SectionChunkHashes} from './seams/SectionChunkHashes';

export default function chunkFileNamesPlugin(): Plugin {
  return {
    name: 'launchdeck-chunk-file-names',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              // The reference page's component only: the console it opens (client/console) loads on demand, in chunks of its own.
              apiReference: {test: /[\\/]src[\\/]plugins[\\/]api-reference[\\/]client[\\/]Operation\.tsx$/, name: 'api-reference', priority: 45, enforce: true},
              // The changelog's pages and their metadata: one chunk, one entry in the runtime every page loads, however many entries there are.
              changelog: {
                test: /([\\/]docs[\\/]changelog[\\/].+\.mdx?|[\\/]site-docs-changelog-[^\\/]+\.json)$/,
                name: 'changelog',
                chunks: 'async',
                priority: 50,
                enforce: true,
              },
            },
          },
        },
        plugins: [new SectionChunkHashes()],
        output: {
          chunkFilename: 'assets/js/[id].[contenthash:6].js',
          ...(process.env.LAUNCHDECK_HASH_SALT ? {hashSalt: process.env.LAUNCHDECK_HASH_SALT} : {}),
        },
      };
    },
  };
}
