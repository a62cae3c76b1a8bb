/**
 * The site's redirects, from their own list: the options given to
 * @docusaurus/plugin-client-redirects (`redirects`, and `createRedirects` over
 * every route), taken as that plugin takes them, so the hosting rules need not
 * read its pages back. The plugin validates the same options and writes a page
 * at each `from`; ./plugin.ts then rewrites those pages and fails when one it
 * expects is missing.
 */
import path from 'node:path';
import {normalizeUrl} from '@docusaurus/utils';
import type {Options as ClientRedirectsOptions} from '@docusaurus/plugin-client-redirects';

export interface Redirect {
  /** The old address, without a trailing slash ("/" for the root). */
  from: string;
  /** Where it goes: a route of the site, or an address elsewhere. */
  to: string;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const withoutTrailingSlash = (route: string): string => (route.length > 1 ? route.replace(/\/$/, '') : route);

/**
 * Every redirect the options make, one per `from` (the first wins, as in the
 * plugin), leaving out a `from` that is a page itself. `routes` are the
 * site's routes without the base URL, as the plugin's `createRedirects` gets
 * them; `to` is given with the base URL.
 */
export function redirectList(options: Pick<ClientRedirectsOptions, 'redirects' | 'createRedirects'>, routes: string[], baseUrl = '/'): Redirect[] {
  const all = [
    ...asArray(options.redirects).flatMap((r) => asArray(r.from).map((from) => ({from, to: r.to}))),
    ...routes.flatMap((route) => asArray(options.createRedirects?.(route) ?? undefined).map((from) => ({from, to: route}))),
  ];
  const pages = new Set(routes);
  const seen = new Set<string>();
  const list: Redirect[] = [];
  for (const {from, to} of all) {
    if (seen.has(from) || pages.has(from)) continue;
    seen.add(from);
    list.push({from: withoutTrailingSlash(from), to: to.startsWith('/') ? normalizeUrl([baseUrl, to]) : to});
  }
  return list.sort((a, b) => a.from.localeCompare(b.from));
}

/** Where the plugin writes the page of a redirect: `<from>/index.html`, which a host serves after a page's own file. */
export const redirectPageFile = (outDir: string, from: string): string => path.join(outDir, ...from.split('/').filter(Boolean), 'index.html');
