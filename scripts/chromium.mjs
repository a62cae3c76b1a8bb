/**
 * How this repository starts Chromium, for the tests (tests/helpers.mjs) and
 * the benchmark (scripts/bench.mjs): which binary, with which flags, and a
 * fresh profile that is deleted when the browser closes, so that no run sees
 * the cache, storage or permissions of another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** CHROMIUM_PATH, else Debian's Chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * No sandbox (containers and CI run as root), no GPU, and nothing that talks
 * to Google on its own (background updates, sync, QUIC), so that every request
 * a test sees comes from the page.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Throws a message that says how to get Chromium when the binary is missing. */
export function assertChromium() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
}

/**
 * Launches headless Chromium with a throw-away profile. `options` go to
 * Playwright's launchPersistentContext (viewport, javaScriptEnabled, …).
 * Returns {context, close}; close() also deletes the profile.
 * @param {import('playwright-core').LaunchOptions & import('playwright-core').BrowserContextOptions} [options]
 * @returns {Promise<{context: import('playwright-core').BrowserContext, close(): Promise<void>}>}
 */
export async function launchChromium(options = {}) {
  assertChromium();
  const {chromium} = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-chromium-'));
  const removeProfile = () => fs.rmSync(profile, {recursive: true, force: true});
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {executablePath: chromiumPath, headless: true, args: chromiumArgs, ...options});
  } catch (error) {
    removeProfile();
    throw error;
  }
  return {
    context,
    async close() {
      await context.close();
      removeProfile();
    },
  };
}

/**
 * When (wall clock, stamped in the page) the first element matching selector appeared.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @returns {Promise<number>}
 */
export function stampFirst(page, selector) {
  return page.evaluate(
    (sel) =>
      /** @type {Promise<number>} */ (
        new Promise((resolve) => {
          const now = () => Math.round(performance.timeOrigin + performance.now());
          if (document.querySelector(sel)) return resolve(now());
          const observer = new MutationObserver(() => {
            if (!document.querySelector(sel)) return;
            observer.disconnect();
            resolve(now());
          });
          observer.observe(document.documentElement, {childList: true, subtree: true});
        })
      ),
    selector,
  );
}
