/**
 * What the browser tests put on `window` in the page (page.evaluate, addInitScript) to read
 * back later, and axe-core once tests/helpers.mjs has injected it (checked by tsconfig.node.json).
 */
interface Window {
  axe: typeof import('axe-core');
  __shifts: number;
  __dismissedAtFirstPaint: string | null;
  __violations: string[] | undefined;
  __sameDocument: boolean;
  __pwned: number;
  __copied: string;
  __stillHere: boolean;
  __themeAtDomContentLoaded: string | undefined;
}

/** A layout-shift entry (the Layout Instability API, not in TypeScript's DOM types). */
interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}
