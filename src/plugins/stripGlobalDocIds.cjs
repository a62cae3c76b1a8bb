/**
 * Bundler loader (see trimClientBundle.ts) for Docusaurus's generated global
 * data, client build only: the docs plugin lists every doc as {id, path,
 * sidebar} so the browser can tell which doc is open. With one docs version
 * the id is never read there (it only pairs a doc with its twin in other
 * versions), so the browser gets {path, sidebar}: fewer bytes per page in the
 * JavaScript that every page loads. The API reference's docs are left out
 * here and added when the reference's routes load.
 */
module.exports = function stripGlobalDocIds(source) {
  const data = JSON.parse(source);
  for (const plugin of Object.values(data['docusaurus-plugin-content-docs'] ?? {})) {
    const versions = plugin && Array.isArray(plugin.versions) ? plugin.versions : [];
    if (versions.length !== 1) continue;
    for (const doc of versions[0].docs ?? []) delete doc.id;
    // The API reference's pages are added back when their route table loads
    // (src/api/client/ReferenceRoutes.tsx, see lazyReferenceRoutes.cjs).
    versions[0].docs = (versions[0].docs ?? []).filter((doc) => !String(doc.path).startsWith('/docs/api/reference/'));
  }
  return JSON.stringify(data);
};
