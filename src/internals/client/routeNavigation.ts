/**
 * Seam "route-tables", client module: the pages of groups (./lazyRoutes.tsx)
 * are found, preloaded and prefetched like any other page.
 * - Navigation and the first load: Docusaurus dispatches `onRouteUpdate` with
 *   the next location before it preloads that location, and on the first load
 *   it preloads the window's address before anything else runs; a group's
 *   route, whose `preload()` gets no path, loads the page announced here.
 * - Links: Docusaurus's Link calls `window.docusaurus.preload(path)` when the
 *   pointer enters it or a finger touches it, and `window.docusaurus.prefetch(path)`
 *   when it comes into view. The object is set by core's client entry after
 *   this module runs, so the assignment is caught here and the object wrapped:
 *   `preload` announces its path first, so the group's route loads the page
 *   linked rather than the one open; `prefetch` waits until the browser is
 *   idle (a few links a turn), then runs Docusaurus's, and for a page whose
 *   route is in a group's table, which Docusaurus finds no chunk for, adds
 *   that page's chunks (or, before its group has loaded, the group's table),
 *   as `<link rel="prefetch">`: fetched at the lowest priority, not run.
 *   Docusaurus's own checks still apply: nothing is prefetched twice, nor on
 *   a slow or data-saver connection.
 * - The sidebar: a section's category comes without its pages until its group
 *   loads (../theme/DocVersionRoot). When the pointer or the keyboard reaches
 *   a category of a section not yet loaded, its group loads, so its pages are
 *   there when it opens; a click on its caret before they are waits for them.
 */
import {announce, groupOf, type RouteGroup} from './routeGroups';

export function onRouteUpdate({location}: {location: {pathname: string}}): void {
  announce(location.pathname);
}

interface DocusaurusClient {
  prefetch: (routePath: string) => false | Promise<unknown>;
  preload: (routePath: string) => false | Promise<unknown>;
}

/** A link's path without its query and fragment. */
const pathOf = (routePath: string): string => routePath.replace(/[?#].*$/, '');

function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, {timeout: 3000});
  else window.setTimeout(callback, 200);
}

const queued: Array<() => void> = [];
/** Runs `job` when the browser is idle, a few jobs a turn when it never is. */
function runWhenIdle(job: () => void): void {
  queued.push(job);
  if (queued.length > 1) return;
  whenIdle(function turn(deadline) {
    const idle = deadline && !deadline.didTimeout;
    for (let n = 0; queued.length > 0 && (idle ? deadline.timeRemaining() > 2 : n < 4); n += 1) queued.shift()!();
    if (queued.length > 0) whenIdle(turn);
  });
}

/** The client object with group-aware preload and prefetch. */
export function withGroups(client: DocusaurusClient): DocusaurusClient {
  return Object.freeze({
    preload(routePath: string) {
      announce(pathOf(routePath));
      return client.preload(routePath);
    },
    // Docusaurus would add the <link rel=prefetch> of every link in view at once, blocking the main thread while a
    // section page starts (mobile TBT 162 against 439 ms, bench/RESULTS.md): here, a few links a turn when idle.
    prefetch(routePath: string) {
      runWhenIdle(() => {
        const group = client.prefetch(routePath) === false ? undefined : groupOf(pathOf(routePath));
        group?.prefetchPath(pathOf(routePath));
      });
      return Promise.resolve();
    },
  });
}

/** The group of the sidebar category around `target`, if the category is a group's (its link is the group's prefix). */
function categoryGroup(target: EventTarget | null): RouteGroup | undefined {
  if (!(target instanceof Element)) return undefined;
  const link = target.closest('.menu__list-item-collapsible')?.querySelector<HTMLAnchorElement>('a.menu__link[href]');
  const group = link ? groupOf(link.pathname) : undefined;
  return group && link && group.prefix === link.pathname ? group : undefined;
}

/**
 * A click on the caret of a category whose items have not loaded: the click
 * waits for them, then happens. Opened empty, the category would animate to
 * no height and keep it when its items came.
 */
function openWhenLoaded(event: Event): void {
  const caret = event.target instanceof Element ? event.target.closest<HTMLElement>('.menu__caret') : null;
  const group = caret ? categoryGroup(caret) : undefined;
  if (!caret || !group || group.isLoaded()) return;
  event.preventDefault();
  event.stopPropagation();
  void group.load().then(
    () => window.setTimeout(() => caret.click(), 0),
    () => undefined,
  );
}

if (typeof window !== 'undefined') {
  // Reaching a category starts loading its items; a click on its caret waits for them.
  for (const type of ['pointerover', 'focusin'])
    document.addEventListener(
      type,
      (event) =>
        void categoryGroup(event.target)
          ?.load()
          .catch(() => undefined),
      {capture: true, passive: true},
    );
  document.addEventListener('click', openWhenLoaded, {capture: true});
  let client: DocusaurusClient | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => client,
    set(value: DocusaurusClient) {
      client = withGroups(value);
    },
  });
}
