/**
 * What the seams' bundler loaders share: a record of which seams ran in this
 * build (read by ../plugin.ts after the build, so a loader whose file pattern
 * stopped matching fails the build instead of doing nothing), and the error a
 * loader throws when the file it rewrites no longer looks as expected.
 * Bundler loaders run in the build's main thread, so a process-wide record
 * is enough.
 */
const KEY = Symbol.for('launchdeck.internals.applied');

/**
 * Seam ids (with the compiler, "client" or "server") that were applied in this process.
 * @returns {Set<string>}
 */
function appliedSeams() {
  /** @type {typeof globalThis & {[KEY]?: Set<string>}} */ (globalThis)[KEY] ??= new Set();
  return /** @type {typeof globalThis & {[KEY]: Set<string>}} */ (globalThis)[KEY];
}

/** @param {string} seam @param {string} [compiler] */
function markApplied(seam, compiler = 'client') {
  appliedSeams().add(`${seam}:${compiler}`);
}

/** @param {string} seam @param {string} detail @returns {Error} */
function seamError(seam, detail) {
  const error = new Error(`Seam "${seam}" (src/internals/README.md): ${detail}`);
  error.name = 'SeamError';
  return error;
}

module.exports = {appliedSeams, markApplied, seamError};
