/**
 * The API reference's pages in the browser: one route for all of them, whose
 * table loads on demand (src/plugins/lazyReferenceRoutes.cjs explains why).
 * The page a reader opens is loaded before the page hydrates (its `preload`,
 * called by src/client/preload.ts), so it renders at once, as on the server.
 * Both a first load and a navigation call `preload` before this route renders.
 */
import React, {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {matchRoutes, renderRoutes, type RouteConfig} from 'react-router-config';
import {useLocation} from '@docusaurus/router';
import NotFoundContent from '@theme/NotFound/Content';
import appRoutes from '@generated/routes';
import globalData from '@generated/globalData';

type Preloadable = ComponentType<object> & {preload?: (pathname?: string) => Promise<unknown>};

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
  if (matchRoutes(table, pathname).length === 0) return <NotFoundContent />;
  return renderRoutes(table);
}

ReferenceRoutes.preload = async (pathname?: string): Promise<unknown> => {
  const routes = await load();
  const where = pathname ?? window.location.pathname;
  return Promise.all(matchRoutes(routes, where).map((match) => (match.route.component as Preloadable | undefined)?.preload?.(where)));
};
