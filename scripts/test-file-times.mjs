/**
 * A `node --test` reporter that prints, at the end, the time each test file's
 * tests took (their top-level tests added up), longest first: where the
 * suite's time goes. scripts/test.mjs adds it beside the usual reporter.
 * @param {AsyncIterable<{type: string, data: {nesting?: number, file?: string, details?: {duration_ms?: number}}}>} source
 */
export default async function* fileTimes(source) {
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for await (const {type, data} of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      byFile.set(data.file, (byFile.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    }
  }
  const root = process.cwd() + '/';
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  yield `\nTime by test file (${rows.length} files, ${Math.round(total / 1000)} s of tests):\n`;
  for (const [file, ms] of rows) yield `${String(Math.round(ms / 1000)).padStart(5)} s  ${file.replace(root, '')}\n`;
}
