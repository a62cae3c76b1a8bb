/**
 * ESLint over every script of the repository (`npm run lint:code`). Not
 * type-aware, to stay fast: `npm run typecheck` is the type check.
 */
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Browser code, by folder name, so the patterns hold wherever the folders are.
const browser = ['src/**/client/**', 'src/**/theme/**', 'src/**/console/**', 'src/components/**', 'src/pages/**', 'src/**/*.tsx'];
const worker = ['src/**/search/**/worker.ts'];
// Node scripts that drive a browser: the callbacks they hand to Playwright run in the page.
const drivingBrowser = ['tests/**/*.mjs', 'scripts/bench.mjs', 'scripts/chromium.mjs'];

export default tseslint.config(
  {
    // Build outputs, generated or installed files (see .gitignore).
    ignores: [
      '**/node_modules/',
      'build/',
      'build-*/',
      '.docusaurus/',
      '.generated/',
      '.cache-loader/',
      '.eval-drafts/',
      'test-results/',
      'bench-results/',
      'visual-report/',
      'docs/api/reference/',
      'mcp/lib/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    linterOptions: {reportUnusedDisableDirectives: 'error'},
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    rules: {
      .../** @type {Record<string, import('eslint').Linter.RuleEntry>} */ (docusaurus.configs.recommended.rules),
      // The site's components draw UI headings (dialogs, forms, results), not sections: @theme/Heading would add anchors to them.
      '@docusaurus/prefer-docusaurus-heading': 'off',
    },
  },
  {
    rules: {
      // As `tsc` (noUnusedLocals, noUnusedParameters) allows: `_`-prefixed parameters, and properties left out by a rest.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', ignoreRestSiblings: true}],
      // Template literals hold page fixtures, zero-width spaces included (theme-classic's hash links).
      'no-irregular-whitespace': ['error', {skipTemplates: true}],
    },
  },
  {
    ignores: [...browser, ...worker],
    languageOptions: {globals: globals.node},
  },
  {
    // CommonJS (no "type" in package.json, so .js too): these files load with require().
    files: ['**/*.{js,cjs}'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    files: browser,
    languageOptions: {globals: globals.browser},
  },
  {
    files: worker,
    languageOptions: {globals: globals.worker},
  },
  {
    files: drivingBrowser,
    languageOptions: {globals: globals.browser},
  },
);
