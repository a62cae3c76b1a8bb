/**
 * Worker thread of the Markdown export (./plugin.ts): converts a share of the
 * pages while the bundler works.
 * Receives {siteDir, jobs: [{page}], routes, titles, children, siteUrl}; answers
 * with [route, markdown] pairs.
 */
const {parentPort, workerData} = require('node:worker_threads');
const os = require('node:os');

// On Linux a thread has its own priority: the export takes the CPU time the bundler
// leaves idle rather than slowing it down (elsewhere it would lower the whole build).
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here: runs at normal priority.
  }
}
const path = require('node:path');

const jiti = require('jiti')(__filename, {interopDefault: true});
const {exportPage} = jiti(path.join(workerData.siteDir, 'src/plugins/markdown-for-tools/exportPage.ts'));

const routes = new Map(workerData.routes);
const titles = new Map(workerData.titles);
const children = new Map(workerData.children);
const context = {
  siteUrl: workerData.siteUrl,
  routeOf: (/** @type {string} */ file) => routes.get(file),
  titleOf: (/** @type {string} */ file) => titles.get(file),
  childrenOf: (/** @type {string} */ route) => children.get(route) || [],
  siteDir: workerData.siteDir,
};
const results = [];
for (const {page} of workerData.jobs) results.push([page.route, exportPage(page, context)]);
/** @type {import('node:worker_threads').MessagePort} */ (parentPort).postMessage(results);
