/**
 * URLs never break: every address in contributing/published-urls.txt is a
 * page or a moved-page redirect (src/config/redirects.ts), and every link to
 * another page's heading finds it. Each rule is shown failing on a bad
 * example first. `npm run urls` (UPDATE_URLS=1) records new pages in the list.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {readDocs} from './docs-model.mjs';
import {repoRoot} from '../helpers.mjs';
import {PUBLISHED_FILE, anchorProblems, publishedProblems} from './urls-rules.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {movedPages} = /** @type {typeof import('../../src/config/redirects.ts')} */ (jiti(path.join(repoRoot, 'src/config/redirects.ts')));
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);
const {referenceRoute, REFERENCE_DIR} = /** @type {typeof import('../../src/plugins/api-reference/client/routes.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/client/routes.ts'))
);

const docs = readDocs();
/** Every page the site has now: the guides, and the API reference generated from the contract. */
const routes = new Set([...docs.map((d) => d.route), `/docs/${REFERENCE_DIR}/`, ...loadSiteContract(repoRoot).operations.map(referenceRoute)]);
const publishedFile = path.join(repoRoot, PUBLISHED_FILE);
const readPublished = () =>
  fs
    .readFileSync(publishedFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));

if (process.env.UPDATE_URLS) {
  const header = [
    '# Every address of the docs ever published. A page removed or renamed must keep its address',
    '# working with a redirect (movedPages in src/config/redirects.ts); tests/content/urls.test.mjs',
    '# checks it. Never delete a line. `npm run urls` adds new pages.',
  ];
  const known = fs.existsSync(publishedFile) ? readPublished() : [];
  fs.writeFileSync(publishedFile, `${[...header, ...[...new Set([...known, ...routes])].sort()].join('\n')}\n`);
}

test('a removed or renamed page without a redirect fails with its old URL and the line to add (bad examples)', () => {
  const pages = new Set(['/docs/servers/add-server', '/docs/servers/remove-server', '/docs/servers/']);
  const problems = publishedProblems({published: [...pages, '/docs/servers/delete-server'], routes: pages, moved: []});
  assert.deepEqual(problems, [
    "/docs/servers/delete-server was published and is gone: no page has that address and no redirect leads from it. Add this line to movedPages in src/config/redirects.ts (change the target if the page went elsewhere): {from: '/docs/servers/delete-server', to: '/docs/servers/remove-server'},",
  ]);
  // With the redirect, it passes.
  assert.deepEqual(
    publishedProblems({
      published: [...pages, '/docs/servers/delete-server'],
      routes: pages,
      moved: [{from: '/docs/servers/delete-server', to: '/docs/servers/remove-server'}],
    }),
    [],
  );
  // A redirect that shadows a page or points nowhere, and a page nobody recorded.
  assert.deepEqual(publishedProblems({published: ['/docs/servers/'], routes: pages, moved: [{from: '/docs/servers/add-server', to: '/docs/servers/gone'}]}), [
    'src/config/redirects.ts: movedPages sends /docs/servers/add-server to /docs/servers/gone, but /docs/servers/add-server is a page again: remove the redirect.',
    'src/config/redirects.ts: movedPages sends /docs/servers/add-server to /docs/servers/gone, which is not a page: point it at the page that replaced it.',
    'contributing/published-urls.txt lacks 2 page(s) (/docs/servers/add-server, /docs/servers/remove-server): run "npm run urls" to record them, so that removing one later needs a redirect.',
  ]);
});

test('a link to a renamed heading or a missing page fails with the page, the line and what exists (bad example)', () => {
  /**
   * @param {string} rel
   * @param {string} body
   * @param {string[]} headings
   */
  const page = (rel, body, headings) => ({rel, file: `docs/${rel}`, raw: `---\ntitle: x\n---\n${body}`, body, headings: headings.map((text) => ({text}))});
  const target = page('servers/add-server.md', '', ['Before you begin', 'Check the result', 'The API returns `plan_limit_reached`', 'Steps {#how-to}']);
  const linking = page(
    'servers/index.md',
    'Intro.\n\nSee [the check](./add-server.md#check-the-results) and [limits](./add-server.md#the-api-returns-plan_limit_reached).\n\n```md\n[not a link](./add-server.md#nope)\n```\n\n[Steps](./add-server.md#how-to), [here](#intro), [gone](./remove-server.md).\n',
    ['Intro'],
  );
  assert.deepEqual(anchorProblems([target, linking]), [
    'docs/servers/index.md:6: links to ./add-server.md#check-the-results, but docs/servers/add-server.md has no heading with that anchor (closest: #check-the-result, #how-to, #before-you-begin). A renamed heading changes its anchor: update the link, or keep the old anchor with {#check-the-results} after the heading.',
    "docs/servers/index.md:12: links to ./remove-server.md, but there is no docs/servers/remove-server.md. Link to the page's .md file, relative to this page.",
  ]);
});

test('every address ever published is still a page or redirects to one', () => {
  assert.deepEqual(publishedProblems({published: readPublished(), routes, moved: movedPages}), []);
});

test('every relative link finds its page, and every link to a heading finds that heading', () => {
  assert.deepEqual(anchorProblems(docs), []);
});
