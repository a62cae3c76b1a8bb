/**
 * src/plugins/markdown-for-tools/exportPage.ts on fixtures: a page's source (MDX) becomes the
 * Markdown that readers' tools get at /docs/<page>.md. Each input is a page
 * of the made-up site in __fixtures__/site: its title and description come
 * from its front matter, its links resolve against that site's docs/, and
 * its curl examples link to the operations of that site's contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import YAML from 'yaml';
import {fixturesBeside, fixtureSite, fixtureSiteModel, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {exportPage} = jiti('../exportPage.ts');
const {docRoute} = /** @type {typeof import('../../../utils/docRoutes.ts')} */ (jiti('../../../utils/docRoutes.ts'));

/** The file under docs/ each case stands for (a task page of the servers section unless named here). */
/** @type {Record<string, string>} */
const fileOf = {'section-page': 'servers/index.md'};

/** The cards of a section page, as the docs plugin would list them. */
/** @type {Record<string, Array<{title: string, route: string, description: string}>>} */
const cards = {
  '/docs/servers/': [
    {title: 'Add a server', route: '/docs/servers/add-server', description: 'Create a server at your cloud provider.'},
    {title: 'A page without a description', route: '/docs/servers/no-description', description: ''},
    {title: 'Firewalls', route: '/docs/servers/firewalls/', description: 'Rules that decide which traffic reaches a server.'},
  ],
};

/** The site's one rule for a doc's route (src/utils/docRoutes.ts), for the fixture site's files. */
const routeOf = (/** @type {string} */ file) => (fs.existsSync(path.join(fixtureSite, 'docs', file)) ? docRoute(file) : undefined);

/** A doc's title, from the fixture site's model as the site takes it from the loaded docs. */
const model = await fixtureSiteModel();
const titleOf = (/** @type {string} */ file) => model.pageOfFile(file)?.title;

const context = {
  siteUrl: 'https://docs.launchdeck.io',
  routeOf,
  titleOf,
  childrenOf: (/** @type {string} */ route) => cards[route] ?? [],
  siteDir: fixtureSite,
};

testFixtures(path.join(fixturesDir, 'export-page'), (source, {name}) => {
  const file = fileOf[name] ?? `servers/${name}.md`;
  const frontMatter = YAML.parse(/^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '') ?? {};
  const route = routeOf(file) ?? `/docs/${file.replace(/\.mdx?$/, '')}`;
  return {md: exportPage({file, route, title: frontMatter.title, description: frontMatter.description, source}, context)};
});
