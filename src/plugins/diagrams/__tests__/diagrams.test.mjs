/**
 * src/plugins/diagrams/remarkDiagrams.ts on fixtures: a ```dot block with a title and
 * alt text becomes a figure with an inline SVG (no sizes or colours of its
 * own, its title and description for screen readers) in a focusable frame,
 * and its caption. A block without title or alt, or with DOT that Graphviz
 * refuses, stops the build with a message saying where. The outputs are the
 * HTML the page gets (the plugin hands its figure to remark-rehype).
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, runRehype, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const remarkDiagrams = jiti('../remarkDiagrams.ts');

testFixtures(path.join(fixturesDir, 'diagrams'), async (source, {name}) => ({
  html: await runRehype(source, {remarkPlugins: [remarkDiagrams]}, {path: `docs/${name}.md`}),
}));
