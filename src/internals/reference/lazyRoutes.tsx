/**
 * Seam "route-tables": the API reference's pages in the browser, one
 * route for all of them, whose table loads on demand (../loaders/routeTables.cjs
 * explains why). The page a reader opens is loaded before the page hydrates
 * (Docusaurus calls this route's `preload` before the first render and before
 * each navigation; ../client/referenceNavigation.ts says which page), so it
 * renders at once, as on the server.
 */
import React, {lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {matchRoutes, renderRoutes, type RouteConfig} from 'react-router-config';
import {useLocation} from '@docusaurus/router';
import appRoutes from '@generated/routes';
import globalData from '@generated/globalData';
import {pathBeingLoaded} from '../client/referenceNavigation';

/**
 * Only for an address under the reference that none of its pages has, which
 * the route no longer matches once the table is loaded: kept out of the
 * JavaScript every page loads.
 */
const NotFoundContent = lazy(() => import('@theme/NotFound/Content'));

type Preloadable = ComponentType<object> & {preload?: () => Promise<unknown>};

const PREFIX = '/docs/api/reference/';
let table: RouteConfig[] | undefined;
let loading: Promise<RouteConfig[]> | undefined;

/** This component's own route, found in the app's route table. */
function ownRoute(routes: readonly RouteConfig[]): RouteConfig | undefined {
  for (const route of routes) {
    if (route.component === ReferenceRoutes) return route;
    const nested = route.routes && ownRoute(route.routes);
    if (nested) return nested;
  }
  return undefined;
}

function load(): Promise<RouteConfig[]> {
  loading ??= import('@generated/routes?reference').then((module: {default: RouteConfig[]}) => {
    table = module.default;
    // Until now this route matched any path under the prefix, to be found at
    // all; from now on it matches the reference's pages only, so an unknown
    // path gets the docs' not-found page, exactly as the server rendered it.
    const route = ownRoute(appRoutes);
    if (route) {
      route.path = table.map((r) => String(r.path));
      route.exact = true;
    }
    // And the docs plugin learns these pages again, so it knows which doc is open.
    const docsData = globalData['docusaurus-plugin-content-docs']?.default as {versions?: Array<{docs: Array<{path: string; sidebar?: string}>}>} | undefined;
    const docs = docsData?.versions?.[0]?.docs;
    if (docs && !docs.some((d) => d.path.startsWith(PREFIX))) {
      docs.push(...table.map((r) => ({path: String(r.path), sidebar: (r as {sidebar?: string}).sidebar})));
    }
    return table;
  });
  return loading;
}

export default function ReferenceRoutes(): ReactNode {
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

ReferenceRoutes.preload = async (): Promise<unknown> => {
  const where = pathBeingLoaded();
  const routes = await load();
  return Promise.all(matchRoutes(routes, where).map((match) => (match.route.component as Preloadable | undefined)?.preload?.()));
};
