/**
 * Names the browser's JavaScript chunks by id and a six-digit content hash
 * rather than by name: the runtime every page loads then needs no table of
 * chunk names, only their hashes (one entry per page fewer). Six hex digits
 * of content hash are plenty to bust caches.
 * The chunks of their own that features declare for their route groups (the
 * API reference's page component, the changelog's pages) are the bundler's
 * cache groups, set by src/internals/plugin.ts from the declarations.
 * LAUNCHDECK_HASH_SALT (tests only) changes every file name, as a new deploy
 * would.
 */
import type {Plugin} from '@docusaurus/types';
import type {Feature} from '../../config/feature';
import {SectionChunkHashes} from './seams/SectionChunkHashes';

export default function chunkFileNamesPlugin(): Plugin {
  return {
    name: 'launchdeck-chunk-file-names',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        plugins: [new SectionChunkHashes()],
        output: {
          chunkFilename: 'assets/js/[id].[contenthash:6].js',
          ...(process.env.LAUNCHDECK_HASH_SALT ? {hashSalt: process.env.LAUNCHDECK_HASH_SALT} : {}),
        },
      };
    },
  };
}

export const feature = (): Feature => ({plugins: [chunkFileNamesPlugin]});
