/**
 * Worker thread of the Markdown export (./plugin.ts): converts a share of the
 * pages while the bundler works.
 * Receives {siteDir, jobs: [{page}], routes, children, siteUrl}; answers
 * with [route, markdown] pairs.
 */
const {parentPort, workerData} = require('node:worker_threads');
const path = require('node:path');

const jiti = require('jiti')(__filename, {interopDefault: true});
const {exportPage} = jiti(path.join(workerData.siteDir, 'src/markdown/exportPage.ts'));

const routes = new Map(workerData.routes);
const children = new Map(workerData.children);
const context = {
  siteUrl: workerData.siteUrl,
  routeOf: (file) => routes.get(file),
  childrenOf: (route) => children.get(route) || [],
  siteDir: workerData.siteDir,
};
const results = [];
for (const {page} of workerData.jobs) results.push([page.route, exportPage(page, context)]);
parentPort.postMessage(results);
