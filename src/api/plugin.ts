/**
 * The API reference, generated from api/openapi.yaml at build time:
 * - when the site loads, writes one page per operation (a few lines of MDX
 *   and the page's data as JSON, see ./pageData.ts), a sidebar category per
 *   resource and the reference overview into docs/api/reference/ (ignored by
 *   git: generated, never edited, never committed), before the docs plugin
 *   reads the docs folder; each page lists the guides that call its operation;
 *   the Markdown of each page for readers' tools is kept for src/markdown;
 * - after the build, publishes the contract as /openapi.yaml and /openapi.json.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadSiteContract, type Contract, type Operation} from './contract';
import {apiCallsIn, findOperation} from './calls';
import {REFERENCE_DIR, referenceFiles, type GuideLink} from './render';
import {frontMatterField} from '../utils/frontMatter';

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('docs', ...REFERENCE_DIR.split('/'))) ? [] : markdownFiles(full);
    return /\.mdx?$/.test(entry.name) ? [full] : [];
  });
}

/** The guides whose curl examples call each operation, by operation ID. */
export function guidesByOperation(siteDir: string, contract: Contract): Map<string, GuideLink[]> {
  const docsDir = path.join(siteDir, 'docs');
  const byOperation = new Map<string, GuideLink[]>();
  for (const file of markdownFiles(docsDir).sort()) {
    const markdown = fs.readFileSync(file, 'utf8');
    const rel = path.relative(docsDir, file).split(path.sep).join('/');
    const title = frontMatterField(file, 'title') ?? rel;
    const seen = new Set<string>();
    for (const call of apiCallsIn(markdown).filter((c) => c.curl)) {
      const op = findOperation(contract, call.method, call.path);
      if (!op || seen.has(op.id)) continue;
      seen.add(op.id);
      const list = byOperation.get(op.id) ?? [];
      list.push({title, file: rel});
      byOperation.set(op.id, list);
    }
  }
  return byOperation;
}

/** The day api/openapi.yaml last changed in git (YYYY-MM-DD), or undefined without git history. */
export function contractDate(siteDir: string): string | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cs', '--', 'api/openapi.yaml'], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Markdown for readers' tools of each generated page whose file isn't that
 * Markdown (the operation pages: their file imports the page's data), by path
 * under docs/. Filled by generateReference(); read by src/markdown/plugin.ts.
 */
const generatedMarkdown = new Map<string, string>();

/** The Markdown for readers' tools of a generated page (path under docs/), or undefined. */
export const referenceMarkdown = (file: string): string | undefined => generatedMarkdown.get(file);

/** Writes the reference into docs/api/reference/; files whose content didn't change are left alone. */
export function generateReference(siteDir: string): {contract: Contract; files: string[]} {
  const contract = loadSiteContract(siteDir);
  const guides = guidesByOperation(siteDir, contract);
  const outDir = path.join(siteDir, 'docs', ...REFERENCE_DIR.split('/'));
  const files = referenceFiles(contract, (op: Operation) => guides.get(op.id) ?? [], contractDate(siteDir));
  const wanted = new Set(files.map((f) => path.join(outDir, f.file)));
  // Pages of operations that left the contract go too.
  if (fs.existsSync(outDir)) {
    for (const old of walkAll(outDir)) if (!wanted.has(old)) fs.rmSync(old, {force: true});
  }
  generatedMarkdown.clear();
  for (const {file, content, markdown} of files) {
    if (markdown !== undefined) generatedMarkdown.set(`${REFERENCE_DIR}/${file}`, markdown);
    const target = path.join(outDir, file);
    fs.mkdirSync(path.dirname(target), {recursive: true});
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== content) fs.writeFileSync(target, content);
  }
  return {contract, files: [...wanted]};
}

function walkAll(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walkAll(full) : [full];
  });
}

export default function apiReferencePlugin(context: LoadContext): Plugin {
  const contractFile = path.join(context.siteDir, 'api/openapi.yaml');
  const {contract} = generateReference(context.siteDir);
  return {
    name: 'launchdeck-api-reference',
    getPathsToWatch() {
      return [contractFile];
    },
    async postBuild({outDir}) {
      fs.copyFileSync(contractFile, path.join(outDir, 'openapi.yaml'));
      fs.writeFileSync(path.join(outDir, 'openapi.json'), `${JSON.stringify(contract.doc, null, 2)}\n`);
    },
  };
}
