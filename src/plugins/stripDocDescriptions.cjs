/**
 * Bundler loader (see trimClientBundle.ts): empties the map of every doc's
 * id, title and description in the docs version metadata that every page
 * loads. Only the doc cards read it (through useDocById, for descriptions). Card lists
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
  return JSON.stringify(data);
};
