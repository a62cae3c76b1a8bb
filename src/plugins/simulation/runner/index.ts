/**
 * Runs the docs: every task page with API steps (or the pages named) against
 * a fresh simulation each (./run.ts), with what the writer's reference says
 * each page's main call is (C3) and the facts' lifecycles (what a page names
 * a resource, and the verbs of its operations).
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {createSimulation} from '../node';
import {readPage, type RunPage} from './page';
import {runPage, type Finding, type Lifecycle, type PageResult, type Verb} from './run';
import {loadSiteContract, requestBody} from '../../api-reference/contract';
import {docSourceFiles, docsDirOf, readDocSource} from '../../../utils/docsSource';
import type {Json} from '../client/engine/types';

const siteDir = path.resolve(__dirname, '../../../..');

/** The main call of each task page: the reference's C3 table ("Endpoint table (one row per task page)"). */
export function mainCalls(reference: string): Map<string, {method: string; path: string}> {
  const out = new Map<string, {method: string; path: string}>();
  const start = reference.indexOf('## C3.');
  const end = reference.indexOf('## C4.', start);
  for (const line of reference.slice(start, end).split('\n')) {
    const m = /^\| \d+ \| `([^`]+)` \| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \|/.exec(line);
    if (m) out.set(m[1]!, {method: m[2]!, path: m[3]!});
  }
  return out;
}

interface FactsLifecycle {
  id: string;
  nouns: string;
  states: Array<{name: string}>;
  operations?: Array<{name: string; api?: string[]; verb?: string; phrase?: string; label?: string[]}>;
}

function lifecyclesOf(facts: {lifecycles: FactsLifecycle[]}): {lifecycles: Lifecycle[]; verbs: Verb[]} {
  const lifecycles = facts.lifecycles.map((l) => ({id: l.id, nouns: new RegExp(`\\b(?:${l.nouns})\\b`, 'i'), states: l.states.map((s) => s.name)}));
  const verbs = facts.lifecycles.flatMap((l) =>
    (l.operations ?? []).map((op) => {
      const words = [
        op.verb ? `\\b(?:${op.verb})\\b` : '',
        op.phrase ? `\\b(?:${op.phrase})\\b` : '',
        ...(op.label ?? []).map((x) => `\\*\\*${x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*\\*`),
      ].filter(Boolean);
      return {lifecycle: l.id, op: op.name, api: op.api ?? [], pattern: new RegExp(words.join('|') || '$^', 'i')};
    }),
  );
  return {lifecycles, verbs};
}

/** The task pages (paths under docs/): not the section pages, the API reference or the changelog. */
const taskPages = (docsDir: string): string[] =>
  docSourceFiles(docsDir, '', {skip: ['api/reference', 'changelog']}).filter((file) => !/(^|\/)index\.md$/.test(file));

export interface DocsRun {
  results: PageResult[];
  /** Task pages with API steps. */
  total: number;
  line: string;
  findings: Finding[];
}

/** Runs the pages (docs/… paths), or every task page with API steps. */
export function runDocs(files?: string[]): DocsRun {
  const docsDir = docsDirOf(siteDir);
  const paths = (files ?? taskPages(docsDir).map((file) => `docs/${file}`)).sort();
  const read = (file: string) => (file.startsWith('docs/') ? readDocSource(docsDir, file.slice(5)) : fs.readFileSync(path.join(siteDir, file), 'utf8'));
  return runPages(paths.map((file) => ({file, raw: read(file)})));
}

/** Runs pages given as text, each under the name it is reported with (the tests' bad pages). */
export function runPages(sources: Array<{file: string; raw: string}>): DocsRun {
  const reference = fs.readFileSync(path.join(siteDir, 'contributing/writers-reference.md'), 'utf8');
  const facts = parseYaml(fs.readFileSync(path.join(siteDir, 'contributing/facts.yml'), 'utf8')) as {lifecycles: FactsLifecycle[]};
  const {lifecycles, verbs} = lifecyclesOf(facts);
  const probe = createSimulation();
  const main = mainCalls(reference);
  // A link in a fix to a task page is that page's main call ("[Start](./start-server.md) a `stopped` server").
  for (const verb of verbs) {
    verb.pages = [...main]
      .filter(([, call]) => verb.api.includes(probe.route(call.method, call.path.replace(/\{[^}]+\}/g, 'x0000000'))?.op.id ?? ''))
      .map(([page]) => page);
  }
  const contract = loadSiteContract(siteDir);
  const examples = new Map<string, Json>();
  for (const op of contract.operations) {
    const body = requestBody(contract, op);
    if (body?.example !== undefined) examples.set(op.id, body.example as Json);
  }
  const contents = new Map(
    facts.lifecycles.map((l) => [l.id, (l.operations ?? []).filter((op) => (op as {on?: string}).on === 'contents').flatMap((op) => op.api ?? [])] as const),
  );
  const during = new Map(
    probe.data.facts.lifecycles.map((l) => [l.id, l.operations.filter((o) => o.during && o.to).map((o) => ({during: o.during!, to: o.to!}))] as const),
  );
  const ctx = {
    examples,
    contents,
    during,
    simulation: (without?: (obj: import('../client/engine/types').Obj) => boolean) => createSimulation(without ? {without} : {}),
    mainCalls: main,
    project: String(probe.store.all('project')[0]?.id),
    owner: String(probe.store.all('project')[0]?.owner_id),
  };
  const pages: RunPage[] = sources.map(({file, raw}) => readPage(file, raw)).filter((page) => [...page.steps, ...page.checks].some((c) => c.kind === 'call'));
  const results = pages.map((page): PageResult => {
    try {
      return runPage(page, ctx, lifecycles, verbs);
    } catch (error) {
      // The simulation answered outside the contract, or has no behaviour for something: a bug of the simulation, named with the page that met it.
      return {
        file: page.file,
        calls: 0,
        check: 'no-main-call',
        skipped: [],
        findings: [{file: page.file, line: 1, rule: 'simulation', message: (error as Error).message}],
      };
    }
  });
  const findings = results.flatMap((r) => r.findings).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const passed = results.filter((r) => r.findings.length === 0).length;
  const calls = results.reduce((sum, r) => sum + r.calls, 0);
  const checked = results.filter((r) => r.check === 'fails-without-main' || r.check === 'same-without-main');
  const failing = checked.filter((r) => r.check === 'fails-without-main').length;
  const line = `docs run: pages ${passed}/${pages.length}, calls ${calls}, findings ${findings.length}, checks that fail without the main step ${failing}/${checked.length}`;
  return {results, total: pages.length, line, findings};
}
