/**
 * src/plugins/api-reference/remarkReferenceLinks.ts on fixtures: after each curl example of a
 * guide, a paragraph links the operations it calls to their API reference
 * pages. The operations are those of the made-up contract in
 * __fixtures__/site/api/openapi.yaml; the inputs hold the API's URL as the
 * plugin gets it, as the token `%API_URL%`: it runs before the product URLs'
 * plugin (src/utils/productUrls.ts), which then replaces the tokens, as on the
 * site. Each input is read as a guide of the made-up site unless `pageOf`
 * names another page.
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, fixtureSite, runRemark, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const remarkApiReferenceLinks = /** @type {typeof import('../remarkReferenceLinks.ts').default} */ (jiti('../remarkReferenceLinks.ts'));
const remarkProductUrls = /** @type {typeof import('../../../utils/productUrls.ts').default} */ (jiti('../../../utils/productUrls.ts'));

/** A reference page is a target of the links, never a guide that gets them. */
/** @type {Record<string, string>} */
const pageOf = {'reference-page': 'docs/api/reference/servers/stop-server.md'};

testFixtures(path.join(fixturesDir, 'api-reference-links'), async (source, {name}) => ({
  md: await runRemark(source, [[remarkApiReferenceLinks, {siteDir: fixtureSite}], remarkProductUrls], {
    path: path.join(fixtureSite, pageOf[name] ?? 'docs/servers/stop-server.md'),
  }),
}));
