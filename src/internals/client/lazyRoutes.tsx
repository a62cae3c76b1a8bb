/**
 * Seam "route-tables": the route of a group of pages (a guide section, the API
 * reference, the changelog) whose table loads on demand
 * (../loaders/routeTables.cjs explains why, and writes one such route per
 * group into the routes every page loads). The page a reader opens is loaded
 * before the page hydrates, and the page of a navigation before it renders
 * (Docusaurus calls the route's `preload` first; ./routeNavigation.ts says
 * which page, through ./routeGroups.ts), so it renders at once, as on the server.
 */
import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {matchRoutes, renderRoutes, type RouteConfig} from 'react-router-config';
import {useLocation} from '@docusaurus/router';
import appRoutes from '@generated/routes';
import globalData from '@generated/globalData';
// Only for an address under a group's prefix that none of its pages has; its body loads when needed (seam theme-not-found).
import NotFoundContent from '@theme/NotFound/Content';
import {addGroup, addSidebarItems, chunkIdsOf, groupsOf, pathBeingLoaded, prefetchChunks, registerTableChunks} from './routeGroups';

type Preloadable = ComponentType<object> & {preload?: () => Promise<unknown>};
type LazyRoutes = (() => ReactNode) & {preload: () => Promise<unknown>};

/** This component's own route, found in the app's route table. */
function ownRoutes(routes: readonly RouteConfig[], component: unknown): RouteConfig[] {
  return routes.flatMap((route) => (route.component === component ? [route] : route.routes ? ownRoutes(route.routes, component) : []));
}

/** A group's table module, as ../loaders/routeTables.cjs writes it. */
interface GroupTable {
  default: RouteConfig[];
  sidebar?: unknown[] | null;
  /** routesChunkNames of the group's routes: `${path}-${hash}` → chunk names, nested. */
  chunkNames?: Record<string, unknown>;
  /** The group's registry: chunk name → [loader, module name, module id]. */
  registry?: Record<string, [() => Promise<unknown>, ...unknown[]]>;
}

/** Every string in a nested value: the chunk names of a routesChunkNames entry. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/**
 * The main table's routes of every group, in the order given (the longest
 * prefix first): `tables` maps each group's prefix to
 * `() => import('@generated/routes?group=<name>')` (../loaders/routeTables.cjs writes it).
 */
export function sectionRoutes(tables: Record<string, () => Promise<GroupTable>>): RouteConfig[] {
  return Object.entries(tables).map(([path, importTable]) => ({path, component: lazyRoutes(path, importTable), sidebar: 'documentation'}) as RouteConfig);
}

/**
 * The route of the group under `prefix`: `importTable` is
 * `() => import('@generated/routes?group=<name>')`, written out where it is
 * called so that the bundler sees the request.
 */
export function lazyRoutes(prefix: string, importTable: () => Promise<GroupTable>): LazyRoutes {
  // The table's file is named with the route tables' one hash (src/plugins/chunk-file-names).
  registerTableChunks(chunkIdsOf(importTable));
  /** The group's table module, once loaded. */
  let loaded: GroupTable | undefined;
  let loading: Promise<RouteConfig[]> | undefined;

  function load(): Promise<RouteConfig[]> {
    loading ??= importTable().then((module) => {
      loaded = module;
      const table = module.default;
      // The items of the group's category in the sidebar (../theme/DocVersionRoot puts them in).
      if (module.sidebar) addSidebarItems(prefix, module.sidebar);
      // Until now this route matched any path under its prefix, to be found at
      // all; from now on it matches its pages only, so an unknown path gets
      // the docs' not-found page, exactly as the server rendered it.
      const paths = table.map((r) => String(r.path));
      for (const route of ownRoutes(appRoutes, Routes)) {
        route.path = paths;
        route.exact = true;
      }
      // And the docs plugin learns these pages again, so it knows which doc is open.
      const docsData = globalData['docusaurus-plugin-content-docs']?.default as {versions?: Array<{docs: Array<{path: string; sidebar?: string}>}>} | undefined;
      const docs = docsData?.versions?.[0]?.docs;
      if (docs && paths.length && !docs.some((d) => d.path === paths[0])) {
        docs.push(...table.map((r) => ({path: String(r.path), sidebar: (r as {sidebar?: string}).sidebar})));
      }
      return table;
    });
    return loading;
  }

  function Routes(): ReactNode {
    const {pathname} = useLocation();
    const [, setLoaded] = useState(loaded !== undefined);
    useEffect(() => {
      if (!loaded) void load().then(() => setLoaded(true));
    }, []);
    if (!loaded) return null;
    const table = loaded.default;
    return matchRoutes(table, pathname).length === 0 ? <NotFoundContent /> : renderRoutes(table);
  }

  /**
   * Loads the group's table, then the code and data of the page at `pathname`;
   * and the tables of the groups around this one, whose sidebar items hold its
   * category (the API section's, around the API reference).
   */
  const preloadPath = async (pathname: string): Promise<unknown> => {
    const [routes] = await Promise.all([
      load(),
      ...groupsOf(prefix)
        .filter((group) => group.prefix !== prefix)
        .map((group) => group.load()),
    ]);
    return Promise.all(matchRoutes(routes, pathname).map((match) => (match.route.component as Preloadable | undefined)?.preload?.()));
  };
  Routes.preload = (): Promise<unknown> => preloadPath(pathBeingLoaded());
  /**
   * Prefetches the page at `pathname` as Docusaurus prefetches a link in view:
   * its chunks, fetched when idle and not run. Before the group's table has
   * loaded, the table's chunk is what is prefetched; the page's own come when
   * the pointer reaches the link (`preloadPath`).
   */
  const prefetchPath = (pathname: string): void => {
    if (!loaded) {
      prefetchChunks(chunkIdsOf(importTable));
      return;
    }
    const {default: table, chunkNames = {}, registry = {}} = loaded;
    for (const match of matchRoutes(table, pathname)) {
      const key = Object.keys(chunkNames).find((k) => k.replace(/-[^-]+$/, '') === match.route.path);
      for (const name of key ? stringsOf(chunkNames[key]) : []) prefetchChunks(chunkIdsOf(registry[name]?.[0]));
    }
  };
  addGroup({prefix, load, isLoaded: () => loaded !== undefined, preloadPath, prefetchPath});
  return Routes;
}
