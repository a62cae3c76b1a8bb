/**
 * Where the MCP server reads the docs: a built site on disk (`--dir build`)
 * or the deployed site (`--url https://…`). Both answer the same question,
 * "the text of this file of the site", for paths that stay inside the site:
 * no `..`, no other host, no file outside the build folder (symbolic links
 * included), nothing over a size limit.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The largest file the server reads (llms-full.txt is the largest by far). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;

export class SiteError extends Error {}

/**
 * A site to read: `read` answers the text of a site path, or null when the
 * site has no such file; `describe` names the site in messages.
 * @typedef {object} Source
 * @property {() => string} describe
 * @property {(input: unknown) => Promise<string | null>} read
 */

/**
 * A site path as the server accepts it: absolute within the site ("/docs/x.md"),
 * no "..", ".", backslash, NUL or control character, at most 300 characters.
 * Returns the decoded path, or throws a SiteError saying why not.
 * @param {unknown} input
 * @returns {string}
 */
export function sitePath(input) {
  if (typeof input !== 'string' || !input.startsWith('/')) throw new SiteError(`Not a path of the site: ${JSON.stringify(input)}`);
  if (input.length > 300) throw new SiteError('The path is too long (at most 300 characters).');
  let decoded;
  try {
    decoded = decodeURIComponent(input);
  } catch {
    throw new SiteError(`The path is not valid URL encoding: ${JSON.stringify(input)}`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.split('/').some((part) => part === '..' || part === '.')) {
    throw new SiteError(`Refused: ${JSON.stringify(input)} leaves the site or is not a plain path.`);
  }
  return decoded;
}

/**
 * A built site in a folder.
 * @param {string} dir
 * @returns {Source}
 */
export function dirSource(dir) {
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new SiteError(`No folder ${root}. Build the site first (npm run build, which writes build/), or use --url with the deployed site.`);
  }
  if (!fs.existsSync(path.join(root, 'docs-index.json'))) {
    throw new SiteError(
      `${root} holds no built docs site (no docs-index.json). Build it with "npm run build" (it writes build/), then run "npm run mcp -- --dir build"; or use --url https://docs.launchdeck.io.`,
    );
  }
  const realRoot = fs.realpathSync(root);
  return {
    describe: () => `the build in ${root}`,
    async read(input) {
      const rel = sitePath(input);
      const file = path.join(realRoot, rel);
      if (!fs.existsSync(file)) return null;
      const real = fs.realpathSync(file);
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw new SiteError(`Refused: ${input} points outside the site.`);
      const stat = fs.statSync(real);
      if (!stat.isFile()) return null;
      if (stat.size > MAX_FILE_BYTES) throw new SiteError(`${input} is larger than the server reads (${MAX_FILE_BYTES} bytes).`);
      return fs.readFileSync(real, 'utf8');
    },
  };
}

/**
 * The deployed site. Only https, or http on this machine (a local preview).
 * @param {string} base
 * @returns {Source}
 */
export function urlSource(base) {
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new SiteError(`Not a URL: ${JSON.stringify(base)}. Use the site's address, for example https://docs.launchdeck.io.`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new SiteError(`Use an https:// address (http:// only for this machine): ${base}`);
  const origin = url.origin;
  /** @type {Map<string, string | null>} */
  const cache = new Map();
  return {
    describe: () => origin,
    async read(input) {
      const rel = sitePath(input);
      if (cache.has(rel)) return /** @type {string | null} */ (cache.get(rel));
      const target = new URL(rel, origin);
      if (target.origin !== origin) throw new SiteError(`Refused: ${input} is not on ${origin}.`);
      let response;
      try {
        response = await fetch(target, {redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: {Accept: '*/*'}});
      } catch (/** @type {any} */ error) {
        throw new SiteError(`Could not reach ${origin}: ${error.cause?.code ?? error.message}.`);
      }
      if (new URL(response.url).origin !== origin) throw new SiteError(`Refused: ${input} redirected to another host.`);
      if (response.status === 404) return null;
      if (!response.ok) throw new SiteError(`${target.href} answered ${response.status}.`);
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_FILE_BYTES) throw new SiteError(`${input} is larger than the server reads (${MAX_FILE_BYTES} bytes).`);
      const text = await response.text();
      // A host without the site's rules may answer a missing file with its 404 page and status 200.
      const value = /\.(md|txt|json|ya?ml)$/.test(rel) && /^\s*<!doctype html/i.test(text) ? null : text;
      // Immutable files (hashed names) and small texts are kept for the session.
      if (value === null || value.length < 4 * 1024 * 1024) cache.set(rel, value);
      return value;
    },
  };
}
