/**
 * The docs' source files are read in one place: src/utils/docsSource.ts.
 * Everything else takes the site model (src/utils/siteModel.ts), or asks
 * docsSource for a file, so that what reads docs/ from disk, and why, is one
 * list in that module's comment.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../helpers.mjs';

const SOURCE = 'src/utils/docsSource.ts';
/** Command-line tools and tests work on files of their own choosing. */
const SKIPPED = /(^|\/)(__tests__|__fixtures__|scripts)\//;

/**
 * Lines of a module that read docs/ without docsSource, as `file:line: what`.
 * @param {string} file
 * @param {string} text
 * @returns {string[]}
 */
function docsReads(file, text) {
  /** @type {string[]} */
  const found = [];
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    // The docs folder's path made from the site's: only docsSource's docsDirOf does.
    if (/path\.(join|resolve)\([^)\n]*['"]docs['"]/.test(line)) found.push(`${at}: makes the path of docs/ (use docsDirOf)`);
    // A file system call given a path under docs/.
    if (/\bfs(?:\.promises)?\.\w+\([^)\n]*\b(docsDir|docsRoot|docsDirOf)\b/.test(line)) found.push(`${at}: reads docs/ with fs (use docsSource)`);
  });
  return found;
}

/**
 * Every module of src/ but the ones SKIPPED, relative to the repository.
 * @param {string} [dir]
 * @returns {string[]}
 */
function modules(dir = path.join(repoRoot, 'src')) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const rel = path.relative(repoRoot, full).split(path.sep).join('/');
    if (entry.isDirectory()) return SKIPPED.test(`${rel}/`) ? [] : modules(full);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

test('the rules find a module that reads docs/ on its own', () => {
  const bad = [
    "const text = fs.readFileSync(path.join(siteDir, 'docs', file), 'utf8');",
    'if (fs.existsSync(path.join(docsDir, section))) return;',
    'for (const name of fs.readdirSync(docsDirOf(siteDir))) names.push(name);',
  ].join('\n');
  assert.deepEqual(
    docsReads('bad.ts', bad).map((f) => f.replace(/:.*?: /, ': ')),
    ['bad.ts: makes the path of docs/ (use docsDirOf)', 'bad.ts: reads docs/ with fs (use docsSource)', 'bad.ts: reads docs/ with fs (use docsSource)'],
  );
  assert.deepEqual(docsReads('good.ts', "const text = readDocSource(docsDirOf(siteDir), file);\nfs.writeFileSync(path.join(outDir, 'x'), text);"), []);
});

test('no module but src/utils/docsSource.ts reads docs/ from disk', () => {
  const files = modules();
  assert.ok(files.includes(SOURCE) && files.length > 100, `${files.length} modules`);
  const found = files.filter((file) => file !== SOURCE).flatMap((file) => docsReads(file, fs.readFileSync(path.join(repoRoot, file), 'utf8')));
  assert.deepEqual(found, []);
});
