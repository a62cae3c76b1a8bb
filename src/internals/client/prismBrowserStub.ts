/**
 * Stands in for prism-react-renderer in the browser bundles. Code is
 * highlighted at build time (src/highlight), so the only browser import left is
 * theme-classic's client module, which hands `Prism` to the no-op
 * src/theme/prism-include-languages.ts.
 */
export const Prism = {languages: {}};
