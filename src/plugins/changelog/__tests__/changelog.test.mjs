/**
 * src/plugins/changelog/remarkChangelog.ts on fixtures, in the made-up site of
 * __fixtures__/changelog/site (two entries): an entry page gets its date,
 * tags and sections under its title; `::changelog` and `::changelog{tag}`
 * become the list of entries, newest first; the changelog's pages get the
 * <link rel="alternate"> of their feeds; an unknown tag is refused; a page
 * outside the changelog is left alone. Each input stands for the page
 * named in `pageOf`.
 */
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import createJiti from 'jiti';
import {fixturesBeside, fixtureSiteModel, runRemark, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const remarkChangelog = /** @type {typeof import('../remarkChangelog.ts').default} */ (jiti('../remarkChangelog.ts'));
const {readEntry} = /** @type {typeof import('../entries.ts')} */ (jiti('../entries.ts'));
const {feedHtml} = /** @type {typeof import('../plugin.ts')} */ (jiti('../plugin.ts'));

const site = path.join(fixturesDir, 'changelog', 'site');
/** @type {Record<string, string>} */
const pageOf = {
  entry: 'docs/changelog/2026-11-02-server-size-required.md',
  index: 'docs/changelog/index.md',
  'tag-page': 'docs/changelog/tags/breaking.md',
  'empty-tag': 'docs/changelog/tags/deprecation.md',
  'unknown-tag': 'docs/changelog/tags/news.md',
  'other-page': 'docs/servers/index.md',
};

// The section titles an entry links to, from the made-up site's model, as the site takes them from the loaded docs.
const model = await fixtureSiteModel(site);
const sectionTitle = (/** @type {string} */ section) => model.pageOfFile(`${section}/index.md`)?.title;

testFixtures(path.join(fixturesDir, 'changelog'), async (source, {name}) => ({
  md: await runRemark(source, [[remarkChangelog, {docsDir: 'docs', siteUrl: 'https://docs.example.com', sectionTitle}]], {
    path: path.join(site, pageOf[name]),
    cwd: site,
  }),
}));

test('an entry with problems is refused, each problem said', () => {
  const {problems} = readEntry(path.join(site, 'docs'), 'changelog/2026-10-01-resize-servers.md');
  assert.deepEqual(problems, []);
  const bad = readEntry(path.join(fixturesDir, 'changelog'), 'bad-entry/2026-13-01-Bad.md');
  assert.deepEqual(bad.problems, [
    'the file name must be YYYY-MM-DD-<name>.md in lower-case kebab case, not 2026-13-01-Bad.md',
    'changelog.date must be a date, YYYY-MM-DD',
    'unknown tag "news" (the tags are: feature, improvement, fix, api, breaking, deprecation)',
    'changelog.sections: no section docs/nowhere/',
    'an entry that lists operations is tagged api',
    'changelog.announce is true or false',
    'unknown key changelog.author',
  ]);
});

test("a feed's content is the entry's article: no title, date line or heading anchors, every address absolute", () => {
  const page = `<html><body><article><div class="theme-doc-markdown markdown"><header><h1>Title</h1></header>
<p class="ld-changelog-meta"><time datetime="2026-11-02">November 2, 2026</time></p>
<p>See <a href="/docs/servers/">Servers</a> and <a href="#what-you-need-to-do">below</a>.</p>
<h2 id="what-you-need-to-do">What you need to do<a href="#what-you-need-to-do" class="hash-link" aria-label="Direct link">​</a></h2>
<p><img src="/img/x.png" alt="x"></p></div></article></body></html>`;
  assert.equal(
    feedHtml(page, 'https://docs.example.com/docs/changelog/x', 'https://docs.example.com'),
    `<p>See <a href="https://docs.example.com/docs/servers/">Servers</a> and <a href="https://docs.example.com/docs/changelog/x#what-you-need-to-do">below</a>.</p>
<h2 id="what-you-need-to-do">What you need to do</h2>
<p><img src="https://docs.example.com/img/x.png" alt="x"></p>`,
  );
});

test("the Markdown for readers' tools has the changelog's lists and an entry's date and tags, every link absolute", () => {
  const {exportPage} = jiti('../../markdown-for-tools/exportPage.ts');
  const context = {
    siteUrl: 'https://docs.example.com',
    siteDir: site,
    routeOf: (/** @type {string} */ file) => `/docs/${file.replace(/\.md$/, '')}`,
    titleOf: (/** @type {string} */ file) => model.pageOfFile(file)?.title,
    childrenOf: () => [],
  };
  const index = exportPage(
    {file: 'changelog/index.md', route: '/docs/changelog/', title: 'Changelog', description: 'Every change.', source: 'All changes:\n\n::changelog\n'},
    context,
  );
  // Each entry: its date, title, tags and summary (without the site's filter and Subscribe toolbar).
  assert.match(
    index,
    /- November 2, 2026\n\n {2}\*\*\[Server size is required\]\(https:\/\/docs\.example\.com\/docs\/changelog\/2026-11-02-server-size-required\)\*\*/,
  );
  assert.match(index, /^ {2}\[API\]\(https:\/\/docs\.example\.com\/docs\/changelog\/tags\/api\)/m);
  assert.doesNotMatch(index, /\[All\]\(|Subscribe/);
  assert.doesNotMatch(index, /::changelog|<head>|rel="alternate"/);
  const entryFile = 'changelog/2026-11-02-server-size-required.md';
  const entry = exportPage(
    {
      file: entryFile,
      route: '/docs/changelog/2026-11-02-server-size-required',
      title: 'Server size is required',
      description: 'x',
      source: 'The `size` field is required.\n',
    },
    context,
  );
  assert.match(entry, /^November 2, 2026 \[API\]\(https:\/\/docs\.example\.com\/docs\/changelog\/tags\/api\) \[Breaking\]/m);
});
