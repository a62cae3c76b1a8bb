/**
 * Checks over the built static output: every route exists with the metadata
 * a reader and a search engine see, aliases redirect, the sitemap lists
 * canonical pages only, and nothing unfinished or external leaks into HTML.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot, readRoutes, readBuiltHtml, htmlFileFor, buildDir, assertBuilt, builtHtmlFiles, builtSiteConfig, tagsOf, metaOf, decodeEntities} from '../helpers.mjs';

assertBuilt();
const routes = readRoutes();
const docRoutes = routes.filter((r) => r.kind !== 'search');
const config = await builtSiteConfig();
const siteUrl = config.url;

/** @param {string} html */
function titleOf(html) {
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html);
  return match ? decodeEntities(match[1]) : undefined;
}

test('every canonical route is built with one h1, "<title> | Docs", description, keywords, og:image and canonical URL', () => {
  const failures = [];
  const descriptions = new Map();
  for (const route of docRoutes) {
    if (!fs.existsSync(htmlFileFor(route.path))) {
      failures.push(`${route.path}: not built`);
      continue;
    }
    const html = readBuiltHtml(route.path);
    const h1s = html.match(/<h1[\s>]/g) ?? [];
    if (h1s.length !== 1) failures.push(`${route.path}: ${h1s.length} h1`);
    const title = titleOf(html);
    const meta = metaOf(html);
    if (!title || !/^.+ \| Docs$/.test(title)) failures.push(`${route.path}: title ${title}`);
    const description = meta.description;
    if (!description || description.length < 50 || description.length > 160) {
      failures.push(`${route.path}: description "${description}"`);
    } else if (descriptions.has(description)) {
      failures.push(`${route.path}: same description as ${descriptions.get(description)}`);
    } else {
      descriptions.set(description, route.path);
    }
    if (!meta.keywords) failures.push(`${route.path}: no keywords`);
    const image = meta['og:image'];
    if (!image || !image.startsWith(`${siteUrl}/img/`)) failures.push(`${route.path}: og:image ${image}`);
    const canonical = tagsOf(html, 'link').find((l) => l.rel === 'canonical')?.href;
    if (canonical !== siteUrl + route.path) failures.push(`${route.path}: canonical ${canonical}`);
  }
  assert.deepEqual(failures, []);
});

test('the og:image file exists', () => {
  assert.ok(fs.existsSync(path.join(buildDir, config.themeConfig.image)));
});

test('every alias is a redirect page to its canonical route, and / redirects to /docs/', () => {
  const failures = [];
  for (const route of routes.filter((r) => r.alias)) {
    const file = htmlFileFor(/** @type {string} */ (route.alias));
    if (!fs.existsSync(file)) {
      failures.push(`${route.alias}: no redirect page`);
      continue;
    }
    const html = fs.readFileSync(file, 'utf8');
    const refresh = tagsOf(html, 'meta').find((m) => m['http-equiv'] === 'refresh')?.content;
    if (refresh !== `0; url=${route.path}`) {
      failures.push(`${route.alias}: does not redirect to ${route.path}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.match(fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8'), /content="0; url=\/docs\/"/);
});

test('sitemap.xml lists every canonical page and no alias or test page', () => {
  const xml = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  for (const route of docRoutes) assert.ok(locs.has(siteUrl + route.path), `missing ${route.path}`);
  for (const route of routes.filter((r) => r.alias)) {
    assert.ok(!locs.has(siteUrl + route.alias), `alias ${route.alias} in sitemap`);
  }
  for (const loc of locs) assert.ok(!/test-crash|test-loading|\/search$/.test(loc), `${loc} in sitemap`);
});

test('the search index files carry a content hash in their names, and the plugin\'s unused indexes are gone', () => {
  const indexes = fs.readdirSync(buildDir).filter((f) => /^search-/.test(f));
  assert.ok(indexes.length >= 3);
  for (const file of indexes) assert.match(file, /^search-(pages|text)(-[a-z-]+)?-[0-9a-f]{8}\.json$/);
  const hashes = new Set(indexes.map((f) => f.slice(-13, -5)));
  assert.equal(hashes.size, 1, 'one build, one hash');
});

test('no page shows a URL token, placeholder text, or loads anything from another origin', () => {
  const failures = [];
  for (const file of builtHtmlFiles()) {
    const html = fs.readFileSync(file, 'utf8');
    const rel = path.relative(buildDir, file);
    const token = /%(?:APP|API|SITE|REPO|MARKETING|STATUS)_URL%/.exec(html);
    if (token) failures.push(`${rel}: ${token[0]}`);
    const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
    const placeholder = /\b(lorem ipsum|TODO|TBD|coming soon|skeleton)\b/i.exec(text);
    if (placeholder) failures.push(`${rel}: "${placeholder[0]}"`);
    const resources = [
      ...tagsOf(html, 'script').map((t) => t.src),
      ...tagsOf(html, 'img').map((t) => t.src),
      ...tagsOf(html, 'iframe').map((t) => t.src),
      ...tagsOf(html, 'link')
        .filter((t) => /stylesheet|preload|prefetch|modulepreload|icon|manifest/.test(t.rel ?? ''))
        .map((t) => t.href),
    ].filter(Boolean);
    for (const src of resources) {
      if (/^(https?:)?\/\//.test(src)) failures.push(`${rel}: external resource ${src}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('the not-found page is built as 404.html and says so plainly', () => {
  const html = fs.readFileSync(path.join(buildDir, '404.html'), 'utf8');
  assert.match(html, /This page does not exist/);
  assert.ok(tagsOf(html, 'form').some((form) => form.action === '/search' && form.role === 'search'));
});

test('the API base URL of the site config is the server of api/openapi.yaml (unless overridden)', async () => {
  if (process.env.LAUNCHDECK_API_URL) return;
  const {loadOpenApi} = await import('../content/docs-model.mjs');
  assert.equal(config.customFields.urls.api, loadOpenApi().servers[0].url);
});

test('every card on a section page shows its page description; the docs home lists every section under its group', () => {
  const failures = [];
  let lists = 0;
  const home = readBuiltHtml('/docs/');
  const topics = home.slice(home.indexOf('class="ld-topics'), home.indexOf('id=get-help'));
  const sections = fs.readdirSync(path.join(repoRoot, 'docs'), {withFileTypes: true}).filter((e) => e.isDirectory() && fs.existsSync(path.join(repoRoot, 'docs', e.name, 'index.md')));
  for (const section of sections) if (!topics.includes(`href=/docs/${section.name}/`)) failures.push(`/docs/: no topic link to /docs/${section.name}/`);
  assert.equal((topics.match(/class=ld-topics__label/g) ?? []).length, 5, 'the five sidebar groups that hold sections head the topics');
  for (const route of docRoutes) {
    if (route.path === '/docs/') continue;
    const html = readBuiltHtml(route.path);
    if (!html.includes('ld-card-list')) continue;
    lists += 1;
    for (const card of html.split(/<article\b/).slice(1)) {
      const title = /<h2[^>]*>([^<]*)<\/h2>/.exec(card)?.[1];
      if (!title) continue;
      const description = /class="?cardDescription[^>]*>([^<]*)</.exec(card)?.[1] ?? '';
      if (description.length < 20) failures.push(`${route.path}: card "${decodeEntities(title)}" has no description`);
    }
  }
  assert.ok(lists > 20, `card lists found: ${lists}`);
  assert.deepEqual(failures, []);
});

test('the first search tier holds every page\'s labels; the text of each section has its own file', () => {
  const files = fs.readdirSync(buildDir);
  const pagesFiles = files.filter((f) => /^search-pages-[0-9a-f]{8}\.json$/.test(f));
  assert.equal(pagesFiles.length, 1);
  const first = /** @type {import('../../src/plugins/search/client/engine/model.ts').PagesFile} */ (JSON.parse(fs.readFileSync(path.join(buildDir, pagesFiles[0]), 'utf8')));
  const docRoutes = routes.filter((r) => r.kind !== 'search');
  const urls = new Set(first.pages.map((p) => p[0]));
  for (const route of docRoutes) assert.ok(urls.has(route.path), `${route.path} in the first tier`);
  const aws = first.pages.find((p) => p[1] === 'Add a server on AWS');
  assert.ok(aws, 'page titles');
  assert.ok(aws[3].length > 50 && aws[4].length >= 5, 'description and keywords');
  const awsIndex = first.pages.indexOf(aws);
  const awsHeadings = first.headings.filter(([page]) => page === awsIndex).map(([, text]) => text);
  assert.ok(awsHeadings.length >= 5, 'headings');
  assert.ok(!first.headings.some(([, text]) => /^(Before you begin|Steps|Related pages|Responses)$/.test(text)), 'template headings are left out');
  assert.ok(first.headings.some(([, text, flags]) => /invalid_state/.test(text) && flags & 1), 'troubleshooting headings are marked');
  assert.ok(first.synonyms.some(([from, to]) => from.join(' ') === 'vps' && to.includes('server')), 'synonyms');
  const servers = files.find((f) => /^search-text-docs-servers-[0-9a-f]{8}\.json$/.test(f));
  assert.ok(servers, 'the servers section has its own text file');
  const text = /** @type {import('../../src/plugins/search/client/engine/model.ts').TextFile} */ (JSON.parse(fs.readFileSync(path.join(buildDir, servers), 'utf8')));
  assert.ok(text.length > 20 && text.every(([page]) => first.pages[page][0].startsWith('/docs/servers/')));
});

test("every heading of the first search tier leads to an id on its page; an anchor left out is the heading's slug", () => {
  const files = fs.readdirSync(buildDir);
  const first = /** @type {import('../../src/plugins/search/client/engine/model.ts').PagesFile} */ (
    JSON.parse(fs.readFileSync(path.join(buildDir, /** @type {string} */ (files.find((f) => f.startsWith('search-pages-')))), 'utf8'))
  );
  const {anchorOf} = /** @type {typeof import('../../src/plugins/search/client/engine/model.ts')} */ (
    createJiti(import.meta.url, {interopDefault: true})(path.join(repoRoot, 'src/plugins/search/client/engine/model.ts'))
  );
  /** @type {Map<string, Set<string>>} */
  const ids = new Map();
  let written = 0;
  for (const [page, text, , anchor] of first.headings) {
    if (anchor) written += 1;
    const url = first.pages[page][0];
    if (!ids.has(url)) ids.set(url, new Set([...readBuiltHtml(url).matchAll(/\sid=(?:"([^"]+)"|([^\s>"]+))/g)].map((m) => `#${decodeEntities(m[1] ?? m[2] ?? '')}`)));
    const target = anchor ?? anchorOf(text);
    assert.ok(ids.get(url)?.has(target), `${url}${target} ("${text}") is not an id on the page`);
  }
  assert.ok(first.headings.length > 500 && written < first.headings.length / 10, `most anchors are left out (${written} of ${first.headings.length} written)`);
});

test('every docs term of src/plugins/search/data/synonyms.yml is a word the site uses', () => {
  const files = fs.readdirSync(buildDir);
  const first = /** @type {import('../../src/plugins/search/client/engine/model.ts').PagesFile} */ (
    JSON.parse(fs.readFileSync(path.join(buildDir, /** @type {string} */ (files.find((f) => f.startsWith('search-pages-')))), 'utf8'))
  );
  const text = [
    ...first.pages.flatMap((p) => [p[1], p[3], ...p[4]]),
    ...first.headings.map((h) => h[1]),
    ...files.filter((f) => f.startsWith('search-text')).flatMap((f) => /** @type {import('../../src/plugins/search/client/engine/model.ts').TextFile} */ (JSON.parse(fs.readFileSync(path.join(buildDir, f), 'utf8'))).map((row) => row[3])),
  ]
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ');
  const terms = new Set(first.synonyms.flatMap(([, to]) => to));
  const unused = [...terms].filter((term) => !` ${text} `.includes(` ${term} `) && !` ${text} `.includes(` ${term}s `));
  assert.deepEqual(unused, [], 'a synonym that points to a term no page uses finds nothing');
});

test("a page's module carries its doc's metadata without the keys only the build reads, and the page still shows what they set", () => {
  const jsDir = path.join(buildDir, 'assets', 'js');
  const leaking = fs
    .readdirSync(jsDir)
    .filter((file) => /"(sourceDirName|sidebar_position|sidebar_class_name|last_update)":/.test(fs.readFileSync(path.join(jsDir, file), 'utf8')));
  assert.deepEqual(leaking, [], 'page modules that still carry build-only metadata');
  // What those keys set at build time: the sidebar's method badge and label, the position, the date.
  const html = readBuiltHtml('/docs/api/reference/servers/create-server');
  // The sidebar's link: its label alone (3.7) or in a span of its own (3.9 and later, which the upgrade rehearsal builds with).
  assert.match(html, /class="?[^">]*api-method--post[^>]*>[\s\S]*?<a[^>]*href="?\/docs\/api\/reference\/servers\/create-server"?[^>]*>(?:<span[^>]*>)?Add a server</);
  assert.match(decodeEntities(html.replace(/<[^>]+>/g, '')), /Last updated on [A-Z][a-z]{2} \d{1,2}, 20\d\d/);
});
