/**
 * Seam "route-tables": pages whose routes load on demand in the browser (the
 * API reference's, the changelog's), one route per group, whose table loads on
 * demand (../loaders/routeTables.cjs explains why). ./ReferenceRoutes.tsx and
 * ./ChangelogRoutes.tsx are the two groups' routes, made here. The page a
 * reader opens is loaded before the page hydrates (Docusaurus calls its
 * route's `preload` before the first render and before each navigation;
 * ../client/referenceNavigation.ts says which page), so it renders at once,
 * as on the server.
 */
import React, {lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {matchRoutes, renderRoutes, type RouteConfig} from 'react-router-config';
import {useLocation} from '@docusaurus/router';
import appRoutes from '@generated/routes';
import globalData from '@generated/globalData';
import {pathBeingLoaded} from '../client/referenceNavigation';

/**
 * Only for an address under a group's prefix that none of its pages has, which
 * the route no longer matches once the table is loaded: kept out of the
 * JavaScript every page loads.
 */
const NotFoundContent = lazy(() => import('@theme/NotFound/Content'));

type Preloadable = ComponentType<object> & {preload?: () => Promise<unknown>};
type LazyRoutes = (() => ReactNode) & {preload: () => Promise<unknown>};

/** This component's own route, found in the app's route table. */
function ownRoutes(routes: readonly RouteConfig[], component: unknown): RouteConfig[] {
  return routes.flatMap((route) => (route.component === component ? [route] : route.routes ? ownRoutes(route.routes, component) : []));
}

/**
 * The route of one group: `importTable` is `() => import('@generated/routes?<group>')`,
 * written out where it is called so that the bundler sees the request.
 */
export function lazyRoutes(importTable: () => Promise<{default: RouteConfig[]}>): LazyRoutes {
  let table: RouteConfig[] | undefined;
  let loading: Promise<RouteConfig[]> | undefined;

  function load(): Promise<RouteConfig[]> {
    loading ??= importTable().then((module) => {
      table = module.default;
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
    const [, setLoaded] = useState(table !== undefined);
    useEffect(() => {
      if (!table) void load().then(() => setLoaded(true));
    }, []);
    if (!table) return null;
    if (matchRoutes(table, pathname).length === 0) {
      return (
        <Suspense fallback={null}>
          <NotFoundContent />
        </Suspense>
      );
    }
    return renderRoutes(table);
  }

  Routes.preload = async (): Promise<unknown> => {
    const where = pathBeingLoaded();
    const routes = await load();
    return Promise.all(matchRoutes(routes, where).map((match) => (match.route.component as Preloadable | undefined)?.preload?.()));
  };
  return Routes;
}
