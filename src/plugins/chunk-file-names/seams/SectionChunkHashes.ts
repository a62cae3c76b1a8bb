/**
 * The bundler plugin of src/plugins/chunk-file-names: rewrites the minified
 * runtime and the route tables (./sectionHashes.ts). Part of the seam
 * `route-tables` (src/internals/seams.ts): it relies on the route tables'
 * module identifiers (`routes.js?group=`) and on the runtime's shape.
 */
import crypto from 'node:crypto';
import type {CurrentBundler} from '@docusaurus/types';
import {moveChunkHashes, renamedTable, sharedTableHash, shareTableHash} from './sectionHashes';

const NAME = 'launchdeck-section-chunk-hashes';

/** The bundler's compiler, as Docusaurus types it (webpack's API, which Rspack follows). */
type Compiler = InstanceType<CurrentBundler['instance']['Compiler']>;

/**
 * Runs ./sectionHashes.ts (seam `route-tables` of src/internals/seams.ts) on the client bundle, after minification and before
 * the final content hashes: the route tables of src/internals (modules
 * `@generated/routes?group=…`) carry their pages' chunk hashes, the runtime
 * only the rest. Same hooks under Rspack (Docusaurus Faster) and webpack.
 */
export class SectionChunkHashes {
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
