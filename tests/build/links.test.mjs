/**
 * Every internal link and #anchor in the built site resolves. Docusaurus
 * only warns about broken anchors, so this test is what fails on them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {buildDir, assertBuilt, builtHtmlFiles, builtSiteConfig, repoRoot, tagsOf} from '../helpers.mjs';

assertBuilt();

/** @param {string} file */
function routeOf(file) {
  const rel = path.relative(buildDir, file).split(path.sep).join('/');
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel.replace(/\.html$/, '')}`;
}

/** @param {string} pathname */
function fileFor(pathname) {
  const clean = decodeURIComponent(pathname);
  const candidates = clean.endsWith('/')
    ? [path.join(buildDir, clean, 'index.html')]
    : [path.join(buildDir, clean), path.join(buildDir, clean, 'index.html'), path.join(buildDir, `${clean}.html`)];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** @type {Map<string, Set<string>>} */
const idCache = new Map();
/**
 * @param {string} file
 * @returns {Set<string>}
 */
function idsOf(file) {
  if (!idCache.has(file)) {
    const html = fs.readFileSync(file, 'utf8');
    idCache.set(file, new Set([...html.matchAll(/\sid=(?:"([^"]+)"|([^\s>]+))/g)].map((m) => m[1] ?? m[2])));
  }
  return /** @type {Set<string>} */ (idCache.get(file));
}

test('every internal link and anchor of every built page resolves', () => {
  const failures = [];
  let checked = 0;
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    if (/http-equiv=["']?refresh/i.test(html)) continue; // redirect pages
    const base = new URL(routeOf(file), 'http://site.local');
    for (const {href} of tagsOf(html, 'a')) {
      if (!href || /^(mailto:|tel:|javascript:)/i.test(href)) continue;
      const url = new URL(href, base);
      if (url.origin !== base.origin) continue;
      checked += 1;
      const target = fileFor(url.pathname);
      if (!target) {
        failures.push(`${routeOf(file)} -> ${href}: no such page`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !idsOf(target).has(anchor)) {
        failures.push(`${routeOf(file)} -> ${href}: no #${anchor} on the target page`);
      }
    }
  }
  assert.ok(checked > 1000, `checked ${checked} links`);
  assert.deepEqual(failures, []);
});

test('no two pages are built for the same route', () => {
  const routes = builtHtmlFiles().map(routeOf).map((r) => r.replace(/\/$/, '') || '/');
  const duplicates = routes.filter((r, i) => routes.indexOf(r) !== i);
  assert.deepEqual(duplicates, []);
});

test('every "Edit this page" link opens a file the repository tracks (a generated page has none)', async (t) => {
  let tracked;
  try {
    tracked = new Set(execFileSync('git', ['ls-files', '-z'], {cwd: repoRoot, encoding: 'utf8'}).split('\0'));
  } catch {
    t.skip('not a git checkout');
    return;
  }
  const prefix = `${(await builtSiteConfig()).customFields.urls.repository}/edit/main/`;
  const wrong = [];
  let seen = 0;
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    const edit = tagsOf(html, 'a').find((a) => a.class?.split(' ').includes('theme-edit-this-page'));
    if (!edit) continue;
    seen += 1;
    const source = edit.href?.startsWith(prefix) ? edit.href.slice(prefix.length) : undefined;
    if (!source || !tracked.has(source)) wrong.push(`${routeOf(file)} → ${edit.href}`);
  }
  assert.ok(seen > 100, `only ${seen} pages have an edit link`);
  assert.deepEqual(wrong, [], 'edit links to files that are not in the repository');
});
