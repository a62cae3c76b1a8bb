/**
 * Bundler loader (see trimClientBundle.ts) for Docusaurus's generated site
 * config, client build only. The browser never reads the page template or the
 * options of presets, plugins and themes (they also name folders of the
 * machine that built the site); it keeps everything else.
 */
const SERVER_ONLY = ['ssrTemplate', 'presets', 'plugins', 'themes', 'clientModules', 'scripts', 'stylesheets', 'headTags', 'webpack', 'staticDirectories'];

module.exports = function stripClientSiteConfig(source) {
  const start = source.indexOf('export default ');
  if (start < 0) return source;
  const json = source
    .slice(start + 'export default '.length)
    .trim()
    .replace(/;$/, '');
  const config = JSON.parse(json);
  for (const key of SERVER_ONLY) delete config[key];
  return `export default ${JSON.stringify(config)};\n`;
};
