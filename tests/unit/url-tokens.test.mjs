/**
 * The product's URL tokens (%APP_URL%, %API_URL%, … of src/config/urls.ts) are
 * replaced in one place: src/utils/productUrls.ts. It is the only module that
 * reads the token map (`urlTokens`) or rewrites a token in a string; the docs,
 * the Markdown export and the API reference's blocks all go through it. A
 * second replacer (a `.replace('%API_URL%', …)` in a feature, or a feature that
 * imports the map) fails here with its file and line.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../helpers.mjs';

const OWNER = 'src/utils/productUrls.ts';
const DEFINER = 'src/config/urls.ts';

/**
 * Lines of `source` that replace a URL token or read the token map.
 * @param {string} source
 */
export function tokenReplacements(source) {
  /** @type {{line: number, text: string}[]} */
  const found = [];
  source.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    const readsMap = /\burlTokens\b/.test(line);
    const replacesToken = /\.replace(All)?\(\s*(\/[^/]*%[A-Z_]*_URL%|['"`][^'"`]*%[A-Z_]*_URL%)/.test(line);
    if (readsMap || replacesToken) found.push({line: index + 1, text: line.trim()});
  });
  return found;
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // mcp/lib/site.mjs is the site's code bundled (productUrls.ts included), not a second copy to guard.
    if (entry.isDirectory()) return ['node_modules', '__fixtures__', '__tests__', 'lib'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [full] : [];
  });
}

test('the finder sees a second replacer and a reader of the token map', () => {
  assert.deepEqual(
    tokenReplacements(
      "const a = 1;\nconst url = text.replace('%API_URL%', base);\n// text.replace('%APP_URL%', x) in a comment\nimport {urlTokens} from '../config/urls';",
    ).map((hit) => hit.line),
    [2, 4],
  );
  assert.deepEqual(tokenReplacements('value.replaceAll(/%APP_URL%/g, app)').length, 1);
  assert.deepEqual(tokenReplacements("const base = '%API_URL%';"), []);
});

test('URL tokens are replaced in src/utils/productUrls.ts only', () => {
  const roots = ['src', 'scripts', 'mcp', 'docusaurus.config.ts'].map((item) => path.join(repoRoot, item)).filter((item) => fs.existsSync(item));
  const problems = roots
    .flatMap((root) => (fs.statSync(root).isDirectory() ? sourceFiles(root) : [root]))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'))
    .filter((file) => file !== OWNER && file !== DEFINER)
    .flatMap((file) => tokenReplacements(fs.readFileSync(path.join(repoRoot, file), 'utf8')).map((hit) => `${file}:${hit.line}: ${hit.text}`));
  assert.deepEqual(problems, [], `URL tokens must be replaced by ${OWNER} (replaceUrlTokens or its remark plugin), not here:\n${problems.join('\n')}`);
});
