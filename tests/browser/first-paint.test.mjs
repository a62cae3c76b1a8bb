/**
 * The largest paint never waits for the scripts (issue 43). On Lighthouse's
 * phone profile (a 412 × 823 screen at 1.75×, the CPU four times slower, a
 * slow 4G network), each of the five page kinds loads three times, and every
 * load must show:
 * - its first paint before the first script is requested, and every largest
 *   paint candidate before it too: Lighthouse's simulation counts whatever
 *   the page requested before its largest paint into that paint, so a script
 *   requested first makes LCP wait for JavaScript the reader never needed to
 *   see the text (src/internals/pageTemplate.ts starts the scripts after a
 *   painted frame);
 * - no layout shift above 0.001 in all (any shift counts, not only the worst
 *   window): what a half-parsed page painted must not move when the rest of
 *   the markup, the styles or React arrive (src/css/custom.css reserves the
 *   navbar's right-hand group, src/plugins/page-tools/client/page-tools.css
 *   the page-actions control).
 * The paint and resource times are the page's own (Paint Timing, Largest
 * Contentful Paint, Resource Timing, Layout Instability), on one clock.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {withSiteAndBrowser} from '../helpers.mjs';
// The benchmark's five page kinds. /search without a query: with one, the results are the largest paint, and they are the script's work.
import {MEASURED_PAGES as PAGES} from '../../scripts/benchCompare.mjs';

const site = withSiteAndBrowser();

/** Lighthouse's mobile profile (its default "moto g power" screen, 4× CPU slowdown, slow 4G), as far as a test browser can apply it. */
const PHONE_PROFILE = {
  viewport: {width: 412, height: 823},
  deviceScaleFactor: 1.75,
  mobile: true,
  cpuSlowdown: 4,
  network: {latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8},
};

const LOADS = 3;

/**
 * What one cold load of a route on the phone profile painted, requested and shifted.
 * @param {string} route
 */
async function load(route) {
  const page = await site.browser.context.newPage();
  try {
    await page.setViewportSize(PHONE_PROFILE.viewport);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
    await cdp.send('Network.emulateNetworkConditions', {offline: false, ...PHONE_PROFILE.network});
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: PHONE_PROFILE.cpuSlowdown});
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: PHONE_PROFILE.viewport.width,
      height: PHONE_PROFILE.viewport.height,
      deviceScaleFactor: PHONE_PROFILE.deviceScaleFactor,
      mobile: PHONE_PROFILE.mobile,
    });
    await page.addInitScript(() => {
      const seen = {paints: /** @type {number[]} */ ([]), largest: /** @type {number[]} */ ([]), shifts: 0, scripts: /** @type {number[]} */ ([])};
      /** @type {any} */ (window).__firstPaint = seen;
      const watch = (/** @type {string} */ type, /** @type {(entry: any) => void} */ take) =>
        new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({type, buffered: true});
      watch('paint', (e) => seen.paints.push(e.startTime));
      watch('largest-contentful-paint', (e) => seen.largest.push(e.startTime));
      watch('layout-shift', (e) => {
        if (!e.hadRecentInput) seen.shifts += e.value;
      });
      watch('resource', (e) => {
        if (e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name)) seen.scripts.push(e.startTime);
      });
    });
    await page.goto(site.server.url + route, {waitUntil: 'load'});
    await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 30000});
    // Largest-paint candidates stop at the first input; a second for late shifts.
    await page.waitForTimeout(1000);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
    return /** @type {{paints: number[], largest: number[], shifts: number, scripts: number[]}} */ (
      await page.evaluate(() => /** @type {any} */ (window).__firstPaint)
    );
  } finally {
    await page.close();
  }
}

for (const [kind, route] of Object.entries(PAGES)) {
  test(`${kind} page (${route}), phone profile: painted before any script is requested, the largest paint too, and nothing moves`, async () => {
    for (let i = 1; i <= LOADS; i++) {
      const seen = await load(route);
      const firstScript = Math.min(...seen.scripts);
      const firstPaint = Math.min(...seen.paints);
      const round = (/** @type {number} */ ms) => Math.round(ms);
      assert.ok(seen.scripts.length > 0, `load ${i}: the page requested its scripts`);
      assert.ok(seen.paints.length > 0, `load ${i}: the page painted`);
      assert.ok(firstPaint < firstScript, `load ${i}: first paint at ${round(firstPaint)} ms came after the first script request at ${round(firstScript)} ms`);
      const lateLargest = seen.largest.filter((t) => t > firstScript);
      assert.deepEqual(
        lateLargest.map(round),
        [],
        `load ${i}: a largest-paint candidate came after the first script request at ${round(firstScript)} ms (first paint ${round(firstPaint)} ms)`,
      );
      assert.ok(seen.shifts <= 0.001, `load ${i}: layout shift ${seen.shifts.toFixed(4)} (at most 0.001)`);
    }
  });
}
