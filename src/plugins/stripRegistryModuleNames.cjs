/**
 * Webpack/Rspack loader for Docusaurus's generated registry (.docusaurus/registry.js),
 * client build only: each entry is [loader, module name, module id], and the
 * module name is only read while rendering on the server (react-loadable's
 * report of the modules a page used). The browser gets an empty string in its
 * place: about 40 bytes less per page in the JavaScript every page loads.
 */
module.exports = function stripRegistryModuleNames(source) {
  return source.replace(/\), "(?:@site|@generated|@theme|@docusaurus)[^"]*", require\.resolveWeak\(/g, '), "", require.resolveWeak(');
};
