/**
 * The project's html-validate configuration, for the built pages
 * (./html-validate.test.mjs). The recommended rules stay on: structure
 * (permitted content and parents, duplicate ids, unique landmarks, nesting of
 * interactive elements) and accessibility (labels, submit buttons, alt text).
 * A page is checked as a browser parses it (parse5, with the elements the
 * minifier leaves implicit written out), so the rules below that judge how
 * the markup is written, not what it means, are off, each with its reason.
 * @type {import('html-validate').ConfigData}
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // Not in the recommended set: every form control has a label (a <label>, aria-label or aria-labelledby).
    'input-missing-label': 'error',
    // aria-label on an element that can be named (an icon's <svg>, which Docusaurus 3.10's navbar labels) is allowed; on a <div> it is still an error.
    'aria-label-misuse': ['error', {allowAnyNamable: true}],
    // Minifier style: the build leaves attribute values unquoted and tags implicit; the parse writes them back its own way.
    'attr-quotes': 'off',
    'doctype-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'no-trailing-whitespace': 'off',
    // A raw ">" in text is valid HTML; code samples are full of them.
    'no-raw-characters': 'off',
    // HTML allows any id without whitespace; Docusaurus's own ("__docusaurus") start with an underscore.
    'valid-id': ['error', {relaxed: true}],
    // React and the theme write style attributes (the CSP allows them, see src/plugins/hosting/rules.mjs); not a structure issue.
    'no-inline-style': 'off',
    // The theme's ARIA roles on <div> (role="region", role="tabpanel") are what axe checks; a native element is a style choice.
    'prefer-native-element': 'off',
    // The search plugin's input has no type; a missing type means "text", which is what it is.
    'no-implicit-input-type': 'off',
    // An SEO length hint, not structure: page titles are checked by the content tests, and redirect pages name their target in full.
    'long-title': 'off',
  },
};
