/**
 * Worker thread of seam "search-index" (./extractPages.ts): runs the search
 * plugin's own extraction (`scanDocuments`) on its share of the pages, one
 * batch at a time, and posts each batch's documents back at once.
 * Its heap is capped by ./extractPages.ts and holds one batch at a time, so
 * the parsed HTML it throws away is collected within that cap. Parsed in the
 * build's own thread, the same garbage grew the build's heap by about 700 MB at
 * four times the pages (bench/RESULTS.md).
 * Receives {batches: [{index, paths}], config}; posts {index, documents} per
 * batch, in the order received, or {error} and stops.
 */
const {parentPort, workerData} = require('node:worker_threads');
const {scanDocuments} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments');

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @param {{batches: Array<{index: number, paths: unknown[]}>, config: object}} data */
async function run({batches, config}) {
  for (const {index, paths} of batches) {
    const documents = await scanDocuments(paths, config);
    port.postMessage({index, documents});
  }
}

run(workerData).catch((/** @type {unknown} */ error) => {
  port.postMessage({error: error instanceof Error ? (error.stack ?? error.message) : String(error)});
});
