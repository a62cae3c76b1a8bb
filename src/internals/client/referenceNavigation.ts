/**
 * Seam "route-tables", client module: remembers where the reader is
 * going. Docusaurus calls a route component's `preload()` without the path it
 * preloads; the API reference's single route (../reference/ReferenceRoutes.tsx)
 * needs it to load the right page. Docusaurus dispatches `onRouteUpdate` with
 * the next location before it preloads that location, and on the first load
 * it preloads the address in the window before anything else runs.
 */
let next: string | undefined;

export function onRouteUpdate({location}: {location: {pathname: string}}): void {
  next = location.pathname;
}

/** The path being loaded: the next location of a navigation, or the window's on the first load. */
export const pathBeingLoaded = (): string => next ?? window.location.pathname;
