/**
 * How a doc's file under docs/ becomes its doc id and its route, in one place
 * for the build, the theme and the tests. Docs are served under /docs/; a
 * folder's index.md is the folder's page.
 *
 * Imported by code that ships to every reader's browser (the cards' and the
 * API console's client/ and theme/ code): keep it a few pure functions, with no imports.
 */

/** Where the docs plugin serves the docs (`routeBasePath` in docusaurus.config.ts). */
const BASE = '/docs/';

/** A doc's id from its file under docs/: "servers/add-server.md" → "servers/add-server", "servers/index.md" → "servers/index". */
export const docIdOfFile = (file: string): string => file.replace(/\.mdx?$/, '');

/**
 * A doc's route from its file under docs/ ("servers/add-server.md" →
 * "/docs/servers/add-server", "servers/index.md" → "/docs/servers/",
 * "index.md" → "/docs/"), or from its front matter's `slug` when it has one
 * (absolute from /docs/, or relative to the file's folder).
 */
export function docRoute(file: string, slug?: string): string {
  const id = docIdOfFile(file);
  if (slug !== undefined) {
    const folder = id.includes('/') ? `${id.slice(0, id.lastIndexOf('/'))}/` : '';
    const path = slug.startsWith('/') ? slug.slice(1) : `${folder}${slug}`;
    return `${BASE}${path}`;
  }
  if (id === 'index') return BASE;
  return id.endsWith('/index') ? `${BASE}${id.slice(0, -'index'.length)}` : `${BASE}${id}`;
}

const underBase = (route: string) => (route.startsWith(BASE) ? route.slice(BASE.length) : route);

/** The id of a folder's index doc from the folder's route: "/docs/servers/" (or "/docs/servers") → "servers/index", "/docs/" → "index". */
export const indexDocIdOf = (route: string): string => `${underBase(route).replace(/\/?$/, '/')}index`.replace(/^\//, '');

/** The doc id of a docs page's route: "/docs/servers/add-server" → "servers/add-server", "/docs/servers/" → "servers/index". */
export const docIdOf = (route: string): string => (route.endsWith('/') ? indexDocIdOf(route) : underBase(route));
