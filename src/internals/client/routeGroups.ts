/**
 * Seam "route-tables": what ./lazyRoutes.tsx (each group's route) and
 * ./routeNavigation.ts (the client module) share. Kept apart, with no
 * imports, because lazyRoutes.tsx and the generated route table import each
 * other: the client module, which runs first, must not start that circle.
 */

/** A group of pages whose routes load on demand: its prefix, and what loads one of its pages. */
export interface RouteGroup {
  prefix: string;
  /** Loads the group's table (and its sidebar items). */
  load: () => Promise<unknown>;
  /** Whether the table has loaded. */
  isLoaded: () => boolean;
  preloadPath: (pathname: string) => Promise<unknown>;
  /** Asks the browser to fetch, at low priority and without running them, the chunks of the page at `pathname`. */
  prefetchPath: (pathname: string) => void;
}

/** Every group, longest prefix first. */
const groups: RouteGroup[] = [];

/** Where the reader is going: set before Docusaurus preloads a path. */
let next: string | undefined;

/** The path about to be preloaded: a navigation's next location, or a link the pointer is on. */
export function announce(pathname: string): void {
  next = pathname;
}

/** The path being loaded: the one announced last, or the window's on the first load. */
export const pathBeingLoaded = (): string => next ?? window.location.pathname;

export function addGroup(group: RouteGroup): void {
  groups.push(group);
  groups.sort((a, b) => b.prefix.length - a.prefix.length);
}

/** The group a path is in, if any (the innermost). */
export function groupOf(pathname: string): RouteGroup | undefined {
  return groups.find((group) => pathname.startsWith(group.prefix));
}

/** Every group a path is in: a reference page is in the API reference's and in the API section's. */
export function groupsOf(pathname: string): RouteGroup[] {
  return groups.filter((group) => pathname.startsWith(group.prefix));
}

/** The sidebar items of each loaded group's category, by the category's link (its prefix). */
const sidebarItems = new Map<string, unknown[]>();
const listeners = new Set<() => void>();
let sidebarsLoaded = 0;

export function addSidebarItems(prefix: string, items: unknown[]): void {
  if (sidebarItems.has(prefix)) return;
  sidebarItems.set(prefix, items);
  sidebarsLoaded += 1;
  for (const listener of listeners) listener();
}

/** The items of the category linked to `href`, once its group has loaded. */
export const loadedSidebarItems = (href: string): unknown[] | undefined => sidebarItems.get(href);

/** For useSyncExternalStore: how many groups' sidebar items have loaded, and a subscription to that. */
export const sidebarsVersion = (): number => sidebarsLoaded;
export function subscribeSidebars(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

declare const __webpack_require__: {p: string; u: (chunkId: string) => string};

/** The chunk ids a loader function of the bundle loads (`()=>Promise.all([n.e("6212"),n.e("4636")]).then(…)`), read from its code; an unquoted id is a number (`n.e(8e3)` is chunk "8000"). */
export function chunkIdsOf(loader: unknown): string[] {
  return typeof loader === 'function' ? [...String(loader).matchAll(/\.e\(("?)([\w-]+)"?\)/g)].map((m) => (m[1] ? m[2]! : String(Number(m[2])))) : [];
}

/** The runtime's hooks for chunk file names (src/plugins/chunk-file-names/seams/sectionHashes.ts): hashes it does not hold itself, and the route tables' one hash. */
const chunkHashes = self as unknown as {ldChunkHashes?: Record<string, string>; ldTableHash?: string};

/**
 * A route table's chunk is named with the tables' one hash, which the runtime
 * holds but gives no chunk by itself: registered here, from the table's import
 * in the main bundle, before the table loads or is prefetched. (No hash in
 * development builds: nothing to do.)
 */
export function registerTableChunks(chunkIds: string[]): void {
  const hash = chunkHashes.ldTableHash;
  if (!hash) return;
  const known = (chunkHashes.ldChunkHashes ??= {});
  for (const id of chunkIds) known[id] ??= hash;
}

const prefetched = new Set<string>();

/** `<link rel="prefetch">` for each chunk, once: the browser fetches it when idle, at the lowest priority, and runs nothing. */
export function prefetchChunks(chunkIds: string[]): void {
  for (const id of chunkIds) {
    const url = __webpack_require__.p + __webpack_require__.u(id);
    if (prefetched.has(url) || url.includes('undefined')) continue;
    prefetched.add(url);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
  }
}
