/**
 * What readers' tools get from the built site: every page as clean Markdown
 * beside it, /llms.txt and /llms-full.txt in the llmstxt.org format, the
 * footer link to them, and diagrams drawn at build time as accessible SVG.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {assertBuilt, buildDir, builtHtmlFiles, readBuiltHtml, readRoutes, tagsOf} from '../helpers.mjs';

assertBuilt();
const siteUrl = 'https://docs.launchdeck.io';
const routes = readRoutes().filter((r) => r.kind !== 'search');
/** @param {string} route */
const markdownFile = (route) => path.join(buildDir, route.endsWith('/') ? `${route}index.md` : `${route}.md`);
/** @param {string} route */
const readMarkdown = (route) => fs.readFileSync(markdownFile(route), 'utf8');
/** @param {string} md */
const frontMatterOf = (md) => Object.fromEntries([...(/^---\n([\s\S]*?)\n---/.exec(md)?.[1] ?? '').matchAll(/^(\w+): (.*)$/gm)].map((m) => [m[1], m[2]]));
/**
 * @param {string} html
 * @param {string} name
 */
const metaOf = (html, name) => tagsOf(html, 'meta').find((m) => m.name === name || m.property === name)?.content;

test('every page of the site has its Markdown beside it, titled and described like the page', () => {
  const failures = [];
  for (const route of [...routes.map((r) => r.path), '/docs/api/reference/', '/docs/api/reference/servers/create-server']) {
    if (!fs.existsSync(markdownFile(route))) {
      failures.push(`${route}: no Markdown`);
      continue;
    }
    const md = readMarkdown(route);
    const html = readBuiltHtml(route);
    const fm = frontMatterOf(md);
    if (JSON.parse(fm.description ?? '""') !== metaOf(html, 'description')) failures.push(`${route}: description differs from the page's`);
    if (fm.url !== `${siteUrl}${route}`) failures.push(`${route}: url ${fm.url}`);
    if (!fm.title) failures.push(`${route}: no title`);
  }
  assert.deepEqual(failures, []);
});

test('the Markdown is clean and self-contained: no imports, no JSX, no URL tokens, absolute links, tabs as labelled sections', () => {
  const failures = [];
  for (const route of routes.map((r) => r.path)) {
    const md = readMarkdown(route);
    const body = md.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
    if (/^import /m.test(body)) failures.push(`${route}: import line`);
    if (/<\/?(Tabs|TabItem|DocCardList|SectionCards|details|summary)\b|className=/.test(body)) failures.push(`${route}: JSX`);
    if (/%[A-Z_]+_URL%/.test(md)) failures.push(`${route}: URL token`);
    if (/^:::/m.test(body)) failures.push(`${route}: admonition syntax`);
    for (const m of body.matchAll(/\]\(([^)\s]+)/g)) {
      if (!/^(https?:|mailto:)/.test(m[1])) failures.push(`${route}: relative link ${m[1]}`);
    }
  }
  assert.deepEqual(failures.slice(0, 20), [], `${failures.length} problems`);
  // A task page: its Web app and API tabs are sections with their labels.
  const task = readMarkdown('/docs/servers/stop-server');
  assert.match(task, /^#{3,6} Web app$/m);
  assert.match(task, /^#{3,6} API$/m);
  assert.match(task, /curl -X POST "https:\/\/api\.launchdeck\.io\/v1\/servers\/srv_6Yp2Mx9K\/stop"/);
  assert.match(task, /\[Restart a server\]\(https:\/\/docs\.launchdeck\.io\/docs\/servers\/restart-server\)/);
  // A section page: its cards are a list of its pages, with their descriptions.
  const section = readMarkdown('/docs/servers/');
  assert.match(section, /^- \[Add a server on AWS\]\(https:\/\/docs\.launchdeck\.io\/docs\/servers\/add-aws-server\.md\): \S/m);
  // An API reference page, written by its generator: the same rules, its samples as sections, its tables as GFM tables.
  for (const route of ['/docs/api/reference/servers/create-server', '/docs/api/reference/actions/get-action', '/docs/api/reference/servers/list-servers']) {
    const md = readMarkdown(route);
    const body = md.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
    assert.doesNotMatch(body, /^import |<\/?[A-Z]\w*|className=|%[A-Z_]+_URL%/m, route);
    for (const m of body.matchAll(/\]\(([^)\s]+)/g)) assert.match(m[1], /^https:\/\/docs\.launchdeck\.io\//, `${route}: ${m[1]}`);
    for (const label of ['curl', 'JavaScript', 'Python']) assert.match(md, new RegExp(`^#### ${label}$`, 'm'), `${route}: ${label}`);
    assert.match(md, /^\| Status \| `code` \| When \|$/m, route);
    assert.match(md, /^## Guides that use it$/m, route);
  }
  assert.match(readMarkdown('/docs/api/reference/servers/create-server'), /^- \[Add a server on AWS\]\(https:\/\/docs\.launchdeck\.io\/docs\/servers\/add-aws-server\)$/m);
  // An admonition is a quote with its label.
  assert.ok(routes.some((r) => /^> \*\*(Note|Tip|Warning|Info|Danger|Caution|Important):\*\*/m.test(readMarkdown(r.path))), 'admonitions as quotes');
});

test('/llms.txt follows llmstxt.org: the product in one paragraph, then every section with its pages\' Markdown and descriptions', () => {
  const txt = fs.readFileSync(path.join(buildDir, 'llms.txt'), 'utf8');
  const lines = txt.split('\n');
  assert.equal(lines[0], '# Launchdeck');
  assert.match(lines[2], /^> Launchdeck is a DevOps platform/);
  const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3));
  for (const name of ['Servers', 'Applications', 'Pipelines', 'API', 'Optional']) assert.ok(sections.includes(name), `section ${name}`);
  assert.equal(sections.at(-1), 'Optional');
  const links = [...txt.matchAll(/^- \[([^\]]+)\]\((https:\/\/docs\.launchdeck\.io(\/docs\/[^)]*\.md))\): (.+)$/gm)];
  const listed = new Set(links.map((m) => m[3]));
  for (const route of routes.map((r) => r.path)) {
    const md = route.endsWith('/') ? `${route}index.md` : `${route}.md`;
    assert.ok(listed.has(md), `${md} listed`);
  }
  for (const [, , , file, description] of links) {
    assert.ok(fs.existsSync(path.join(buildDir, file)), `${file} exists`);
    assert.ok(description.length >= 20, `${file} has a description`);
  }
});

test('/llms-full.txt holds every page\'s Markdown', () => {
  const full = fs.readFileSync(path.join(buildDir, 'llms-full.txt'), 'utf8');
  assert.match(full, /^# Launchdeck\n\n> /);
  for (const route of routes.map((r) => r.path)) assert.ok(full.includes(`url: ${siteUrl}${route}\n`), `${route} in llms-full.txt`);
  assert.ok(full.includes(readMarkdown('/docs/servers/add-aws-server').trim()));
});

test('every page\'s footer links to llms.txt', () => {
  for (const file of builtHtmlFiles().filter((f) => !/[\\/](assets|search)[\\/]/.test(f)).slice(0, 400)) {
    const html = fs.readFileSync(file, 'utf8');
    if (/http-equiv="?refresh/i.test(html)) continue; // client redirect pages
    assert.ok(tagsOf(html, 'a').some((a) => a.href === '/llms.txt'), `${path.relative(buildDir, file)} links llms.txt`);
  }
});

test('diagrams are inline SVG drawn at build time, each with a caption and a text alternative', () => {
  for (const route of ['/docs/', '/docs/pipelines/', '/docs/networks/']) {
    const html = readBuiltHtml(route);
    const figure = /<figure class="?ld-diagram"?>([\s\S]*?)<\/figure>/.exec(html)?.[1];
    assert.ok(figure, `${route}: a diagram`);
    const svg = tagsOf(figure, 'svg')[0];
    assert.equal(svg.role, 'img', route);
    const [titleId, descId] = svg['aria-labelledby'].split(' ');
    assert.match(figure, new RegExp(`<title id="?${titleId}"?>[^<]{10,}</title>`), `${route}: title`);
    assert.match(figure, new RegExp(`<desc id="?${descId}"?>[^<]{80,}</desc>`), `${route}: description`);
    assert.match(figure, /<figcaption[^>]*>[^<]{10,}<\/figcaption>/, `${route}: caption`);
    assert.doesNotMatch(figure, /(fill|stroke)="#/, `${route}: colours come from the stylesheet`);
  }
  // No diagram library reaches the browser.
  for (const file of fs.readdirSync(path.join(buildDir, 'assets/js'))) {
    const js = fs.readFileSync(path.join(buildDir, 'assets/js', file), 'utf8');
    assert.doesNotMatch(js, /graphviz|@viz-js|digraph/i, file);
  }
});
