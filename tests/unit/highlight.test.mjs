/**
 * src/plugins/highlighting/rehypeHighlight.ts on fixtures: what a code block carries to
 * the page once it is highlighted at build time, for each kind of block (a
 * language Prism knows, one it doesn't, none, plain text) and code inside
 * JSX. When its output changes on purpose, rewrite the expected files with
 * UPDATE_FIXTURES=1 and read their diff.
 */
import createJiti from 'jiti';
import {runRehype, testFixtures} from './fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const rehypeHighlight = /** @type {typeof import('../../src/plugins/highlighting/rehypeHighlight.ts').default} */ (
  jiti('../../src/plugins/highlighting/rehypeHighlight.ts')
);
const {CODE_LANGUAGES} = /** @type {typeof import('../../src/plugins/highlighting/languages.ts')} */ (jiti('../../src/plugins/highlighting/languages.ts'));

testFixtures('highlight', async (source) => ({html: await runRehype(source, {rehypePlugins: [[rehypeHighlight, {languages: CODE_LANGUAGES}]]})}));
