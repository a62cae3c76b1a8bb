/**
 * The changelog follows the writer's reference ("Changelog entry template",
 * "Changelog tag page template"): each entry's front matter (read by the
 * site's own reader, src/plugins/changelog/entries.ts), its sections, its links to
 * the guides it changes and to the reference page of each operation it
 * names, one tag page per tag, and the index's list.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../helpers.mjs';
import {readDocs, pageKind} from './docs-model.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {readEntry, CHANGELOG_TAGS} = /** @type {typeof import('../../src/plugins/changelog/entries.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/changelog/entries.ts'))
);
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);

const docsDir = path.join(repoRoot, 'docs');
const docs = readDocs();
const entries = docs.filter((doc) => pageKind(doc) === 'changelog-entry');
const operations = new Map(loadSiteContract(repoRoot).operations.map((op) => [op.id, op]));

/**
 * What a content rule finds wrong with one entry (exported for the rule's own test below).
 * @param {import('./docs-model.mjs').Doc} doc
 * @returns {string[]}
 */
function entryProblems(doc) {
  /** @type {string[]} */
  const problems = [];
  const {entry, problems: frontMatter} = readEntry(docsDir, doc.rel);
  problems.push(...frontMatter);
  const h2 = doc.headings.filter((h) => h.depth === 2).map((h) => h.text);
  if (doc.frontMatter.sidebar_position !== undefined) problems.push('no sidebar_position: entries are ordered by date');
  if ((doc.frontMatter.title ?? '').length > 60) problems.push('the title is longer than 60 characters');
  if (!(doc.frontMatter.keywords ?? []).includes('changelog')) problems.push('keywords lack "changelog"');
  if (h2.at(-1) !== 'Related pages') problems.push('does not end with "## Related pages"');
  const related = doc.section('Related pages');
  if (!/^- \[[^\]]+\]\(\.\.\/(?!changelog\/)[^)]+\.md(#[^)]*)?\)/m.test(related)) problems.push('"Related pages" links no guide (../<section>/<page>.md)');
  if ((entry.tags.includes('breaking') || entry.tags.includes('deprecation')) && !h2.includes('What you need to do')) {
    problems.push('a breaking or deprecation entry says "## What you need to do"');
  }
  for (const id of entry.operations) {
    const op = operations.get(id);
    if (!op) {
      // A breaking entry may name an operation it removes: it has no reference page left to link.
      if (!entry.tags.includes('breaking')) problems.push(`changelog.operations: ${id} is not an operationId of api/openapi.yaml`);
      continue;
    }
    const link = `../api/reference/${op.resource.slug}/${op.slug}.md`;
    if (!doc.body.includes(`](${link})`) && !doc.body.includes(`](${link}#`))
      problems.push(`names ${id} but does not link its reference page: [${op.summary}](${link})`);
  }
  if (doc.intro.trim().length < 80) problems.push('no paragraph before the first section');
  return problems;
}

test('there are changelog entries, and each follows the changelog entry template', () => {
  assert.ok(entries.length >= 12, `${entries.length} entries`);
  const failures = entries.flatMap((doc) => entryProblems(doc).map((problem) => `${doc.file}: ${problem}`));
  assert.deepEqual(failures, []);
});

test('the entry rules catch a bad entry', () => {
  const good = entries.find((doc) => readEntry(docsDir, doc.rel).entry.tags.includes('breaking'));
  assert.ok(good, 'an entry tagged breaking');
  assert.deepEqual(entryProblems(good), []);
  const body = good.body.replace(/^## What you need to do$/m, '## Next').replace(/\]\(\.\.\/api\/reference\/[^)]+\)/g, '](../api/index.md)');
  /** @type {import('./docs-model.mjs').Doc} */
  const bad = {
    ...good,
    body,
    headings: good.headings.map((h) => (h.text === 'What you need to do' ? {...h, text: 'Next'} : h)),
    section: (name) => (name === 'Related pages' ? '' : good.section(name)),
  };
  const problems = entryProblems(bad);
  assert.ok(problems.includes('a breaking or deprecation entry says "## What you need to do"'), problems.join('\n'));
  assert.ok(
    problems.some((p) => /does not link its reference page/.test(p)),
    problems.join('\n'),
  );
  assert.ok(problems.includes('"Related pages" links no guide (../<section>/<page>.md)'), problems.join('\n'));
});

test('every tag has its page, which lists its entries, and no page names another tag', () => {
  const tagPages = docs.filter((doc) => pageKind(doc) === 'changelog-tag');
  assert.deepEqual(tagPages.map((doc) => path.posix.basename(doc.rel, '.md')).sort(), Object.keys(CHANGELOG_TAGS).sort());
  for (const doc of tagPages) {
    const tag = path.posix.basename(doc.rel, '.md');
    assert.equal(doc.frontMatter.title, /** @type {Record<string, string>} */ (CHANGELOG_TAGS)[tag], `${doc.file}: title`);
    // Entries first: the list comes before any heading, and the page says how to follow the tag after it.
    const list = doc.body.search(new RegExp(`^::changelog\\{tag="${tag}"\\}$`, 'm'));
    assert.ok(list >= 0, `${doc.file}: no ::changelog{tag="${tag}"}`);
    assert.ok(!/^#/m.test(doc.body.slice(0, list)), `${doc.file}: a heading comes before the entries`);
    assert.match(doc.body.slice(list), /^## Follow these changes$/m, `${doc.file}: no "Follow these changes" after the entries`);
  }
  for (const tag of Object.keys(CHANGELOG_TAGS)) {
    assert.ok(
      entries.some((doc) => /** @type {readonly string[]} */ (readEntry(docsDir, doc.rel).entry.tags).includes(tag)),
      `no entry tagged ${tag}`,
    );
  }
});

test('the API entries: at least three, at least one breaking change and one deprecation', () => {
  const read = entries.map((doc) => readEntry(docsDir, doc.rel).entry);
  assert.ok(read.filter((e) => e.tags.includes('api')).length >= 3);
  assert.ok(read.some((e) => e.tags.includes('breaking')));
  assert.ok(read.some((e) => e.tags.includes('deprecation')));
  assert.ok(
    read.some((e) => e.announce),
    'an entry for the announcement bar',
  );
});
