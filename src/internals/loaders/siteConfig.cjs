/**
 * Seam "site-config", bundler loader (client build only): the browser's copy
 * of the site config leaves out what only the build reads.
 *
 * Docusaurus serializes the whole site config into `.docusaurus/docusaurus.config.mjs`,
 * which the main bundle of every page imports: the page template (this
 * site's is 1.1 KB), the options of every plugin, preset and theme, the
 * Markdown options, the broken-link policies, the static folders. No browser
 * code reads them (the client reads the URLs, the title, i18n, `future`, the
 * theme config and the custom fields), so the browser's copy drops SERVER_ONLY;
 * the server build is untouched, so every page's HTML is the same. About
 * 1.1 KB gzip on every page.
 * The same goes for `.docusaurus/site-metadata.json`, which every page also
 * imports: its list of every plugin with its version (`pluginVersions`, one
 * entry per plugin, so each local plugin a feature adds would grow every
 * page) is read only by @docusaurus/plugin-debug, which this site does not
 * use; the browser's copy keeps the Docusaurus and site versions.
 * Throws, naming the seam, when a generated file no longer has the shape
 * it reads (`export default` and a JSON object; a JSON object with
 * `pluginVersions`) or lacks the keys the browser needs.
 */
const {markApplied, seamError} = require('./shared.cjs');

const SEAM = 'site-config';
const SERVER_ONLY = [
  'ssrTemplate',
  'onBrokenLinks',
  'onBrokenMarkdownLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
  'markdown',
  'staticDirectories',
  'presets',
  'plugins',
  'themes',
  'scripts',
  'headTags',
  'stylesheets',
  'clientModules',
  'webpack',
];
/** What the browser reads, which must stay. */
const NEEDED = ['baseUrl', 'url', 'title', 'themeConfig', 'i18n', 'future', 'customFields'];

/** @param {string} source @returns {string} */
function clientSiteConfig(source) {
  const start = source.indexOf('export default');
  const body =
    start < 0
      ? ''
      : source
          .slice(start + 'export default'.length)
          .trim()
          .replace(/;?\s*$/, '');
  let config;
  try {
    config = JSON.parse(body);
  } catch {
    throw seamError(
      SEAM,
      '.docusaurus/docusaurus.config.mjs is no longer `export default` followed by a JSON object (@docusaurus/core/lib/server/codegen/codegen.js, genSiteConfig).',
    );
  }
  const lacking = NEEDED.filter((key) => !(key in config));
  if (lacking.length) throw seamError(SEAM, `.docusaurus/docusaurus.config.mjs lacks ${lacking.join(', ')}, which the browser reads.`);
  for (const key of SERVER_ONLY) delete config[key];
  return `export default ${JSON.stringify(config)};\n`;
}

/** @param {string} source @returns {string} */
function clientSiteMetadata(source) {
  let metadata;
  try {
    metadata = JSON.parse(source);
  } catch {
    metadata = undefined;
  }
  if (!metadata || typeof metadata !== 'object' || typeof metadata.pluginVersions !== 'object' || !('docusaurusVersion' in metadata)) {
    throw seamError(
      SEAM,
      '.docusaurus/site-metadata.json is no longer a JSON object with docusaurusVersion and pluginVersions (@docusaurus/core/lib/server/codegen/codegen.js, genSiteMetadata).',
    );
  }
  return JSON.stringify({...metadata, pluginVersions: {}});
}

/** @this {{resourcePath?: string}} @param {string} source */
module.exports = function siteConfig(source) {
  markApplied(SEAM);
  return /site-metadata\.json$/.test(this.resourcePath ?? '') ? clientSiteMetadata(source) : clientSiteConfig(source);
};
module.exports.clientSiteConfig = clientSiteConfig;
module.exports.clientSiteMetadata = clientSiteMetadata;
module.exports.SERVER_ONLY = SERVER_ONLY;
