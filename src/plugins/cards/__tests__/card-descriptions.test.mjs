/**
 * src/plugins/cards/remarkCardDescriptions.ts on fixtures: each card list of a page gets
 * the descriptions of the pages it can show, from the site model of the
 * made-up site of __fixtures__/site/docs as the docs plugin loads it (its
 * folder's pages and the index pages of its subfolders; never partials,
 * folders without an index page, or the page itself; a page without a
 * description in its front matter has the excerpt Docusaurus makes). Each
 * input is read as the page named in `pageOf` below.
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, fixtureSite, fixtureSiteModel, runRemark, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const remarkCardDescriptions = /** @type {typeof import('../remarkCardDescriptions.ts').default} */ (jiti('../remarkCardDescriptions.ts'));

/** The page of the made-up site each case stands for (a section page unless named here). */
/** @type {Record<string, string>} */
const pageOf = {'docs-home': 'docs/index.md'};

const model = await fixtureSiteModel();

testFixtures(path.join(fixturesDir, 'card-descriptions'), async (source, {name}) => ({
  md: await runRemark(source, [[remarkCardDescriptions, {docsDir: 'docs', model: () => model}]], {
    path: path.join(fixtureSite, pageOf[name] ?? 'docs/servers/index.md'),
    cwd: fixtureSite,
  }),
}));
