/**
 * Pictures of the pages: a fixed set of pages, on a phone and a desktop, in
 * both color modes, compared with the pictures committed in baselines/.
 *
 * `npm run test:visual` runs this file (building the test site first when
 * there is none); `npm run test:visual -- --update` writes the new pictures
 * as the baselines. On a difference, visual-report/ holds, for each picture
 * that changed, the baseline, the new picture and an image of the
 * differences, which the GitHub workflow uploads; report.json (every run)
 * lists each picture's verdict for scripts/pr-summary.mjs. tests/visual/README.md says how the
 * pictures are kept stable and how to accept a change.
 */
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import {PNG} from 'pngjs';
import pixelmatch from 'pixelmatch';
import {repoRoot, serveBuild, waitForHydration} from '../helpers.mjs';
import {launchChromium, chromiumPath} from '../../scripts/chromium.mjs';
import {SHOTS, VIEWPORTS, MODES, DEFAULT_HEIGHT, STABLE_CSS, MASKS, FONTS, compare, shotName} from './shots.mjs';

const baselineDir = path.join(repoRoot, 'tests/visual/baselines');
const reportDir = path.resolve(repoRoot, process.env.VISUAL_REPORT_DIR ?? 'visual-report');
const update = process.env.VISUAL_UPDATE === '1';

const browserVersion = () => {
  try {
    return execFileSync(chromiumPath, ['--version'], {encoding: 'utf8'}).trim();
  } catch {
    return 'unknown';
  }
};

/** The fonts the pictures are drawn with must be installed, or every picture differs. */
function assertFonts() {
  let installed = '';
  try {
    installed = execFileSync('fc-list', [':', 'family'], {encoding: 'utf8'});
  } catch {
    return; // No fontconfig tools: Chromium reports a missing font itself as a different picture.
  }
  const missing = Object.values(FONTS).filter((family) => !installed.includes(family));
  if (missing.length) {
    throw new Error(`Missing fonts: ${missing.join(', ')}. Install Debian's fonts-liberation (apt-get install -y fonts-liberation).`);
  }
}

/**
 * One picture's verdict in report.json (read by scripts/pr-summary.mjs).
 * @typedef {{name: string, route: string, status: 'same' | 'missing' | 'different', updated?: boolean, ratio?: number, reason?: string}} ShotResult
 * @typedef {import('./shots.mjs').Shot} Shot
 * @typedef {import('./shots.mjs').Viewport} Viewport
 * @typedef {import('./shots.mjs').Mode} Mode
 */

/** @type {ShotResult[]} */
const results = [];
/** @type {Awaited<ReturnType<typeof serveBuild>> | undefined} */
let server;
/** @type {Record<string, Awaited<ReturnType<typeof launchChromium>>>} */
const browsers = {};

before(async () => {
  assertFonts();
  server = await serveBuild();
  fs.rmSync(reportDir, {recursive: true, force: true});
  if (update) fs.mkdirSync(baselineDir, {recursive: true});
});

after(async () => {
  await Promise.all(Object.values(browsers).map((b) => b.close()));
  await server?.close();
  // Always written: the pull request's summary says "none" from it as surely as it lists differences.
  fs.mkdirSync(reportDir, {recursive: true});
  fs.writeFileSync(
    path.join(reportDir, 'report.json'),
    JSON.stringify({browser: browserVersion(), baselineBrowser: readBaselineBrowser(), updated: update, shots: results}, null, 2) + '\n',
  );
  if (update) fs.writeFileSync(path.join(baselineDir, 'BROWSER.txt'), `${browserVersion()}\n`);
});

function readBaselineBrowser() {
  try {
    return fs.readFileSync(path.join(baselineDir, 'BROWSER.txt'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * One Chromium per viewport and color mode, so that each picture starts from a fresh page of its own.
 * @param {Viewport} viewport
 * @param {Mode} mode
 */
async function browserFor(viewport, mode) {
  const key = `${viewport.name}-${mode}`;
  browsers[key] ??= await launchChromium({
    viewport: {width: viewport.width, height: viewport.height},
    deviceScaleFactor: 1,
    isMobile: viewport.name === 'phone',
    hasTouch: viewport.name === 'phone',
    colorScheme: mode,
    reducedMotion: 'reduce',
    // The stabilising style sheet goes in as a <style>, which the site's Content-Security-Policy rightly refuses.
    bypassCSP: true,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  return browsers[key];
}

/**
 * @param {Shot} shot
 * @param {Viewport} viewport
 * @param {Mode} mode
 */
async function takePicture(shot, viewport, mode) {
  const {context} = await browserFor(viewport, mode);
  const page = await context.newPage();
  try {
    await page.addInitScript((/** @type {Mode} */ value) => {
      try {
        window.localStorage.setItem('theme', value);
      } catch {
        // about:blank has no storage.
      }
    }, mode);
    const response = /** @type {import('playwright-core').Response} */ (
      await page.goto(/** @type {Awaited<ReturnType<typeof serveBuild>>} */ (server).url + shot.route)
    );
    assert.equal(response.status(), shot.status ?? 200, `${shot.route} answered ${response.status()}`);
    await waitForHydration(page);
    await page.addStyleTag({content: STABLE_CSS});
    if (shot.ready) await shot.ready(page);
    await page.evaluate(() => document.fonts.ready);
    // Every image decoded, then two frames for layout to settle.
    await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)))));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // The sidebar shows the current page's link (src/plugins/navigation): wait for it, rather than picture a sidebar
    // still on its way there; a sidebar that never gets there differs from its baseline. Up to 10 s: on a busy
    // machine (two test runs at once), 3 s was once too short for the reference page, whose picture then failed.
    // The docs sidebar only: on a phone, the closed navigation drawer holds the same link out of sight, and waiting for
    // it to scroll into view cost 10 s a picture.
    await page
      .waitForFunction(
        () => {
          const link = document.querySelector('.theme-doc-sidebar-container .menu__link--active:not(.menu__link--sublist)');
          for (let box = link?.parentElement; box && box !== document.body; box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowY;
            if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) {
              const [a, b] = [/** @type {Element} */ (link).getBoundingClientRect(), box.getBoundingClientRect()];
              return a.top >= b.top && a.bottom <= b.bottom;
            }
          }
          return true;
        },
        undefined,
        {timeout: 10000},
      )
      .catch(() => undefined);
    const size = await page.evaluate(() => ({width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight}));
    // A page wider than the screen scrolls sideways: a layout bug before it is a picture.
    assert.ok(size.width <= viewport.width, `${shot.route} is ${size.width} px wide on a ${viewport.width} px ${viewport.name} screen`);
    const cap = shot.height?.[viewport.name] ?? DEFAULT_HEIGHT[viewport.name];
    return await page.screenshot({
      fullPage: true,
      clip: {x: 0, y: 0, width: viewport.width, height: Math.min(size.height, cap)},
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: MASKS.map((selector) => page.locator(selector)),
      maskColor: '#808080',
    });
  } finally {
    await page.close();
  }
}

for (const shot of SHOTS) {
  for (const viewport of VIEWPORTS) {
    for (const mode of MODES) {
      const name = shotName(shot, viewport, mode);
      test(`${name}: ${shot.route} looks as in its baseline`, async () => {
        const picture = await takePicture(shot, viewport, mode === 'light' ? 'light' : 'dark');
        const baselineFile = path.join(baselineDir, `${name}.png`);
        if (update) {
          fs.writeFileSync(baselineFile, picture);
          results.push({name, route: shot.route, status: 'same', updated: true});
          return;
        }
        /**
         * @param {string} suffix
         * @param {Buffer} data
         */
        const write = (suffix, data) => {
          fs.mkdirSync(reportDir, {recursive: true});
          fs.writeFileSync(path.join(reportDir, `${name}.${suffix}.png`), data);
        };
        if (!fs.existsSync(baselineFile)) {
          write('new', picture);
          results.push({name, route: shot.route, status: 'missing'});
          assert.fail(`${name}: no baseline in tests/visual/baselines/. Run "npm run test:visual -- --update" and commit the picture.`);
        }
        const baseline = fs.readFileSync(baselineFile);
        const verdict = compare(PNG.sync.read(baseline), PNG.sync.read(picture), pixelmatch);
        if (verdict.same) {
          results.push({name, route: shot.route, status: 'same', ratio: verdict.ratio});
          return;
        }
        write('baseline', baseline);
        write('new', picture);
        if (verdict.diff) write('diff', PNG.sync.write(verdict.diff));
        results.push({name, route: shot.route, status: 'different', ratio: verdict.ratio, reason: verdict.reason});
        const recorded = readBaselineBrowser();
        const current = browserVersion();
        assert.fail(
          `${name} (${shot.route}, ${viewport.name} ${viewport.width}px, ${mode}): ${verdict.reason}. ` +
            `See ${path.relative(repoRoot, reportDir)}/${name}.{baseline,new,diff}.png; if the change is intended, run "npm run test:visual -- --update".` +
            (recorded && recorded !== current ? ` The baselines were drawn by ${recorded}, this run by ${current}.` : ''),
        );
      });
    }
  }
}
