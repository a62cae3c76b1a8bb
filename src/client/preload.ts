/**
 * Replaces @docusaurus/core's client preload helper (see
 * src/plugins/trimClientBundle.ts) with the same code plus one change: each
 * matched route component's `preload` gets the path being preloaded, so the
 * API reference's on-demand route table (src/api/client/ReferenceRoutes.tsx)
 * knows which page to load before a navigation or the first render.
 */
import routes from '@generated/routes';
import {matchRoutes} from 'react-router-config';

type Preloadable = {preload?: (pathname?: string) => unknown};

export default function preload(pathname: string): Promise<unknown[]> {
  const matches = Array.from(new Set([pathname, decodeURI(pathname)]))
    .map((p) => matchRoutes(routes, p))
    .flat();
  return Promise.all(matches.map((match) => (match.route.component as unknown as Preloadable | undefined)?.preload?.(pathname)));
}
