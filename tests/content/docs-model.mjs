/**
 * A small model of the Markdown pages under docs/ for the content checks:
 * front matter, route, page kind, headings, sections and API calls.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import YAML from 'yaml';
import {repoRoot} from '../helpers.mjs';

// The site's own rules, not copies: a doc's route (src/utils/docRoutes.ts) and the API calls a page shows (src/plugins/api-reference/calls.ts).
const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {docRoute} = /** @type {typeof import('../../src/utils/docRoutes.ts')} */ (jiti(path.join(repoRoot, 'src/utils/docRoutes.ts')));
const {apiCallsIn, findOperation} = /** @type {typeof import('../../src/plugins/api-reference/calls.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/calls.ts'))
);
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);

const docsDir = path.join(repoRoot, 'docs');

/** The API reference under docs/api/reference/ is generated at build time (src/plugins/api-reference): its own tests check it. */
const generatedDir = path.join(docsDir, 'api', 'reference');

/**
 * @param {string} dir
 * @returns {string[]}
 */
function walk(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === generatedDir ? [] : walk(full);
    return /\.mdx?$/.test(entry.name) && !entry.name.startsWith('_') && entry.name !== 'README.md' ? [full] : [];
  });
}

/** @param {string} text */
function stripCode(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/** @param {string} file */
export function parseDoc(file) {
  const raw = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(raw);
  const frontMatter = match ? (YAML.parse(match[1]) ?? {}) : {};
  const body = match ? raw.slice(match[0].length) : raw;
  const rel = path.relative(docsDir, file).split(path.sep).join('/');
  const route = docRoute(rel, typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined);
  const bodyWithoutCode = stripCode(body);
  /** @type {Array<{depth: number, text: string, under: string | undefined}>} */
  const headings = [];
  /** @type {string | undefined} */
  let under;
  for (const line of bodyWithoutCode.split('\n')) {
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const depth = h[1].length;
    if (depth === 2) under = h[2];
    headings.push({depth, text: h[2], under: depth > 2 ? under : undefined});
  }
  const dir = path.dirname(file);
  const hasChildren =
    path.basename(file).startsWith('index.') &&
    fs.readdirSync(dir).some((name) => name !== path.basename(file) && (/\.mdx?$/.test(name) || fs.statSync(path.join(dir, name)).isDirectory()));
  const firstH2 = bodyWithoutCode.search(/^## /m);
  return {
    file: `docs/${rel}`,
    rel,
    route,
    raw,
    frontMatter,
    body,
    bodyWithoutCode,
    headings,
    hasChildren,
    intro: firstH2 >= 0 ? bodyWithoutCode.slice(0, firstH2) : bodyWithoutCode,
    /**
     * Text of the H2 section with this heading, up to the next H2.
     * @param {string} name
     */
    section(name) {
      const lines = body.split('\n');
      const start = lines.findIndex((l) => l.trim() === `## ${name}`);
      if (start < 0) return '';
      const rest = lines.slice(start + 1);
      let inFence = false;
      /** @type {string[]} */
      const out = [];
      for (const line of rest) {
        if (/^(```|~~~)/.test(line)) inFence = !inFence;
        if (!inFence && /^## /.test(line)) break;
        out.push(line);
      }
      return out.join('\n');
    },
  };
}

export function readDocs() {
  return walk(docsDir).sort().map(parseDoc);
}

/** @typedef {ReturnType<typeof parseDoc>} Doc */

/**
 * home | section | faq | legal | policy | changelog-entry | changelog-tag | tutorial | task
 * @param {{rel: string}} doc
 */
export function pageKind(doc) {
  if (doc.rel === 'index.md' || doc.rel === 'index.mdx') return 'home';
  // The writer's reference, A6: the one tutorial page.
  if (doc.rel === 'quick-start.md') return 'tutorial';
  if (doc.rel.startsWith('changelog/tags/')) return 'changelog-tag';
  if (doc.rel.startsWith('changelog/') && doc.rel !== 'changelog/index.md') return 'changelog-entry';
  if (doc.rel.startsWith('users/subscriptions/faq/')) return 'faq';
  if (/(^|\/)index\.mdx?$/.test(doc.rel)) return 'section';
  if (doc.rel.startsWith('legal/')) return 'legal';
  if (doc.rel.startsWith('security/')) return 'policy';
  return 'task';
}

/**
 * API calls shown on a page (src/plugins/api-reference/calls.ts): curl commands in code blocks
 * (method from -X, path after %API_URL%), and `METHOD /path` in inline code.
 * @param {{body: string}} doc
 */
export function apiCalls(doc) {
  return apiCallsIn(doc.body);
}

/** @type {any} */
let openapiCache;
/** api/openapi.yaml as plain data (YAML: any JSON). */
export function loadOpenApi() {
  openapiCache ??= YAML.parse(fs.readFileSync(path.join(repoRoot, 'api/openapi.yaml'), 'utf8'));
  return openapiCache;
}

/** @type {ReturnType<typeof loadSiteContract> | undefined} */
let contractCache;
/**
 * True when METHOD path is an operation of the API contract (src/plugins/api-reference/calls.ts decides, as for the reference's links).
 * @param {string} method
 * @param {string} requestPath
 */
export function matchOperation(method, requestPath) {
  contractCache ??= loadSiteContract(repoRoot);
  return Boolean(findOperation(contractCache, method, requestPath));
}
