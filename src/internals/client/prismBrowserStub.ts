/**
 * Stands in for prism-react-renderer in the browser bundles. Code is
 * highlighted at build time (src/plugins/highlighting), so the only browser import left is
 * theme-classic's client module, which hands `Prism` to the no-op
 * src/plugins/highlighting/theme/prism-include-languages.ts.
 */
export const Prism = {languages: {}};
