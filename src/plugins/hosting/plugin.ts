/**
 * @docusaurus/plugin-client-redirects, plus the hosting rules.
 *
 * After the redirect pages are written (the wrapped plugin's postBuild), it:
 * 1. rewrites each redirect page of the site's list (./redirects.ts: the same
 *    options, taken as the plugin takes them) so that all of them share one inline script
 *    (the target is an attribute of the page), adds a title, a language and a
 *    visible link, and keeps the meta refresh for readers without JavaScript;
 * 2. hashes every inline script of every page for the Content-Security-Policy
 *    (the build fails if a new kind of inline script appears: more than
 *    `maxInlineScripts` distinct ones);
 * 3. writes the rules of src/plugins/hosting/rules.mjs, resolved, for every host:
 *    `_hosting/rules.json` (scripts/serve.mjs), `_headers` and `_redirects`
 *    (Netlify, Cloudflare Pages) and `_hosting/nginx.conf` (with
 *    `_hosting/nginx-brotli.conf` for nginx's brotli module), with the
 *    changelog's feeds typed as their pages announce them.
 * Wrapping, rather than a plugin of its own, guarantees the order: Docusaurus
 * runs the plugins' postBuild steps at the same time.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import clientRedirects, {validateOptions, type Options as ClientRedirectsOptions} from '@docusaurus/plugin-client-redirects';
import rules from './rules.mjs';
import {headersFile, nginxBrotliConf, nginxConf, redirectsFile, resolveRules, type TypedFile} from './formats';
import {escapeHtml} from '../../utils/html';
import {apiOrigins} from '../../config/urls';
import {movedPages, shortNamesFor} from '../../config/redirects';
import type {Feature} from '../../config/feature';
import {redirectList, redirectPageFile} from './redirects';

/** The one script of every redirect page: go to the page's `data-to`, keeping the query and the fragment. */
export const REDIRECT_SCRIPT = 'var t=document.documentElement.getAttribute("data-to");location.replace(/[?#]/.test(t)?t:t+location.search+location.hash)';

export function redirectPage(to: string, siteUrl: string): string {
  const target = escapeHtml(to);
  return `<!DOCTYPE html>
<html lang="en" data-to="${target}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Moved to ${target}</title>
    <meta http-equiv="refresh" content="0; url=${target}">
    <link rel="canonical" href="${escapeHtml(to.startsWith('/') ? siteUrl + to : to)}">
    <script>${REDIRECT_SCRIPT}</script>
  </head>
  <body>
    <p>This page has moved to <a href="${target}">${target}</a>.</p>
  </body>
</html>
`;
}

const htmlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });

/** SHA-256 (base64) of every inline script that runs, as the browser hashes it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue; // data blocks (JSON-LD) don't run
    hashes.push(
      crypto
        .createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64'),
    );
  }
  return hashes;
}

export default async function redirectsAndHostingRules(context: LoadContext, options: unknown, files: TypedFile[] = []): Promise<Plugin> {
  const wrapped = (await clientRedirects(context, options as Parameters<typeof clientRedirects>[1])) as Plugin | null;
  if (!wrapped?.postBuild) throw new Error('@docusaurus/plugin-client-redirects changed: it no longer has a postBuild step.');
  const siteUrl = context.siteConfig.url.replace(/\/$/, '');
  return {
    ...wrapped,
    name: 'launchdeck-redirects-and-hosting-rules',
    async postBuild(props) {
      await wrapped.postBuild!(props);
      const {outDir, baseUrl} = props;
      // The redirects from their own list (./redirects.ts): each page the plugin wrote at a `from` is rewritten.
      const routes = props.routesPaths.map((route) => (route.startsWith(baseUrl) ? `/${route.slice(baseUrl.length)}` : route));
      const redirects = redirectList(options as ClientRedirectsOptions, routes, baseUrl);
      const missing: string[] = [];
      for (const {from, to} of redirects) {
        const file = redirectPageFile(outDir, from);
        if (fs.existsSync(file)) fs.writeFileSync(file, redirectPage(to, siteUrl));
        else missing.push(`${from} (${path.relative(outDir, file)})`);
      }
      if (missing.length) {
        throw new Error(
          `@docusaurus/plugin-client-redirects wrote no page for ${missing.length} of the site's redirects, where src/plugins/hosting/redirects.ts expects it: ${missing.slice(0, 5).join(', ')}`,
        );
      }
      const hashes = new Map<string, string>();
      for (const file of htmlFiles(outDir)) {
        const html = fs.readFileSync(file, 'utf8');
        const route = `/${path.relative(outDir, file).split(path.sep).join('/')}`.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '');
        for (const hash of inlineScriptHashes(html)) if (!hashes.has(hash)) hashes.set(hash, route);
      }
      if (hashes.size > rules.maxInlineScripts) {
        throw new Error(
          `The pages have ${hashes.size} different inline scripts (allowed: ${rules.maxInlineScripts}), each of which the Content-Security-Policy must list. First seen on: ${[...hashes.values()].join(', ')}. Load new scripts from a file instead, or raise maxInlineScripts in src/plugins/hosting/rules.mjs if the script really must be inline.`,
        );
      }
      // The API console's servers are the only other origins a page may call (src/config/urls.ts).
      const csp = {...rules.csp, 'connect-src': [...rules.csp['connect-src']!, ...apiOrigins()]};
      // The files features declare with their type (the changelog's feeds) must exist: a declaration that no longer
      // matches what the feature writes would serve nothing.
      const absent = files.filter((file) => !fs.existsSync(path.join(outDir, ...file.path.split('/'))));
      if (absent.length)
        throw new Error(`Files declared with a media type (a feature's \`files\`) are not in the build: ${absent.map((f) => f.path).join(', ')}`);
      const resolved = resolveRules({...rules, csp}, [...hashes.keys()].sort(), redirects, files);
      fs.mkdirSync(path.join(outDir, '_hosting'), {recursive: true});
      fs.writeFileSync(path.join(outDir, '_hosting/rules.json'), `${JSON.stringify(resolved, null, 2)}\n`);
      fs.writeFileSync(path.join(outDir, '_hosting/nginx.conf'), nginxConf(resolved));
      fs.writeFileSync(path.join(outDir, '_hosting/nginx-brotli.conf'), nginxBrotliConf(resolved));
      fs.writeFileSync(path.join(outDir, '_headers'), headersFile(resolved));
      fs.writeFileSync(path.join(outDir, '_redirects'), redirectsFile(resolved));
    },
  };
}

redirectsAndHostingRules.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;

/**
 * @docusaurus/plugin-client-redirects, then the hosting rules of rules.mjs for every host: the docs home at `/`,
 * moved pages and the specification's short names (src/config/redirects.ts), and the files the other features
 * declare with their media type (`others`: the declarations before it in src/plugins/features.ts).
 */
export const feature = (_site: unknown, others: Feature[] = []): Feature => {
  const files = others.flatMap((other) => other.files ?? []);
  const plugin = Object.assign((context: LoadContext, options: unknown) => redirectsAndHostingRules(context, options, files), {
    validateOptions: redirectsAndHostingRules.validateOptions,
  });
  return {plugins: [[plugin, {redirects: [{from: '/', to: '/docs/'}, ...movedPages], createRedirects: shortNamesFor} satisfies ClientRedirectsOptions]]};
};
