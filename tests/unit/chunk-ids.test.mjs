/**
 * src/internals/client/routeGroups.ts's chunkIdsOf reads the chunk ids a
 * route's loader function loads from its code, as the bundler wrote it. A
 * minifier may write chunk 8000 as `n.e(8e3)`: the id is still "8000", or the
 * browser registers and prefetches a chunk that does not exist (the 3.10.2
 * rehearsal's bundle had such ids).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import createJiti from 'jiti';

// The module reads the runtime's hooks from `self`, the browser's global.
Object.assign(globalThis, {self: globalThis});
const jiti = createJiti(import.meta.url, {interopDefault: true});
const {chunkIdsOf} = /** @type {typeof import('../../src/internals/client/routeGroups.ts')} */ (jiti('../../src/internals/client/routeGroups.ts'));

test('chunkIdsOf reads quoted, plain and exponent-form chunk ids as the bundler looks them up', () => {
  // Loader functions of the shapes webpack and Rspack write; their bodies never run.
  const n = {e: () => Promise.resolve(), bind: () => () => undefined};
  const rspack = new Function('n', 'return ()=>Promise.all([n.e("6212"),n.e("8000"),n.e("web-1")]).then(n.bind(n,2))')(n);
  const webpack = new Function('n', 'return ()=>Promise.all([n.e(4636),n.e(8e3),n.e("9e9")]).then(n.bind(n,3))')(n);
  assert.deepEqual(chunkIdsOf(rspack), ['6212', '8000', 'web-1']);
  assert.deepEqual(chunkIdsOf(webpack), ['4636', '8000', '9e9']);
  assert.deepEqual(chunkIdsOf('not a function'), []);
});
