/**
 * Every internal link and #anchor in the built site resolves. Docusaurus
 * only warns about broken anchors, so this test is what fails on them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {buildDir, assertBuilt, builtHtmlFiles, tagsOf} from '../helpers.mjs';

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
