/**
 * Content checks over docs/: front matter, page templates, placeholders,
 * links and API examples. They fail on a page that breaks the rules of the
 * writer's reference (contributing/writers-reference.md).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readDocs, pageKind, apiCalls, matchOperation} from './docs-model.mjs';
import fs from 'node:fs';
import path from 'node:path';
import {readRoutes, repoRoot} from '../helpers.mjs';

const docs = readDocs();
const routes = readRoutes();

test('every canonical route of routes.tsv has a source page', () => {
  const byRoute = new Map(docs.map((d) => [d.route, d]));
  const missing = routes.filter((r) => r.kind !== 'search' && !byRoute.has(r.path)).map((r) => r.path);
  assert.deepEqual(missing, []);
});

test('every page has a title, a unique one-sentence description of 50-160 characters, and 5-16 keywords', () => {
  const failures = [];
  const seen = new Map();
  for (const doc of docs) {
    const {title, description, keywords} = doc.frontMatter;
    if (typeof title !== 'string' || title.trim().length < 3) failures.push(`${doc.file}: no title`);
    if (typeof title === 'string' && title.length > 60) failures.push(`${doc.file}: title over 60 characters`);
    if (typeof description !== 'string') {
      failures.push(`${doc.file}: no description`);
    } else {
      if (description.length < 50 || description.length > 160) {
        failures.push(`${doc.file}: description is ${description.length} characters`);
      }
      // One sentence: ends with a period, and no sentence break ("…. Next") inside
      // (abbreviations such as "Inc." followed by a lowercase word are fine).
      if (!/[.!?]$/.test(description.trim()) || /[.!?]\s+[A-Z]/.test(description)) {
        failures.push(`${doc.file}: description is not one sentence ending with a period`);
      }
      if (seen.has(description)) failures.push(`${doc.file}: same description as ${seen.get(description)}`);
      seen.set(description, doc.file);
    }
    // The writer's reference, A5 (front matter): 5–16 phrases, lower case, no duplicates.
    if (!Array.isArray(keywords) || keywords.some((k) => typeof k !== 'string' || !k.trim())) {
      failures.push(`${doc.file}: keywords must be a list of search phrases`);
    } else {
      if (keywords.length < 5 || keywords.length > 16) failures.push(`${doc.file}: keywords list ${keywords.length} phrases (the reference allows 5–16)`);
      const upper = keywords.filter((k) => {
        // A command-line option keeps its case ("nginx -T").
        const words = k.replace(/(^|\s)-+[A-Za-z]+\b/g, '');
        return words !== words.toLowerCase();
      });
      if (upper.length) failures.push(`${doc.file}: keywords not in lower case: ${upper.join(', ')}`);
      const repeated = keywords.filter((k, i) => keywords.indexOf(k) !== i);
      if (repeated.length) failures.push(`${doc.file}: keywords listed twice: ${repeated.join(', ')}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('no page uses the front matter keys the reference forbids (slug, id, tags, hide_title, toc_max_heading_level, image)', () => {
  // The writer's reference, A5. The site shows no tags: the doc footer (src/plugins/page-tools) draws no tags row, so a
  // page's tags would be lost without a word.
  const forbidden = ['slug', 'id', 'tags', 'hide_title', 'toc_max_heading_level', 'image'];
  const failures = docs.flatMap((doc) => forbidden.filter((key) => key in doc.frontMatter).map((key) => `${doc.file}: front matter key "${key}"`));
  assert.deepEqual(failures, []);
});

test('aliases of routes.tsv (the spec short names) appear in the keywords of their page', () => {
  const failures = [];
  const byRoute = new Map(docs.map((d) => [d.route, d]));
  for (const route of routes.filter((r) => r.alias)) {
    const doc = byRoute.get(route.path);
    if (!doc) continue;
    const short = /** @type {string} */ (route.alias)
      .replace(/^\/docs\//, '')
      .split('/')
      .slice(-2)
      .join(' ');
    const keywords = (doc.frontMatter.keywords ?? []).map((/** @type {unknown} */ k) => String(k).toLowerCase());
    if (!keywords.includes(short)) failures.push(`${doc.file}: keywords lack "${short}"`);
  }
  assert.deepEqual(failures, []);
});

test('task pages follow the task template', () => {
  const expected = ['Before you begin', 'Steps', 'Check the result', 'Troubleshooting', 'Related pages'];
  const failures = [];
  for (const doc of docs.filter((d) => pageKind(d) === 'task')) {
    const h2 = doc.headings.filter((h) => h.depth === 2).map((h) => h.text);
    if (JSON.stringify(h2) !== JSON.stringify(expected)) {
      failures.push(`${doc.file}: sections are [${h2.join(', ')}]`);
    }
    if (!/^\*\*Required permissions?:\*\* .+$/m.test(doc.body)) failures.push(`${doc.file}: no "Required permission" line`);
    if (
      !/<Tabs groupId="interface">/.test(doc.body) ||
      !/<TabItem value="web" label="Web app" default>/.test(doc.body) ||
      !/<TabItem value="api" label="API">/.test(doc.body)
    ) {
      failures.push(`${doc.file}: no Web app / API tabs with groupId "interface"`);
    }
    const steps = doc.section('Steps');
    if (!/^\s*1\. /m.test(steps)) failures.push(`${doc.file}: no numbered steps`);
    if (!/\*\*[^*]+\*\*/.test(steps)) failures.push(`${doc.file}: no UI label in bold in the steps`);
    const intro = doc.intro.replace(/^import .*$/gm, '').trim();
    if (intro.length < 40) failures.push(`${doc.file}: no intro paragraph before "Before you begin"`);
    const troubleshooting = doc.headings.filter((h) => h.depth === 3 && h.under === 'Troubleshooting');
    if (troubleshooting.length < 1) failures.push(`${doc.file}: no problem under Troubleshooting`);
    const related = doc.section('Related pages');
    if ((related.match(/^- \[[^\]]+\]\(\.{1,2}\/[^)]+\.md(#[^)]*)?\)/gm) ?? []).length < 2) {
      failures.push(`${doc.file}: fewer than 2 related pages`);
    }
  }
  assert.deepEqual(failures, []);
});

test("a task page's permission line names exactly the permissions of its row in the reference's C3", () => {
  const reference = fs.readFileSync(path.join(repoRoot, 'contributing/writers-reference.md'), 'utf8');
  const c3 = reference.slice(reference.indexOf('## C3.'), reference.indexOf('## C4.'));
  /** @type {Map<string, Set<string>>} */
  const rows = new Map();
  for (const line of c3.split('\n')) {
    const m = /^\| \d+ \| `([^`]+)` \| [A-Z]+ \| `[^`]+` \| ([^|]*) \|/.exec(line);
    if (m) rows.set(`${m[1]}.md`, new Set([...m[2].matchAll(/`([a-z_]+:[a-z_]+)`/g)].map((x) => x[1])));
  }
  assert.ok(rows.size > 100, `C3 has ${rows.size} rows`);
  const failures = [];
  for (const doc of docs.filter((d) => pageKind(d) === 'task')) {
    const expected = rows.get(doc.rel);
    const line = /^\*\*Required permissions?:\*\* (.*)$/m.exec(doc.section('Before you begin'))?.[1];
    if (!expected || line === undefined) continue;
    // "none. Anyone with the webhook URL…": C3's permission for what comes before (creating the webhook) is in a bullet of the section.
    const where = /^none\./.test(line) ? doc.section('Before you begin') : line;
    const named = new Set([...where.matchAll(/`([a-z_]+:[a-z_]+)`/g)].map((x) => x[1]));
    const missing = [...expected].filter((p) => !named.has(p));
    const extra = [...named].filter((p) => !expected.has(p));
    if (missing.length || extra.length) {
      failures.push(
        `${doc.file}: the permission line ${missing.length ? `lacks ${missing.join(', ')}` : ''}${missing.length && extra.length ? ' and ' : ''}${extra.length ? `names ${extra.join(', ')}, which C3 doesn't` : ''}: change the page or its C3 row`,
      );
    }
  }
  assert.deepEqual(failures, []);
});

test('the tutorial follows the tutorial template: numbered steps, each with both tabs and its calls run in the simulation', () => {
  const failures = [];
  const tutorials = docs.filter((d) => pageKind(d) === 'tutorial');
  assert.ok(tutorials.length >= 1, 'docs/quick-start.md is a tutorial');
  for (const doc of tutorials) {
    const h2 = doc.headings.filter((h) => h.depth === 2).map((h) => h.text);
    const steps = h2.slice(1, -2);
    if (h2[0] !== 'Before you begin' || h2.at(-2) !== 'Check the result' || h2.at(-1) !== 'Next steps') {
      failures.push(`${doc.file}: sections are [${h2.join(', ')}]: Before you begin, the numbered steps, Check the result, Next steps`);
    }
    if (steps.length < 3) failures.push(`${doc.file}: ${steps.length} numbered steps`);
    steps.forEach((title, i) => {
      if (!title.startsWith(`${i + 1}. `)) failures.push(`${doc.file}: step "${title}" isn't numbered ${i + 1}`);
      const section = doc.section(title);
      if (!/<TabItem value="web" label="Web app" default>/.test(section) || !/<TabItem value="api" label="API">/.test(section)) {
        failures.push(`${doc.file}: step "${title}" has no Web app / API tabs`);
      }
      // Its call, and any GET that waits for what the call started, each run in the simulation.
      const runs = section.match(/^```bash run\b/gm) ?? [];
      const plain = section.match(/^```(?:bash|shell|sh)(?![^\n]*\brun\b)[^\n]*\n(?:(?!```)[^\n]*\n)*?curl /gm) ?? [];
      if (runs.length < 1) failures.push(`${doc.file}: step "${title}" has no \`bash run\` call`);
      if (plain.length) failures.push(`${doc.file}: step "${title}" has ${plain.length} curl call(s) that don't run in the simulation (\`bash run\`)`);
    });
    if (!/^```bash run\b/m.test(doc.section('Check the result'))) failures.push(`${doc.file}: Check the result has no \`bash run\` call`);
    if (!/^\*\*Required permissions?:\*\* .+$/m.test(doc.section('Before you begin'))) failures.push(`${doc.file}: no "Required permission" line`);
    if (!/^<QuickStart project="[a-z]+_[A-Za-z0-9]+">$/m.test(doc.body)) failures.push(`${doc.file}: no <QuickStart project="…"> around the steps`);
    if (doc.frontMatter.hide_table_of_contents !== true) failures.push(`${doc.file}: hide_table_of_contents isn't true`);
    const next = doc.section('Next steps');
    if ((next.match(/^- \[[^\]]+\]\(\.{1,2}\/[^)]+\.md(#[^)]*)?\)/gm) ?? []).length < 3) failures.push(`${doc.file}: fewer than 3 next steps`);
  }
  assert.deepEqual(failures, []);
});

test('section index pages explain the concept and list their pages', () => {
  const failures = [];
  for (const doc of docs.filter((d) => pageKind(d) === 'section')) {
    const h2 = doc.headings.filter((h) => h.depth === 2).map((h) => h.text);
    if (!h2.includes('Permissions')) failures.push(`${doc.file}: no "Permissions" section`);
    if (doc.rel === 'changelog/index.md') {
      // The changelog lists its entries with dates (tests/content/changelog.test.mjs), not as cards, and first: before any heading.
      if (!/^::changelog$/m.test(doc.intro)) failures.push(`${doc.file}: ::changelog does not come before the first heading (entries first)`);
    } else if (doc.hasChildren) {
      if (h2.at(-1) !== 'In this section' || !/<DocCardList \/>/.test(doc.body)) {
        failures.push(`${doc.file}: does not end with "In this section" and <DocCardList />`);
      }
    }
    if (doc.intro.replace(/^import .*$/gm, '').trim().length < 80) failures.push(`${doc.file}: intro too short`);
  }
  assert.deepEqual(failures, []);
});

test('no reader-visible placeholder text, raw product URL or missing sentence', () => {
  const failures = [];
  for (const doc of docs) {
    const placeholder = /\b(lorem ipsum|TODO|TBD|FIXME|XXX|coming soon|skeleton)\b/i.exec(doc.body);
    if (placeholder) failures.push(`${doc.file}: "${placeholder[0]}"`);
    const url = /https?:\/\/(?:[a-z0-9-]+\.)*launchdeck\.io\b/i.exec(doc.body);
    if (url) failures.push(`${doc.file}: literal product URL ${url[0]}; use a %…_URL% token`);
    if (/\]\((?:https?:\/\/[^)]*)?\/docs\//.test(doc.body)) failures.push(`${doc.file}: link to /docs/ by URL; link the .md file`);
    if (/^#\s/m.test(doc.bodyWithoutCode)) failures.push(`${doc.file}: H1 in the body (the title comes from front matter)`);
  }
  assert.deepEqual(failures, []);
});

test('every API example matches an operation of api/openapi.yaml', () => {
  // The same matching as the reference's links from guides (src/plugins/api-reference/calls.ts).
  const failures = [];
  let count = 0;
  for (const doc of docs) {
    for (const call of apiCalls(doc)) {
      count += 1;
      if (!matchOperation(call.method, call.path)) {
        failures.push(`${doc.file}:${call.line}: ${call.method} ${call.path} is not in api/openapi.yaml`);
      }
    }
  }
  assert.ok(count > 0, 'the docs contain API examples');
  assert.deepEqual(failures, []);
});
