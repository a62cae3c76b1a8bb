/**
 * src/rehype/tableRegions.ts on fixtures: every table is wrapped in a region
 * that scrolls on its own when the table is wider than the page, can take
 * keyboard focus, and is named after the heading above it (or, before any
 * heading, after its first column).
 */
import createJiti from 'jiti';
import {runRehype, testFixtures} from './fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const rehypeTableRegions = jiti('../../src/rehype/tableRegions.ts');

testFixtures('table-regions', async (source) => ({html: await runRehype(source, {rehypePlugins: [rehypeTableRegions]})}));
