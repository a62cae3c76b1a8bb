/**
 * A page's headings read from its Markdown (src/utils/markdownHeadings.ts),
 * with the anchors Docusaurus gives them: the search index marks the entries
 * of a troubleshooting section from them, and the API console links to them.
 * That the anchors match the built pages' is checked on the built site
 * (tests/build/built-site.test.mjs: the troubleshooting headings are marked).
 */
import path from 'node:path';
import {createRequire} from 'node:module';
import {repoRoot} from '../helpers.mjs';
import {testFixtures} from './fixtures.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {markdownHeadings} = /** @type {typeof import('../../src/utils/markdownHeadings.ts')} */ (jiti(path.join(repoRoot, 'src/utils/markdownHeadings.ts')));

testFixtures('markdown-headings', (input) => ({
  txt:
    markdownHeadings(input)
      .map(({level, id, text, h2}) => `${'#'.repeat(level)} ${text} → #${id}${h2 ? `  (under "${h2}")` : ''}`)
      .join('\n') + '\n',
}));
