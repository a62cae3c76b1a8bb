/**
 * What the visual test photographs and how it compares two pictures
 * (tests/visual/README.md). Kept apart from the test so that the comparison
 * is unit-tested on pictures made in the test (tests/unit/visual-compare.test.mjs).
 */
import {PHONE} from '../helpers.mjs';

/**
 * @typedef {'phone' | 'desktop'} ViewportName
 * @typedef {{name: ViewportName, width: number, height: number}} Viewport
 * @typedef {'light' | 'dark'} Mode
 * @typedef {object} Shot
 * @property {string} id
 * @property {string} route
 * @property {number} [status]
 * @property {Partial<Record<ViewportName, number>>} [height]
 * @property {(page: import('playwright-core').Page) => Promise<void>} [ready]
 */

/**
 * The pages: one of each kind a reader meets. `ready` waits for what the
 * page draws after hydration; `status` is the HTTP status the page must
 * answer; `height` caps the picture (CSS pixels from the top of the page,
 * per viewport; DEFAULT_HEIGHT otherwise) so that the baselines stay small
 * while still holding what the page is chosen for.
 * @type {Shot[]}
 */
export const SHOTS = [
  {id: 'docs-home', route: '/docs/'},
  {id: 'section', route: '/docs/servers/'},
  // Tabs, a warning admonition, titled code blocks and numbered steps.
  {id: 'task', route: '/docs/ssh-keys/create-ssh-key-pair', height: {phone: 3400}},
  {id: 'reference', route: '/docs/api/reference/servers/create-server'},
  // A Graphviz diagram drawn at build time.
  {id: 'diagram', route: '/docs/pipelines/', height: {phone: 4200}},
  {
    id: 'search',
    route: '/search?q=add+server',
    async ready(page) {
      await page.locator('ol[aria-label="Search results"] > li').first().waitFor();
      // Every section's text searched: the list is complete and stops changing.
      await page.getByText(/Searching the text of every page/).waitFor({state: 'detached', timeout: 15000});
    },
  },
  {id: 'not-found', route: '/docs/no-such-page', status: 404},
  // Entries first: the filter by tag, Subscribe, then the entries.
  {id: 'changelog', route: '/docs/changelog/', height: {phone: 2600, desktop: 1600}},
  {id: 'changelog-tag', route: '/docs/changelog/tags/api', height: {phone: 2600, desktop: 1600}},
];

/** @type {Viewport[]} */
export const VIEWPORTS = [
  {name: 'phone', ...PHONE},
  {name: 'desktop', width: 1280, height: 800},
];

/** @type {Record<ViewportName, number>} */
export const DEFAULT_HEIGHT = {phone: 2600, desktop: 2000};

/** @type {Mode[]} */
export const MODES = ['light', 'dark'];

/**
 * @param {Pick<Shot, 'id'>} shot
 * @param {Pick<Viewport, 'name'>} viewport
 * @param {Mode} mode
 */
export const shotName = (shot, viewport, mode) => `${shot.id}--${viewport.name}--${mode}`;

/**
 * Fonts Debian installs with its Chromium (fonts-liberation), named so that
 * every machine draws the same glyphs whatever its system font is.
 */
export const FONTS = {sans: 'Liberation Sans', mono: 'Liberation Mono'};

/** Fixed fonts, no motion, no caret, no scroll bars. */
export const STABLE_CSS = `
:root {
  --ifm-font-family-base: '${FONTS.sans}', sans-serif !important;
  --ifm-heading-font-family: '${FONTS.sans}', sans-serif !important;
  --ifm-font-family-monospace: '${FONTS.mono}', monospace !important;
}
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}
/* The announcement bar on one line: its text changes with each announced changelog entry (masked below). */
[class*='announcementBarContent'] { white-space: nowrap !important; overflow: hidden !important; }
::-webkit-scrollbar { display: none !important; }
html { scrollbar-width: none !important; }
`;

/**
 * What changes without the page changing, painted over in grey: the date a
 * page was last updated (from git history), the copyright year, and the text
 * of the announcement bar (the newest announced changelog entry: a writer
 * announcing one must not have to redraw every picture), and the changelog's
 * list of entries (a new entry must not redraw the changelog's pictures).
 */
export const MASKS = ['.theme-last-updated', '.footer__copyright', "[class*='announcementBarContent']", '.ld-changelog-list'];

/** pixelmatch's color distance per pixel (0–1): above it, two pixels differ. */
export const PIXEL_THRESHOLD = 0.1;
/** The share of pixels that may differ before two pictures count as different. */
export const MAX_DIFF_RATIO = 0.0005;

/**
 * Compares two decoded PNGs ({width, height, data}). Returns {same, ratio,
 * reason, diff}: `diff` is a PNG-shaped image of the differences (red on a
 * faded copy of the baseline), absent when the sizes differ.
 * @typedef {{width: number, height: number, data: Buffer}} Picture
 * @param {Picture} baseline
 * @param {Picture} actual
 * @param {typeof import('pixelmatch').default} pixelmatch
 * @returns {{same: boolean, ratio: number, reason?: string, diff?: Picture}}
 */
export function compare(baseline, actual, pixelmatch) {
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    return {
      same: false,
      ratio: 1,
      reason: `the picture is ${actual.width}×${actual.height} px, its baseline ${baseline.width}×${baseline.height} px`,
    };
  }
  const {width, height} = baseline;
  const diff = {width, height, data: Buffer.alloc(width * height * 4)};
  const count = pixelmatch(baseline.data, actual.data, diff.data, width, height, {threshold: PIXEL_THRESHOLD, includeAA: false, alpha: 0.2});
  const ratio = count / (width * height);
  const same = ratio <= MAX_DIFF_RATIO;
  return {
    same,
    ratio,
    diff,
    reason: same ? undefined : `${count} pixels differ (${(ratio * 100).toFixed(2)}% of the picture, more than ${MAX_DIFF_RATIO * 100}%)`,
  };
}
