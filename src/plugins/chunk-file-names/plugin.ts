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
import crypto from 'node:crypto';
import type {CurrentBundler, Plugin} from '@docusaurus/types';
import {moveChunkHashes, renamedTable, sharedTableHash, shareTableHash} from './sectionHashes';

const NAME = 'launchdeck-section-chunk-hashes';

/** The bundler's compiler, as Docusaurus types it (webpack's API, which Rspack follows). */
type Compiler = InstanceType<CurrentBundler['instance']['Compiler']>;

/**
 * Runs ./sectionHashes.ts on the client bundle, after minification and before
 * the final content hashes: the route tables of src/internals (modules
 * `@generated/routes?group=…`) carry their pages' chunk hashes, the runtime
 * only the rest. Same hooks under Rspack (Docusaurus Faster) and webpack.
 */
class SectionChunkHashes {
  apply(compiler: Compiler): void {
    // Production only: the dev server's runtime is not minified (another shape), and its readers are the writers.
    if (compiler.options.mode !== 'production') return;
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      /** The runtime's file and each route table's chunk id and file, as they are named at this stage. */
      const findFiles = () => {
        const tables = new Map<string, string>();
        let runtimeFile: string | undefined;
        for (const chunk of compilation.chunks) {
          const files = [...chunk.files].filter((f) => f.endsWith('.js'));
          if (chunk.name === 'runtime~main') runtimeFile = files[0];
          // getChunkModules, not modulesIterable: the one both bundlers have.
          if (chunk.id !== null && files[0] && compilation.chunkGraph.getChunkModules(chunk).some((m) => /routes\.js\?group=/.test(m.identifier()))) {
            tables.set(String(chunk.id), files[0]);
          }
        }
        return {runtimeFile, tables};
      };
      compilation.hooks.processAssets.tap({name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE}, () => {
        const {runtimeFile, tables} = findFiles();
        const tableFiles = new Set(tables.values());
        if (!runtimeFile || tableFiles.size === 0) return;
        const text = (file: string) => compilation.getAsset(file)!.source.source().toString();
        const others = compilation
          .getAssets()
          .filter((a) => a.name.endsWith('.js') && a.name !== runtimeFile && !tableFiles.has(a.name))
          .map((a) => a.source.source().toString());
        let result;
        try {
          result = moveChunkHashes(text(runtimeFile), new Map([...tableFiles].map((f) => [f, text(f)])), others);
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError((error as Error).message));
          return;
        }
        compilation.updateAsset(runtimeFile, new sources.RawSource(result.runtime));
        for (const [file, source] of result.tables) compilation.updateAsset(file, new sources.RawSource(source));
      });
      // After the final content hashes: every route table named with one hash, which the runtime sets for the browser to register the tables with (./sectionHashes.ts, shareTableHash).
      compilation.hooks.processAssets.tap({name: `${NAME}-shared`, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER}, () => {
        const {runtimeFile, tables} = findFiles();
        if (!runtimeFile || tables.size === 0) return;
        const hash = sharedTableHash(tables.values(), (text) => crypto.createHash('md5').update(text).digest('hex'));
        try {
          const runtime = shareTableHash(compilation.getAsset(runtimeFile)!.source.source().toString(), tables.keys(), hash);
          const renames = [...tables.values()].map((file) => [file, renamedTable(file, hash)] as const);
          compilation.updateAsset(runtimeFile, new sources.RawSource(runtime));
          for (const [from, to] of renames) if (from !== to) compilation.renameAsset(from, to);
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError((error as Error).message));
        }
      });
    });
  }
}

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
