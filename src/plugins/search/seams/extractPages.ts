/**
 * Seam "search-index": the text of every page, extracted with the search
 * plugin's own parser (its options, its page list, its HTML extraction), but
 * without the lunr index per search context that its postBuild also builds
 * and that this site never loads (src/plugins/search/buildIndex.ts writes the site's
 * own tiers from these documents). The three functions are the plugin's
 * internal modules, so a release of the plugin that moves or changes them
 * fails the build here.
 *
 * The HTML is parsed in worker threads (./extractWorker.cjs) with a capped
 * heap, a batch of pages at a time: the build's own heap only receives the
 * text. The documents come back exactly as one `scanDocuments` call over every
 * page would return them, ids included.
 */
import os from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {LoadContext, Props} from '@docusaurus/types';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments';
import type {PluginDocument} from '../buildIndex';
import {SeamError} from '../../../internals/seamError';

/** Pages per batch: a worker holds one batch's HTML and parsed pages at a time. */
const BATCH = 40;
/** The old generation of each worker's heap, in MB: a batch's parsed pages fit several times over. */
const WORKER_HEAP_MB = 256;

type Documents = PluginDocument[][];
type Reply = {index: number; documents: Documents} | {error: string};

export async function extractPages(context: LoadContext, options: unknown, props: Props): Promise<Documents> {
  for (const [name, fn] of Object.entries({processPluginOptions, processDocInfos, scanDocuments})) {
    if (typeof fn !== 'function')
      throw new SeamError('search-index', `@easyops-cn/docusaurus-search-local no longer exports ${name} from dist/server/server/utils/${name}.`);
  }
  const config = processPluginOptions(options, context);
  const versions = processDocInfos(props, config);
  if (versions.length !== 1) throw new SeamError('search-index', `expected one docs version to index, got ${versions.length}.`);
  // The plugin's documents, as src/plugins/search/buildIndex.ts reads them.
  const documents = await scanInWorkers(versions[0]!.paths, config);
  const pages = documents[0]?.length ?? 0;
  if (pages < props.routesPaths.length / 2) {
    throw new SeamError(
      'search-index',
      `the plugin's extraction found ${pages} pages for ${props.routesPaths.length} routes: its HTML parsing no longer matches the theme's pages.`,
    );
  }
  return documents;
}

/**
 * `scanDocuments` over every page, in batches shared between two worker
 * threads (one on a single core). Each batch's ids are renumbered to follow the
 * batch before it, so the result is the same as one call's.
 */
export async function scanInWorkers(paths: unknown[], config: object, batch = BATCH): Promise<Documents> {
  const batches = Array.from({length: Math.ceil(paths.length / batch)}, (_, index) => ({index, paths: paths.slice(index * batch, (index + 1) * batch)}));
  const workers = Math.min(batches.length, os.availableParallelism() > 1 ? 2 : 1);
  const results: Documents[] = [];
  await Promise.all(
    Array.from({length: workers}, (_, w) => {
      const share = batches.filter((b) => b.index % workers === w);
      return new Promise<void>((resolve, reject) => {
        const worker = new Worker(path.join(__dirname, 'extractWorker.cjs'), {
          workerData: {batches: share, config},
          resourceLimits: {maxOldGenerationSizeMb: WORKER_HEAP_MB},
        });
        let left = share.length;
        worker.on('message', (reply: Reply) => {
          if ('error' in reply) {
            reject(new SeamError('search-index', `the plugin's extraction failed: ${reply.error}`));
            void worker.terminate();
            return;
          }
          results[reply.index] = reply.documents;
          left -= 1;
          if (left === 0) resolve();
        });
        worker.once('error', (error: Error) =>
          reject(new Error(`The search extraction's worker failed (its heap is capped at ${WORKER_HEAP_MB} MB): ${error.message}`, {cause: error})),
        );
        worker.once('exit', (code) => {
          if (left > 0) reject(new Error(`The search extraction's worker stopped (exit code ${code}) with ${left} batches left.`));
        });
      });
    }),
  );
  // One list per kind, batch after batch; ids shifted so that they continue from the batch before.
  // The plugin's lists: titles, headings, descriptions, keywords, content.
  const merged: Documents = Array.from({length: Math.max(0, ...results.map((r) => r.length))}, () => []);
  let next = 1;
  for (const documents of results) {
    const ids = documents.flat().map((d) => d.i);
    if (ids.length === 0) continue;
    const shift = next - Math.min(...ids);
    documents.forEach((list, k) => {
      for (const d of list) merged[k]!.push({...d, i: d.i + shift, ...(d.p === undefined ? {} : {p: d.p + shift})});
    });
    next = Math.max(...ids) + shift + 1;
  }
  return merged;
}
