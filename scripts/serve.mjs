#!/usr/bin/env node
/**
 * Serves a built site by the hosting rules it was built with
 * (build/_hosting/rules.json, generated from src/plugins/hosting/rules.mjs):
 * - redirects (301, the query kept): `/` and the spec's short names;
 * - clean URLs: `/docs/servers/` and `/docs/servers/list-servers` map to their index.html;
 *   `…/index.html` and `….html` answer 301 with the path without it;
 * - unknown paths get 404.html with status 404; the rules files are never served;
 * - every response carries the security headers, Content-Security-Policy included;
 * - brotli (quality 6) or gzip when the browser accepts it, for the types that
 *   src/plugins/hosting/rules.mjs lists as compressible, cached in memory;
 * - files named by their content are cached for a year, everything else is revalidated;
 * - every file it serves with status 200 has a strong ETag (a hash of the bytes sent, so
 *   each compressed variant has its own) and Last-Modified (the file's mtime), and a GET
 *   or HEAD whose If-None-Match or If-Modified-Since still matches gets 304 Not Modified
 *   with no body (isNotModified); the not-found page has neither, and never gets a 304;
 * - the changelog's feeds have the types their pages announce (the rules' `types`);
 * - a docs page asked for with `Accept: text/markdown` (before any text/html) is answered
 *   with its Markdown, and docs pages say `Vary: Accept`.
 * With `plain: true` (`--plain`) it is instead a static host that applies no rules at
 * all (files as they are, 404.html for unknown paths, no headers of its own), as
 * GitHub Pages or an object store would (which send validators, so it does too).
 *
 * Usage: node scripts/serve.mjs [--dir build] [--port 3000] [--host 127.0.0.1] [--plain]
 * Also imported by the tests and the benchmark (startServer).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import {fileURLToPath} from 'node:url';
import {compressibleTypes, markdownAccept} from '../src/plugins/hosting/rules.mjs';

/** @type {Record<string, string>} */
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const wantsMarkdown = new RegExp(markdownAccept, 'i');

/**
 * Whether a type is worth compressing, as nginx is configured: the build's rules list the types (those of
 * src/plugins/hosting/rules.mjs and of the files features declare); without rules (--plain), rules.mjs's.
 * @param {string} type
 * @param {ResolvedRules | null} rules
 */
const compressible = (type, rules) => (rules?.compressible ?? compressibleTypes).includes(type.split(';')[0].trim());

/**
 * A strong entity tag for exactly these bytes: a compressed variant has its own,
 * as RFC 9110 asks of different representations (Vary: Accept-Encoding).
 * @param {string | Buffer} data
 */
export function entityTag(data) {
  return `"${crypto.createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;
}

/**
 * An entity tag without its weakness mark, for the weak comparison of If-None-Match.
 * @param {string} tag
 */
const opaqueTag = (tag) => tag.trim().replace(/^W\//, '');

/**
 * Whether a GET or HEAD with these request headers is answered 304 Not Modified
 * for a representation with this ETag and mtime (RFC 9110, 13.1.2, 13.1.3 and 13.2.2):
 * - If-None-Match, when present, decides alone: `*`, or any tag of its list equal to
 *   `etag` by the weak comparison (W/"x" matches "x");
 * - otherwise If-Modified-Since: a valid date no earlier than the file's mtime, in whole
 *   seconds as Last-Modified says it.
 * `headers` are Node's request headers (lower-case names).
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string} etag
 * @param {number} mtimeMs
 * @returns {boolean}
 */
export function isNotModified(headers, etag, mtimeMs) {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const value = String(ifNoneMatch).trim();
    if (value === '*') return true;
    const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
    return tags.some((tag) => opaqueTag(tag) === opaqueTag(etag));
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(String(ifModifiedSince));
  if (Number.isNaN(since)) return false;
  return Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * Resolves a request path to a file inside root, or null. Never leaves root.
 * @param {string} root
 * @param {string} pathname
 * @returns {string | null}
 */
export function resolveFile(root, pathname) {
  if (pathname.includes('\0')) return null;
  const normalized = path.posix.normalize(pathname);
  if (!normalized.startsWith('/')) return null;
  const candidate = path.join(root, normalized);
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  const tries = normalized.endsWith('/') ? [path.join(candidate, 'index.html')] : [candidate, path.join(candidate, 'index.html'), `${candidate}.html`];
  for (const file of tries) {
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/**
 * build/_hosting/rules.json, as ResolvedRules of src/plugins/hosting/formats.ts says (not
 * imported from there: tsconfig.node.json checks that .ts as CommonJS, which can't import rules.mjs).
 * @typedef {object} ResolvedRules
 * @property {string} notFound
 * @property {boolean} cleanUrls
 * @property {string[]} hidden
 * @property {{immutable: string[], immutableValue: string, otherValue: string}} cache
 * @property {Record<string, string>} headers
 * @property {Array<{from: string, to: string, status: 301}>} redirects
 * @property {Record<string, string>} types
 * @property {string[]} compressible
 */

/**
 * The hosting rules a build was made with.
 * @param {string} root
 * @returns {ResolvedRules}
 */
export function readRules(root) {
  const file = path.join(root, '_hosting', 'rules.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: this build has no hosting rules. Rebuild it with "npm run build".`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Whether a path matches a rule pattern: an exact path, or a prefix ending in `*`.
 * @param {string} pattern
 * @param {string} pathname
 */
const matches = (pattern, pathname) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);

/**
 * @param {{dir?: string, port?: number, host?: string, log?: boolean, plain?: boolean}} [options]
 * @returns {Promise<{server: import('node:http').Server, url: string, close: () => Promise<Error | undefined>}>}
 */
export function startServer({dir = 'build', port = 0, host = '127.0.0.1', log = false, plain = false} = {}) {
  const root = path.resolve(dir);
  if (!fs.existsSync(path.join(root, 'index.html')) && !fs.existsSync(path.join(root, '404.html'))) {
    throw new Error(`No built site in ${root}: run "npm run build" first.`);
  }
  // Read again whenever the build is replaced (a new deploy into the same folder).
  /** @type {ResolvedRules | null} */
  let rules = null;
  /** @type {Map<string, ResolvedRules['redirects'][number]>} */
  let redirects = new Map();
  /** @type {number | null} */
  let rulesVersion = null;
  function refreshRules() {
    if (plain) return;
    const version = fs.statSync(path.join(root, '_hosting', 'rules.json'), {throwIfNoEntry: false})?.mtimeMs ?? null;
    if (rules && version === rulesVersion) return;
    rules = readRules(root);
    rulesVersion = version;
    redirects = new Map(
      rules.redirects.flatMap((r) => [
        [r.from, r],
        [r.from.endsWith('/') ? r.from : `${r.from}/`, r],
      ]),
    );
  }
  refreshRules();
  /** @type {Map<string, {mtime: number, data: Buffer, etag: string}>} */
  const cache = new Map();

  /**
   * A file's bytes as sent with an encoding, with their entity tag, cached until the file changes.
   * @param {string} file
   * @param {'br' | 'gzip' | null} encoding
   */
  function body(file, encoding) {
    const key = `${file}:${encoding}`;
    let entry = cache.get(key);
    const mtime = fs.statSync(file).mtimeMs;
    if (!entry || entry.mtime !== mtime) {
      const raw = fs.readFileSync(file);
      const data =
        encoding === 'br'
          ? // Quality 6: close to the best ratio at a fraction of the time of 11,
            // as CDNs do for on-the-fly compression (the result is cached).
            zlib.brotliCompressSync(raw, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 6}})
          : encoding === 'gzip'
            ? zlib.gzipSync(raw, {level: 9})
            : raw;
      entry = {mtime, data, etag: entityTag(data)};
      cache.set(key, entry);
    }
    return entry;
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {string} location
   * @param {string} search
   */
  function redirect(res, location, search) {
    res.writeHead(301, {...(rules?.headers ?? {}), Location: encodeURI(location) + search});
    res.end();
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {string} file
   * @param {string} [vary]
   */
  function send(req, res, status, file, vary = 'Accept-Encoding') {
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    const type = rules?.types?.[urlPath] ?? types[path.extname(file)] ?? 'application/octet-stream';
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = compressible(type, rules) ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null) : null;
    const {data, etag, mtime} = body(file, encoding);
    const immutable = status === 200 && rules?.cache.immutable.some((pattern) => matches(pattern, urlPath));
    // What a 304 must repeat of the 200 it stands for (RFC 9110, 15.4.5), and the security headers.
    const common = {
      ...(rules ? {...rules.headers, 'Cache-Control': immutable ? rules.cache.immutableValue : rules.cache.otherValue} : {}),
      Vary: vary,
    };
    // Validators for files only: the not-found page stands for no resource, so a
    // conditional request for an unknown path always gets the whole 404 again.
    if (status === 200) {
      const validators = {ETag: etag, 'Last-Modified': new Date(mtime).toUTCString()};
      if (isNotModified(req.headers, etag, mtime)) {
        res.writeHead(304, {...common, ...validators});
        res.end();
        return;
      }
      Object.assign(common, validators);
    }
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': data.length,
      ...common,
      ...(encoding ? {'Content-Encoding': encoding} : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : data);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  function notFound(req, res) {
    const page = path.join(root, rules?.notFound ?? '404.html');
    if (fs.existsSync(page)) return send(req, res, 404, page);
    res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8'});
    res.end('Not found');
  }

  const server = http.createServer((req, res) => {
    if (log) console.log(req.method, req.url);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD'});
      res.end();
      return;
    }
    let url;
    let pathname;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, {'Content-Type': 'text/plain; charset=utf-8'});
      res.end('Bad request');
      return;
    }
    if (!plain) {
      try {
        refreshRules();
      } catch {
        // Mid-deploy: keep the rules already read.
      }
    }
    if (rules) {
      if (rules.hidden.some((pattern) => (pattern.endsWith('/') ? pathname.startsWith(pattern) : pathname === pattern))) return notFound(req, res);
      const target = redirects.get(pathname);
      if (target) return redirect(res, target.to, url.search);
      // `/a/index.html` -> `/a/`, `/a/b.html` -> `/a/b`; the not-found page answers 404 at its own path too.
      if (pathname === rules.notFound) return notFound(req, res);
      const clean = rules.cleanUrls ? pathname.replace(/\/index\.html$/, '/').replace(/^(.+?)\.html$/, '$1') : pathname;
      if (clean !== pathname) return redirect(res, clean.replace(/^\/+/, '/'), url.search);
    }
    // Docs pages answer in HTML or, when the request asks for it first, in Markdown (content negotiation).
    const page = rules && pathname.startsWith('/docs/') && !path.posix.extname(pathname);
    if (page && wantsMarkdown.test(String(req.headers.accept ?? ''))) {
      const markdown = resolveFile(root, pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`) ?? resolveFile(root, `${pathname}/index.md`);
      return markdown ? send(req, res, 200, markdown, 'Accept, Accept-Encoding') : notFound(req, res);
    }
    const file = resolveFile(root, pathname);
    if (!file) return notFound(req, res);
    send(req, res, 200, file, page ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        server,
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise((r) => {
            server.close(r);
            // A browser keeps sockets it opened ahead of need; without this, close() waits for Node to drop them (headersTimeout, 60 s).
            server.closeAllConnections();
          }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  /**
   * The value after `--name`, or `fallback`.
   * @template {string | number} F
   * @param {string} name
   * @param {F} fallback
   * @returns {string | F}
   */
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const {url} = await startServer({
    dir: option('dir', 'build'),
    port: Number(option('port', process.env.PORT ?? 3000)),
    host: option('host', '127.0.0.1'),
    plain: args.includes('--plain'),
  });
  console.log(`Launchdeck docs: ${url}/docs/  (Ctrl+C to stop)`);
}
