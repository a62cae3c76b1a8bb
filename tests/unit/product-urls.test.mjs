/**
 * src/utils/productUrls.ts on fixtures: each %…_URL% token becomes its URL
 * (src/config/urls.ts) wherever a page can hold one, and anything that only
 * looks like a token stays as written.
 */
import createJiti from 'jiti';
import {runRemark, testFixtures} from './fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const remarkProductUrls = /** @type {typeof import('../../src/utils/productUrls.ts').default} */ (jiti('../../src/utils/productUrls.ts'));

testFixtures('product-urls', async (source) => ({md: await runRemark(source, [remarkProductUrls])}));
