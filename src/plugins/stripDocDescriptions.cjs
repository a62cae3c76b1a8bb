/**
 * Bundler loader (see trimClientBundle.ts): empties the map of every doc's
 * id, title and description in the docs version metadata that every page
 * loads, and drops the doc id of each sidebar link. Only the doc cards read it (through useDocById, for descriptions). Card lists
 * get their descriptions from their own page instead
 * (src/remark/cardDescriptions.ts); page meta descriptions are unaffected.
 */
module.exports = function stripDocDescriptions(source) {
  const data = JSON.parse(source);
  const docs = data && data.version && data.version.docs;
  if (docs && typeof docs === 'object') {
    // Only useDocById reads this map, and only the doc cards call it; they no longer do.
    data.version.docs = {};
  }
  // Sidebar links: the doc id is only read by the doc cards, which work it out
  // from the link (src/theme/DocCard); `unlisted: false` is the default.
  const strip = (items) => {
    for (const item of items ?? []) {
      if (item.type === 'link') {
        delete item.docId;
        if (item.unlisted === false) delete item.unlisted;
      }
      if (Array.isArray(item.items)) strip(item.items);
    }
  };
  for (const items of Object.values((data && data.version && data.version.docsSidebars) || {})) strip(items);
  return JSON.stringify(data);
};
