/**
 * URLs that never break (tests/content/urls.test.mjs): every address the
 * docs ever published still answers, as a page or a redirect, and every link
 * to a heading of another page finds that heading, checked on the Markdown
 * without a build. Each rule returns its findings as "where: what, and the
 * fix", so a writer reads what to do.
 */
import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';
import {repoRoot} from '../helpers.mjs';
import {createRequire} from 'node:module';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {editDistance} = /** @type {typeof import('../../src/plugins/search/client/engine/engine.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/search/client/engine/engine.ts'))
);
const {plainText} = /** @type {typeof import('../../src/plugins/api-reference/consoleSpec.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/consoleSpec.ts'))
);

export const REDIRECTS_FILE = 'src/config/redirects.ts';
export const PUBLISHED_FILE = 'contributing/published-urls.txt';

/**
 * What the rules read of a page (tests/content/docs-model.mjs's Doc has it all).
 * @typedef {{rel: string, file: string, raw: string, body: string, headings: Array<{text: string}>}} LinkedDoc
 */

/**
 * The current page closest to a gone address, to suggest as the redirect's target.
 * @param {string} gone
 * @param {Iterable<string>} routes
 */
export function closestRoute(gone, routes) {
  /** @type {{route: string, distance: number} | undefined} */
  let best;
  for (const route of routes) {
    const distance = editDistance(gone, route, Infinity);
    if (!best || distance < best.distance) best = {route, distance};
  }
  return best?.route ?? '/docs/';
}

/**
 * Every published address must still lead somewhere: a page, or a moved-page
 * redirect to a page. Redirects must not shadow a page or point nowhere, and
 * every page must be in the published list.
 * @param {{published: string[], routes: Set<string>, moved: Array<{from: string, to: string}>}} input
 * @returns {string[]}
 */
export function publishedProblems({published, routes, moved}) {
  /** @type {string[]} */
  const problems = [];
  const redirects = new Map(moved.map((m) => [m.from, m.to]));
  const listed = new Set(published);
  // A renamed page shows up as a page nobody recorded yet: the likeliest target of its old address.
  const fresh = [...routes].filter((route) => !listed.has(route));
  for (const url of published) {
    if (routes.has(url) || redirects.has(url)) continue;
    problems.push(
      `${url} was published and is gone: no page has that address and no redirect leads from it. Add this line to movedPages in ${REDIRECTS_FILE} (change the target if the page went elsewhere): {from: '${url}', to: '${closestRoute(url, fresh.length ? fresh : routes)}'},`,
    );
  }
  for (const {from, to} of moved) {
    if (routes.has(from)) problems.push(`${REDIRECTS_FILE}: movedPages sends ${from} to ${to}, but ${from} is a page again: remove the redirect.`);
    if (!routes.has(to)) problems.push(`${REDIRECTS_FILE}: movedPages sends ${from} to ${to}, which is not a page: point it at the page that replaced it.`);
  }
  const unlisted = fresh.sort();
  if (unlisted.length) {
    problems.push(
      `${PUBLISHED_FILE} lacks ${unlisted.length} page(s) (${unlisted.slice(0, 5).join(', ')}${unlisted.length > 5 ? ', …' : ''}): run "npm run urls" to record them, so that removing one later needs a redirect.`,
    );
  }
  return problems;
}

/**
 * The heading ids of a page as Docusaurus gives them: `{#id}` when written, else the slug of the heading's text, numbered when repeated.
 * @param {Pick<LinkedDoc, 'headings'>} doc
 * @returns {Set<string>}
 */
export function headingIds(doc) {
  const slugger = createSlugger();
  /** @type {Set<string>} */
  const ids = new Set();
  for (const heading of doc.headings) {
    const explicit = /\s*\{#([^}]+)\}\s*$/.exec(heading.text);
    ids.add(explicit ? explicit[1] : slugger.slug(plainText(heading.text)));
  }
  return ids;
}

/**
 * Every relative link finds its page (`./add-server.md`), and every link to
 * a heading (`./add-server.md#check-the-result`, `#steps`) that heading.
 * Links into the generated API reference are checked by the build's tests,
 * which see its pages.
 * @param {LinkedDoc[]} docs
 * @returns {string[]}
 */
export function anchorProblems(docs) {
  const byRel = new Map(docs.map((doc) => [doc.rel, doc]));
  /** @type {Map<string, Set<string>>} */
  const ids = new Map();
  /** @param {LinkedDoc} doc */
  const idsOf = (doc) => {
    if (!ids.has(doc.rel)) ids.set(doc.rel, headingIds(doc));
    return /** @type {Set<string>} */ (ids.get(doc.rel));
  };
  /** @type {string[]} */
  const problems = [];
  for (const doc of docs) {
    let fenced = false;
    doc.body.split('\n').forEach((line, index) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return;
      const lineNumber = doc.raw.slice(0, doc.raw.indexOf(doc.body)).split('\n').length - 1 + index + 1;
      for (const m of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
        const [, target, anchor] = m;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/') || (!target && !anchor)) continue;
        if (target && !/\.mdx?$/.test(target)) continue;
        const rel = target ? path.posix.normalize(path.posix.join(path.posix.dirname(doc.rel), target)) : doc.rel;
        if (rel.startsWith('api/reference/')) continue;
        const linked = byRel.get(rel);
        if (!linked) {
          problems.push(`${doc.file}:${lineNumber}: links to ${target}, but there is no docs/${rel}. Link to the page's .md file, relative to this page.`);
          continue;
        }
        if (anchor && !idsOf(linked).has(decodeURIComponent(anchor))) {
          const known = [...idsOf(linked)];
          const near = known.sort((a, b) => editDistance(anchor, a, Infinity) - editDistance(anchor, b, Infinity)).slice(0, 3);
          problems.push(
            `${doc.file}:${lineNumber}: links to ${target || doc.rel}#${anchor}, but docs/${rel} has no heading with that anchor (closest: ${near.map((id) => `#${id}`).join(', ') || 'none'}). A renamed heading changes its anchor: update the link, or keep the old anchor with {#${anchor}} after the heading.`,
          );
        }
      }
    });
  }
  return problems;
}
