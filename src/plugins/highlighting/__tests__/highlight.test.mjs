/**
 * src/plugins/highlighting/rehypeHighlight.ts on fixtures: what a code block carries to
 * the page once it is highlighted at build time, for each kind of block (a
 * language Prism knows, one it doesn't, none, plain text) and code inside
 * JSX. When its output changes on purpose, rewrite the expected files with
 * UPDATE_FIXTURES=1 and read their diff.
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, runRehype, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const rehypeHighlight = /** @type {typeof import('../rehypeHighlight.ts').default} */ (jiti('../rehypeHighlight.ts'));
const {CODE_LANGUAGES} = /** @type {typeof import('../languages.ts')} */ (jiti('../languages.ts'));

testFixtures(path.join(fixturesDir, 'highlight'), async (source) => ({
  html: await runRehype(source, {rehypePlugins: [[rehypeHighlight, {languages: CODE_LANGUAGES}]]}),
}));
