/**
 * Names the browser's JavaScript chunks by id and a six-digit content hash
 * rather than by name: the runtime every page loads then needs no table of
 * chunk names, only their hashes (one entry per page fewer). Six hex digits
 * of content hash are plenty to bust caches.
 * LAUNCHDECK_HASH_SALT (tests only) changes every file name, as a new deploy
 * would.
 */
import type {Plugin} from '@docusaurus/types';

export default function chunkFileNamesPlugin(): Plugin {
  return {
    name: 'launchdeck-chunk-file-names',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        output: {
          chunkFilename: 'assets/js/[id].[contenthash:6].js',
          ...(process.env.LAUNCHDECK_HASH_SALT ? {hashSalt: process.env.LAUNCHDECK_HASH_SALT} : {}),
        },
      };
    },
  };
}
