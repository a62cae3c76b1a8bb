/**
 * The hosting rules (src/plugins/hosting/rules.mjs) as two real servers apply them:
 * scripts/serve.mjs, and nginx with the generated build/_hosting/nginx.conf.
 * The same checks run against both: routing, redirects, status codes,
 * compression, caching and headers, revalidation (ETag, Last-Modified and
 * 304 Not Modified, by tests/browser/conditional-rules.mjs) and the media
 * types of the changelog's feeds.
 */
import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import {assertBuilt, buildDir, rawRequest, readBuiltHtml, readRoutes, startNginx, tagsOf} from '../helpers.mjs';
import {startServer} from '../../scripts/serve.mjs';
import {revalidationProblems} from './conditional-rules.mjs';

assertBuilt();
const rules = JSON.parse(fs.readFileSync(path.join(buildDir, '_hosting/rules.json'), 'utf8'));
const routes = readRoutes();
/** @typedef {{url: string, close(): Promise<unknown>, brotli?: boolean}} Host */
/** The two servers, by name: scripts/serve.mjs's and nginx's (which says whether it has brotli). */
const starters = {'scripts/serve.mjs': () => startServer({dir: buildDir}), nginx: () => startNginx(buildDir)};
/** @type {Map<string, Promise<Host>>} */
const started = new Map();
/**
 * A server, started by the first test that needs it: on a machine without
 * nginx, scripts/serve.mjs's tests still run (and nginx's fail saying so).
 * @param {'scripts/serve.mjs' | 'nginx'} name
 * @returns {Promise<Host>}
 */
const host = (name) => {
  if (!started.has(name)) started.set(name, starters[name]());
  return /** @type {Promise<Host>} */ (started.get(name));
};
after(async () => {
  for (const server of started.values())
    await server.then(
      (s) => s.close(),
      () => undefined,
    );
});

/**
 * A request with the path sent exactly as written (no URL normalisation), for hostile paths.
 * @param {string} base
 * @param {string} rawPath
 * @returns {Promise<{status: number | undefined, headers: import('node:http').IncomingHttpHeaders}>}
 */
function requestPath(base, rawPath) {
  const {hostname, port} = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({hostname, port, path: rawPath, method: 'GET'}, (response) => {
      response.resume();
      response.on('end', () => resolve({status: response.statusCode, headers: response.headers}));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Every feed the changelog's pages announce (<link rel="alternate">), with the
 * type they announce it as: the changelog's and each tag page's.
 */
const tagPages = fs.readdirSync(path.join(buildDir, 'docs/changelog/tags'), {withFileTypes: true}).filter((entry) => entry.isDirectory());
const announcedFeeds = new Map(
  ['/docs/changelog/', ...tagPages.map((entry) => `/docs/changelog/tags/${entry.name}`)].flatMap((route) =>
    tagsOf(readBuiltHtml(route), 'link')
      .filter((link) => link.rel === 'alternate' && /(rss|atom|feed)\+(xml|json)/.test(link.type ?? ''))
      .map((link) => [new URL(link.href).pathname, link.type]),
  ),
);

const mainScript = fs.readdirSync(path.join(buildDir, 'assets/js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
const searchIndex = /** @type {string} */ (fs.readdirSync(buildDir).find((f) => /^search-.*-[0-9a-f]{8}\.json$/.test(f)));

for (const name of /** @type {const} */ (['scripts/serve.mjs', 'nginx'])) {
  /**
   * @param {string} p
   * @param {import('node:http').OutgoingHttpHeaders} [headers]
   */
  const get = async (p, headers) => rawRequest((await host(name)).url + p, {headers});

  test(`${name}: pages answer 200 with every security header, the policy of the build and no cache`, async () => {
    for (const p of ['/docs/', '/docs/servers/', '/docs/servers', '/docs/servers/stop-server', '/docs/api/reference/servers/create-server', '/search']) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.match(/** @type {string} */ (r.headers['content-type']), /^text\/html; charset=utf-8/i, p);
      for (const [header, value] of Object.entries(rules.headers)) assert.equal(r.headers[header.toLowerCase()], value, `${p} ${header}`);
      assert.equal(r.headers['cache-control'], rules.cache.otherValue, p);
    }
    const page = await get('/docs/servers/stop-server');
    assert.match(page.body.toString(), /<h1[^>]*>Stop a server<\/h1>/);
    // The policy is strict: no inline scripts or eval without a hash, no plugins, no framing.
    const csp = rules.headers['Content-Security-Policy'];
    assert.doesNotMatch(/** @type {RegExpExecArray} */ (/script-src[^;]*/.exec(csp))[0], /unsafe|\*|https?:|data:/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "connect-src 'self'", "worker-src 'self'"])
      assert.ok(csp.includes(directive), directive);
    assert.match(rules.headers['Strict-Transport-Security'], /max-age=\d{8,}/);
  });

  test(`${name}: ".html" and "/index.html" answer 301 with the clean address, keeping the query`, async () => {
    for (const [from, to] of [
      ['/docs/servers/stop-server.html', '/docs/servers/stop-server'],
      ['/docs/index.html', '/docs/'],
      ['/docs/servers/index.html?tab=api', '/docs/servers/?tab=api'],
      ['/docs/servers/stop-server/index.html', '/docs/servers/stop-server/'],
    ]) {
      const r = await get(from);
      assert.equal(r.status, 301, from);
      assert.equal(r.headers.location, to, from);
    }
  });

  test(`${name}: "/" and every short name of the spec answer 301 with the canonical page`, async () => {
    const root = await get('/');
    assert.equal(root.status, 301);
    assert.equal(root.headers.location, '/docs/');
    const aliases = /** @type {{kind: string, path: string, alias: string}[]} */ (routes.filter((r) => r.alias));
    assert.ok(aliases.length > 50);
    for (const {alias, path: target} of aliases) {
      for (const from of [alias, `${alias}/`]) {
        const r = await get(from);
        assert.equal(r.status, 301, from);
        assert.equal(r.headers.location, target, from);
      }
    }
    const withQuery = await get(`${aliases[0].alias}?q=1`);
    assert.equal(withQuery.headers.location, `${aliases[0].path}?q=1`);
  });

  test(`${name}: unknown paths, the rules files and hostile paths get the not-found page with status 404`, async () => {
    for (const p of [
      '/docs/nope',
      '/nope/deeper/',
      '/docs/servers/stop-server/extra',
      '/404.html',
      '/_headers',
      '/_redirects',
      '/_hosting/rules.json',
      '/_hosting/nginx.conf',
    ]) {
      const r = await get(p);
      assert.equal(r.status, 404, p);
      assert.match(r.body.toString(), /This page does not exist/, p);
      assert.equal(r.headers['content-security-policy'], rules.headers['Content-Security-Policy'], p);
    }
    for (const p of ['/../../etc/passwd', '/docs/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/docs/%00']) {
      const r = await requestPath((await host(name)).url, p);
      assert.ok(/** @type {Array<number | undefined>} */ ([400, 404]).includes(r.status), `${p}: ${r.status}`);
    }
  });

  test(`${name}: what crawlers ask for first answers 200 with its type: robots.txt, the sitemap, favicon.ico`, async () => {
    for (const [p, type] of /** @type {[string, RegExp][]} */ ([
      ['/robots.txt', /^text\/plain/],
      ['/sitemap.xml', /xml/],
      ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)/],
    ])) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.match(/** @type {string} */ (r.headers['content-type']), type, p);
    }
    const icon = await get('/favicon.ico');
    assert.equal(icon.body.subarray(0, 4).toString('hex'), '00000100', 'an ICO file');
    assert.match((await get('/robots.txt')).body.toString(), /^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test(`${name}: files named by their content are cached for a year, everything else is revalidated`, async () => {
    const script = await get(`/assets/js/${mainScript}`);
    assert.equal(script.status, 200);
    assert.match(/** @type {string} */ (script.headers['content-type']), /javascript/);
    assert.equal(script.headers['cache-control'], rules.cache.immutableValue);
    assert.equal(script.headers['x-content-type-options'], 'nosniff');
    const index = await get(`/${searchIndex}`);
    assert.equal(index.status, 200, searchIndex);
    assert.equal(index.headers['cache-control'], rules.cache.immutableValue, searchIndex);
    for (const p of ['/sitemap.xml', '/llms.txt', '/docs/servers/stop-server.md', '/openapi.yaml']) {
      const r = await get(p);
      assert.equal(r.status, 200, p);
      assert.equal(r.headers['cache-control'], rules.cache.otherValue, p);
    }
  });

  test(`${name}: a docs page asked for as Markdown answers with its Markdown, and pages vary by Accept`, async () => {
    const asMarkdown = {Accept: 'text/markdown'};
    for (const [route, heading] of /** @type {[string, RegExp][]} */ ([
      ['/docs/servers/stop-server', /^---\n[\s\S]*?\n---\n\n# Stop a server\n/],
      ['/docs/servers/', /^---\n[\s\S]*?\n---\n\n# Servers\n/],
      ['/docs/servers', /^---\n[\s\S]*?\n---\n\n# Servers\n/],
      ['/docs/', /^---\n[\s\S]*?\n---\n\n# /],
      ['/docs/api/reference/servers/create-server', /^---\n[\s\S]*?\n---\n\n# Add a server\n/],
    ])) {
      const r = await get(route, asMarkdown);
      assert.equal(r.status, 200, route);
      assert.equal(r.headers['content-type'], 'text/markdown; charset=utf-8', route);
      assert.match(String(r.headers.vary), /\bAccept\b/, route);
      assert.match(r.body.toString(), heading, route);
      assert.equal(r.headers['content-security-policy'], rules.headers['Content-Security-Policy'], `${route}: the security headers too`);
    }
    // text/markdown named before text/html wins; after it, or not at all, the page stays HTML.
    assert.match(
      /** @type {string} */ ((await get('/docs/servers/stop-server', {Accept: 'text/markdown, text/html;q=0.9'})).headers['content-type']),
      /^text\/markdown/,
    );
    for (const accept of ['text/html, text/markdown', 'text/html,application/xhtml+xml,*/*;q=0.8', '*/*', 'application/json']) {
      const r = await get('/docs/servers/stop-server', {Accept: accept});
      assert.match(/** @type {string} */ (r.headers['content-type']), /^text\/html/, accept);
      assert.match(String(r.headers.vary), /\bAccept\b/, `${accept}: an HTML page varies by Accept, so caches keep both`);
    }
    // No such page: the not-found page, as for HTML.
    assert.equal((await get('/docs/servers/no-such-page', asMarkdown)).status, 404);
    // Files are what they are, whatever the Accept header.
    assert.match(/** @type {string} */ ((await get('/openapi.json', asMarkdown)).headers['content-type']), /^application\/json/);
  });

  test(`${name}: text is compressed for browsers that accept it, and typed for tools`, async () => {
    for (const [p, type] of /** @type {[string, RegExp][]} */ ([
      ['/docs/servers/stop-server', /^text\/html/],
      [`/assets/js/${mainScript}`, /javascript/],
      ['/docs/servers/stop-server.md', /^text\/markdown; charset=utf-8/],
      ['/llms.txt', /^text\/plain; charset=utf-8/],
      ['/openapi.yaml', /^application\/yaml/],
      [`/${searchIndex}`, /^application\/json/],
    ])) {
      const gzip = await get(p, {'accept-encoding': 'gzip'});
      assert.match(/** @type {string} */ (gzip.headers['content-type']), type, p);
      assert.equal(gzip.headers['content-encoding'], 'gzip', `${p} gzip`);
      assert.match(gzip.headers.vary ?? '', /Accept-Encoding/i, p);
      if (name !== 'nginx' || (await host('nginx')).brotli) {
        const br = await get(p, {'accept-encoding': 'br, gzip'});
        assert.equal(br.headers['content-encoding'], 'br', `${p} br`);
      }
      const plain = await get(p);
      assert.equal(plain.headers['content-encoding'], undefined, `${p} uncompressed`);
    }
  });
}

test('the changelog announces 21 feeds: RSS, Atom and JSON Feed for the changelog and each of its six tags', () => {
  assert.equal(tagPages.length, 6);
  assert.equal(announcedFeeds.size, 21);
  assert.deepEqual(new Set(announcedFeeds.values()), new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json']));
});

for (const name of /** @type {const} */ (['scripts/serve.mjs', 'nginx'])) {
  /**
   * @param {string} p
   * @param {import('node:http').OutgoingHttpHeaders} headers
   * @param {string} [method]
   */
  const request = async (p, headers, method) => rawRequest((await host(name)).url + p, {headers, method});

  test(`${name}: every feed is served with the type its page announces, with a charset, compressed`, async () => {
    for (const [feed, announced] of announcedFeeds) {
      const r = await request(feed, {'accept-encoding': 'gzip'});
      assert.equal(r.status, 200, feed);
      assert.equal(r.headers['content-type'], `${announced}; charset=utf-8`, feed);
      assert.equal(r.headers['content-type'], rules.types[feed], `${feed}: as the rules say`);
      assert.equal(r.headers['content-encoding'], 'gzip', `${feed}: compressed`);
      assert.equal(r.headers['cache-control'], rules.cache.otherValue, feed);
    }
  });

  test(`${name}: a page, a feed, llms.txt and openapi.json are revalidated with 304 Not Modified, compressed or not`, async () => {
    const encodings = [{}, {'accept-encoding': 'gzip'}, ...(name !== 'nginx' || (await host('nginx')).brotli ? [{'accept-encoding': 'br, gzip'}] : [])];
    const problems = [];
    for (const p of ['/docs/servers/stop-server', '/docs/', '/docs/changelog/rss.xml', '/docs/changelog/tags/api/feed.json', '/llms.txt', '/openapi.json']) {
      for (const headers of encodings) problems.push(...(await revalidationProblems(request, p, headers)));
    }
    // The page's Markdown is another representation of the same address: its own validators.
    problems.push(...(await revalidationProblems(request, '/docs/servers/stop-server', {accept: 'text/markdown', 'accept-encoding': 'gzip'})));
    assert.deepEqual(problems, []);
  });

  test(`${name}: If-None-Match wins over If-Modified-Since, handles lists and *, and a stale validator gets the whole file`, async () => {
    const p = '/openapi.json';
    const first = await request(p, {});
    const {etag} = first.headers;
    const lastModified = first.headers['last-modified'];
    assert.ok(etag && lastModified, `${p}: validators`);
    assert.doesNotMatch(etag, /^W\//, 'uncompressed, the ETag is strong');
    assert.equal((await request(p, {'if-none-match': `"stale", W/"older", ${etag}`})).status, 304, 'a list');
    assert.equal((await request(p, {'if-none-match': `W/${etag}`})).status, 304, 'weak comparison');
    assert.equal((await request(p, {'if-none-match': '*'})).status, 304, '*');
    const stale = await request(p, {'if-none-match': '"stale"', 'if-modified-since': lastModified});
    assert.equal(stale.status, 200, 'a stale ETag wins over a current date');
    assert.equal(stale.body.length, first.body.length, 'the whole file');
    const old = await request(p, {'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT'});
    assert.equal(old.status, 200, 'a date older than the file');
    assert.equal(old.body.length, first.body.length);
    assert.equal((await request(p, {'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString()})).status, 304, 'a later date');
  });

  test(`${name}: the not-found page is never "not modified"`, async () => {
    const first = await request('/docs/no-such-page', {});
    assert.equal(first.status, 404);
    for (const headers of [
      {'if-none-match': first.headers.etag ?? '"x"'},
      {'if-none-match': '*'},
      {'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString()},
    ]) {
      const r = await request('/docs/no-such-page', headers);
      assert.equal(r.status, 404, JSON.stringify(headers));
      assert.match(r.body.toString(), /This page does not exist/);
    }
  });
}

test('scripts/serve.mjs: each compressed variant has its own strong ETag', async () => {
  /** @param {import('node:http').OutgoingHttpHeaders} headers */
  const request = async (headers) => rawRequest(`${(await host('scripts/serve.mjs')).url}/openapi.json`, {headers});
  const tags = [await request({}), await request({'accept-encoding': 'gzip'}), await request({'accept-encoding': 'br'})].map((r) => r.headers.etag);
  for (const tag of tags) assert.match(/** @type {string} */ (tag), /^"[^"]+"$/);
  assert.equal(new Set(tags).size, 3, tags.join(' '));
});
