/**
 * Seam "doc-descriptions", bundler loader for the docs version metadata that
 * every docs page loads: empties its map of every doc's id, title and
 * description, and drops the doc id of each sidebar link. In this site only
 * the doc cards would read them (through useDocById), and the cards get their
 * descriptions from their own page instead (src/remark/cardDescriptions.ts,
 * src/theme/DocCardList). Page titles and meta descriptions come from each
 * page's own metadata and are unaffected.
 */
const {markApplied, seamError} = require('./shared.cjs');

const SEAM = 'doc-descriptions';

module.exports = function stripDocDescriptions(source) {
  const data = JSON.parse(source);
  // The docs plugin writes other data files in the same folder (one per doc, sidebars, tags): only the version's is rewritten.
  if (!data || typeof data !== 'object' || !('version' in data)) return source;
  const version = data.version;
  if (!version || typeof version.docs !== 'object' || version.docs === null || !version.docsSidebars) {
    throw seamError(SEAM, 'the docs version metadata (@docusaurus/plugin-content-docs/lib/props.js) no longer has `version.docs` and `version.docsSidebars`.');
  }
  markApplied(SEAM);
  version.docs = {};
  const strip = (items) => {
    for (const item of items ?? []) {
      if (item.type === 'link') {
        delete item.docId;
        if (item.unlisted === false) delete item.unlisted;
      }
      if (Array.isArray(item.items)) strip(item.items);
    }
  };
  for (const items of Object.values(version.docsSidebars)) strip(items);
  return JSON.stringify(data);
};
