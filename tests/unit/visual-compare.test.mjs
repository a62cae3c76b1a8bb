/**
 * The visual test's comparison (tests/visual/shots.mjs) on pictures drawn
 * here: the same picture passes, a few stray pixels pass, a changed block
 * fails with an image of the differences, and a picture of another size
 * fails with both sizes.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import pixelmatch from 'pixelmatch';
import {compare, MAX_DIFF_RATIO} from '../visual/shots.mjs';

/**
 * A width×height picture of grey text-like stripes.
 * @param {number} width
 * @param {number} height
 * @returns {import('../visual/shots.mjs').Picture}
 */
function picture(width, height) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = y % 12 < 3 && x % 7 < 5 ? 30 : 245;
      data[i] = data[i + 1] = data[i + 2] = ink;
      data[i + 3] = 255;
    }
  }
  return {width, height, data};
}

/**
 * Paints a size×size square of colour [r, g, b] at (x0, y0).
 * @param {import('../visual/shots.mjs').Picture} image
 * @param {number} x0
 * @param {number} y0
 * @param {number} size
 * @param {[number, number, number]} colour
 */
function paint(image, x0, y0, size, [r, g, b]) {
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const i = (y * image.width + x) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
    }
  }
  return image;
}

test('the same picture matches its baseline', () => {
  const verdict = compare(picture(300, 200), picture(300, 200), pixelmatch);
  assert.equal(verdict.same, true);
  assert.equal(verdict.ratio, 0);
});

test('a few stray pixels stay within the tolerance', () => {
  // 20 of 60,000 pixels: under MAX_DIFF_RATIO.
  const actual = picture(300, 200);
  for (let k = 0; k < 20; k++) paint(actual, 10 + k * 13, 150, 1, [200, 0, 0]);
  const verdict = compare(picture(300, 200), actual, pixelmatch);
  assert.ok(20 / 60000 < MAX_DIFF_RATIO);
  assert.equal(verdict.same, true, /** @type {string} */ (verdict.reason));
});

test('a changed block fails, and the image of differences marks it', () => {
  const actual = paint(picture(300, 200), 100, 50, 20, [220, 40, 40]);
  const verdict = compare(picture(300, 200), actual, pixelmatch);
  assert.equal(verdict.same, false);
  assert.match(/** @type {string} */ (verdict.reason), /^\d+ pixels differ \(0\.\d+% of the picture, more than 0\.05%\)$/);
  const at = (/** @type {number} */ x, /** @type {number} */ y) => [
    .../** @type {import('../visual/shots.mjs').Picture} */ (verdict.diff).data.subarray((y * 300 + x) * 4, (y * 300 + x) * 4 + 3),
  ];
  assert.deepEqual(at(110, 60), [255, 0, 0], 'a changed pixel is red in the diff');
  assert.notDeepEqual(at(10, 190), [255, 0, 0], 'an unchanged pixel is not');
});

test('a picture of another size fails with both sizes', () => {
  const verdict = compare(picture(300, 200), picture(300, 240), pixelmatch);
  assert.equal(verdict.same, false);
  assert.equal(verdict.reason, 'the picture is 300×240 px, its baseline 300×200 px');
});
