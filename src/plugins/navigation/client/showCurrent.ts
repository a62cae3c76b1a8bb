/**
 * Keeps the current page's link in the sidebar's view. The inline script of
 * ../plugin.ts scrolls the sidebar before the first paint and leaves
 * `window.ldShowCurrent`; after every route update (the first load's
 * hydration, which may draw the sidebar again, and each navigation) it runs
 * again on the next frame. It moves the sidebar's own list only, and only
 * when the link is out of view.
 */
declare global {
  interface Window {
    ldShowCurrent?: () => void;
  }
}

export function onRouteDidUpdate(): void {
  if (typeof window !== 'undefined') window.requestAnimationFrame(() => window.ldShowCurrent?.());
}
