#!/usr/bin/env node
/**
 * Search evaluation: runs the reader queries of src/plugins/search/data/queries.tsv through
 * the site's search engine (src/plugins/search/client/engine, the code the browser runs) on
 * a built site's index files, and prints hit@1, hit@5, MRR and the
 * zero-result rate for each split.
 *
 * The queries were written before the ranking was tuned. A third of them
 * (split "holdout") is never used for tuning: this script refuses to list
 * their failures. src/plugins/search/data/queries-unseen.tsv (split "unseen") holds queries
 * that nobody tuning the search has read: measured, never listed.
 *
 *   npm run search:eval                      # both splits, the build in build/ (or build-test/)
 *   npm run search:eval -- --failures        # also list the tuning split's misses
 *   npm run search:eval -- --check           # exit 1 when the holdout split misses bench/budgets.json
 *   npm run search:eval -- --dir build-test --json
 *   npm run search:eval -- --compare ../before/build   # what a change did: the tuning split and each page's
 *                                                      # own words, before (that build) and after (this one)
 *
 * Three reading states are measured:
 * - "box": the search box once the whole site's text has loaded in the
 *   background, the query typed without a final space (the last word may be
 *   unfinished, as while typing);
 * - "box-first": the search box before any body text has arrived, typed on
 *   the docs home (only the first tier);
 * - "page": the /search page (the query is complete).
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const jiti = createJiti(fileURLToPath(import.meta.url), {interopDefault: true});
const {SearchEngine} = /** @type {typeof import('../client/engine/engine.ts')} */ (jiti(path.join(root, 'src/plugins/search/client/engine/engine.ts')));
const {HeadingFlag, PageKind, indexFileNames} = /** @type {typeof import('../client/engine/model.ts')} */ (
  jiti(path.join(root, 'src/plugins/search/client/engine/model.ts'))
);
// Typed here, not as typeof import('../plugin.ts'): under tsconfig.node.json that module's imports of the search plugin don't type-check.
const {loadSynonyms} = /** @type {{loadSynonyms(siteDir: string): import('../client/engine/model.ts').SynonymRow[]}} */ (
  jiti(path.join(root, 'src/plugins/search/plugin.ts'))
);

/** @typedef {{split: string, category: string, query: string, expected: string[]}} Query */

/**
 * The queries: [{split, category, query, expected: string[]}].
 * @param {string} [file]
 * @returns {Query[]}
 */
export function readQueries(file = path.join(root, 'src/plugins/search/data/queries.tsv')) {
  // src/plugins/search/data/queries-unseen.tsv (split "unseen"): readers' queries written by someone who never saw the
  // keywords, the synonyms or the other queries, and never read by whoever tunes the search.
  const unseen = path.join(root, 'src/plugins/search/data/queries-unseen.tsv');
  const files = file === path.join(root, 'src/plugins/search/data/queries.tsv') && fs.existsSync(unseen) ? [file, unseen] : [file];
  return files.flatMap((f) => readQueryFile(f));
}

/** @param {string} file @returns {Query[]} */
function readQueryFile(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [split, category, query, expected] = line.split('\t');
      return {split, category, query, expected: expected.split('|').map((s) => s.trim())};
    });
}

/**
 * The index files of a build: the first tier and every text file.
 * @typedef {object} Index
 * @property {import('../client/engine/model.ts').PagesFile} pages
 * @property {(context: string) => import('../client/engine/model.ts').TextFile} text
 * @property {string[]} contexts
 */

/** The index files of a build: the first tier and every text file. @param {string} dir @returns {Index} */
export function loadIndex(dir) {
  const pagesName = fs.readdirSync(dir).find((name) => /^search-pages-[0-9a-f]{8}\.json$/.test(name));
  if (!pagesName) throw new Error(`No search index in ${dir}: build the site first (npm run build).`);
  const hash = pagesName.slice('search-pages-'.length, -'.json'.length);
  const pages = JSON.parse(fs.readFileSync(path.join(dir, pagesName), 'utf8'));
  const text = (/** @type {string} */ context) => JSON.parse(fs.readFileSync(path.join(dir, indexFileNames.text(context, hash)), 'utf8'));
  return {pages, text, contexts: ['', ...pages.contexts]};
}

/**
 * A search engine in one of the reading states described above. The synonyms
 * come from src/plugins/search/data/synonyms.yml as it is now, so a writer sees what a change
 * to it does without building the site again.
 * @param {Index} index
 * @param {string} state One of STATES.
 */
export function engineFor(index, state) {
  const engine = new SearchEngine({...index.pages, synonyms: loadSynonyms(root)});
  const contexts = state === 'box-first' ? [''] : index.contexts;
  for (const context of contexts) engine.addText(context, index.text(context));
  return engine;
}

const clean = (/** @type {string} */ url) => url.replace(/[?#].*$/, '');

/**
 * Runs the queries; returns the metrics and each query's outcome.
 * @param {InstanceType<typeof SearchEngine>} engine
 * @param {Query[]} queries
 * @param {{typing: boolean}} options
 */
export function evaluate(engine, queries, {typing}) {
  const outcomes = queries.map((q) => {
    const started = performance.now();
    const {hits} = engine.search(q.query, {limit: 10, typing});
    const ms = performance.now() - started;
    const urls = hits.map((h) => clean(engine.pages[h.page].url));
    const rank = urls.findIndex((u) => q.expected.includes(u)) + 1;
    return {...q, urls, rank, ms};
  });
  const n = outcomes.length || 1;
  const metrics = {
    queries: outcomes.length,
    hit1: outcomes.filter((o) => o.rank === 1).length / n,
    hit5: outcomes.filter((o) => o.rank >= 1 && o.rank <= 5).length / n,
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
    zero: outcomes.filter((o) => o.urls.length === 0).length / n,
    msP95: [...outcomes.map((o) => o.ms)].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * outcomes.length) - 1)] ?? 0,
  };
  return {metrics, outcomes};
}

export const STATES = {box: {typing: true}, 'box-first': {typing: true}, page: {typing: false}};

/**
 * Every query in every reading state: the evaluation by state ("box") and split ("holdout").
 * @param {string} dir
 * @param {Query[]} [queries]
 */
export function runAll(dir, queries = readQueries()) {
  const index = loadIndex(dir);
  /** @type {Record<string, Record<string, ReturnType<typeof evaluate>>>} */
  const report = {};
  for (const [state, options] of Object.entries(STATES)) {
    const engine = engineFor(index, state);
    report[state] = {};
    for (const split of ['tune', 'holdout', 'unseen'].filter((name) => queries.some((q) => q.split === name))) {
      report[state][split] = evaluate(
        engine,
        queries.filter((q) => q.split === split),
        options,
      );
    }
  }
  return report;
}

/** @returns {string} */
function defaultDir() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--dir');
  if (i >= 0 && args[i + 1]) return path.resolve(args[i + 1]);
  const candidates = ['build', 'build-test'].map((d) => path.join(root, d));
  const built = candidates.filter((d) => fs.existsSync(d) && fs.readdirSync(d).some((n) => n.startsWith('search-pages-')));
  if (built.length === 0) throw new Error('No built site with a search index: run "npm run build" first.');
  return built.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
}

const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(1)}%`;

/**
 * Queries made from what each guide page says it is: its title, each keyword
 * phrase, and each heading no other page has (template headings left out),
 * each expecting its own page. Held by no split: a check that a change to one
 * page does not take another page's own words from it.
 * @param {Index} index
 * @returns {Query[]}
 */
export function pageProbes(index) {
  const {pages, headings} = index.pages;
  /** @type {Map<string, number>} */
  const count = new Map();
  for (const [, text] of headings) count.set(text.toLowerCase(), (count.get(text.toLowerCase()) ?? 0) + 1);
  const guide = (/** @type {number} */ kind) => kind !== PageKind.Reference && kind !== PageKind.News;
  /** @type {Query[]} */
  const probes = [];
  for (const [url, title, , , keywords, kind] of pages) {
    if (!guide(kind)) continue;
    for (const [category, query] of [['title', title], ...keywords.map((k) => ['keyword', k])])
      probes.push({split: 'probe', category, query, expected: [clean(url)]});
  }
  for (const [page, text, flags] of headings) {
    const [url, , , , , kind] = /** @type {import('../client/engine/model.ts').PageRow} */ (pages[page]);
    if (guide(kind) && !(flags & HeadingFlag.Template) && count.get(text.toLowerCase()) === 1)
      probes.push({split: 'probe', category: 'heading', query: text, expected: [clean(url)]});
  }
  return probes;
}

/**
 * The tuning split and the page probes of both builds, in the search box, on
 * the build `before` and the build `after`: each query that found its page
 * first before and does not now. The holdout and unseen splits are left out.
 * @param {string} before
 * @param {string} after
 */
export function compareBuilds(before, after) {
  const indexes = [loadIndex(before), loadIndex(after)];
  const seen = new Set();
  const queries = [...readQueries().filter((q) => q.split === 'tune'), ...indexes.flatMap(pageProbes)].filter((q) => {
    const key = `${q.query}\t${q.expected.join('|')}`;
    return !seen.has(key) && seen.add(key);
  });
  const [was, now] = indexes.map((index) => evaluate(engineFor(index, 'box'), queries, STATES.box).outcomes);
  const lost = now.filter((o, i) => was[i]?.rank === 1 && o.rank !== 1);
  const gained = now.filter((o, i) => was[i]?.rank !== 1 && o.rank === 1);
  return {queries: queries.length, lost, gained};
}

async function main() {
  const args = process.argv.slice(2);
  const dir = defaultDir();
  const compare = args.indexOf('--compare');
  if (compare >= 0) {
    const before = path.resolve(args[compare + 1] ?? '');
    const {queries, lost, gained} = compareBuilds(before, dir);
    console.log(`${queries} queries (the tuning split, and each guide page's title, keywords and own headings), first result in the search box:`);
    console.log(`- found first in ${path.relative(root, before) || before} and not in ${path.relative(root, dir) || dir}: ${lost.length}`);
    for (const o of lost)
      console.log(`  - [${o.category}] "${o.query}" → rank ${o.rank || '-'}; expected ${o.expected.join(' | ')}, got ${o.urls[0] ?? '(nothing)'}`);
    console.log(`- found first now and not before: ${gained.length}`);
    process.exit(lost.length ? 1 : 0);
  }
  const queries = readQueries();
  const report = runAll(dir, queries);
  if (args.includes('--json')) {
    const json = Object.fromEntries(
      Object.entries(report).map(([state, splits]) => [state, Object.fromEntries(Object.entries(splits).map(([s, r]) => [s, r.metrics]))]),
    );
    console.log(JSON.stringify(json, null, 2));
  } else {
    console.log(`Search evaluation: ${queries.length} queries (${path.relative(root, dir) || dir})`);
    console.log('state       split     queries  hit@1   hit@5   MRR    zero   p95 ms');
    for (const [state, splits] of Object.entries(report)) {
      for (const [split, {metrics: m}] of Object.entries(splits)) {
        console.log(
          `${state.padEnd(11)} ${split.padEnd(9)} ${String(m.queries).padStart(7)}  ${pct(m.hit1).padStart(6)}  ${pct(m.hit5).padStart(6)}  ${m.mrr.toFixed(3)}  ${pct(m.zero).padStart(5)}  ${m.msP95.toFixed(1)}`,
        );
      }
    }
  }
  if (args.includes('--failures')) {
    const state = args.includes('--page') ? 'page' : args.includes('--first') ? 'box-first' : 'box';
    console.log(`\nMisses of the tuning split (${state}); the holdout and unseen splits' are never shown:`);
    for (const o of report[state].tune.outcomes.filter((x) => x.rank !== 1)) {
      console.log(
        `- [${o.category}] "${o.query}" → rank ${o.rank || '-'}; expected ${o.expected.join(' | ')}\n    got ${o.urls.slice(0, 3).join(', ') || '(nothing)'}`,
      );
    }
  }
  if (args.includes('--check')) {
    /** @type {{min: Record<string, {value: number} | undefined>, max: Record<string, {value: number} | undefined>}} */
    const budgets = JSON.parse(fs.readFileSync(path.join(root, 'bench/budgets.json'), 'utf8'));
    const m = report.box.holdout.metrics;
    /** @type {string[]} */
    const failures = [];
    /** @param {string} key @param {number} value */
    const min = (key, value) => budgets.min[key] && value < budgets.min[key].value && failures.push(`${key} ${value.toFixed(3)} < ${budgets.min[key].value}`);
    /** @param {string} key @param {number} value */
    const max = (key, value) => budgets.max[key] && value > budgets.max[key].value && failures.push(`${key} ${value.toFixed(3)} > ${budgets.max[key].value}`);
    min('search.eval.holdout.hit1', m.hit1);
    min('search.eval.holdout.hit5', m.hit5);
    max('search.eval.holdout.zero', m.zero);
    if (failures.length) {
      console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
      process.exit(1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
