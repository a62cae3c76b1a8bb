/**
 * Examples readers copy must be valid: every ```json block parses, every
 * ```yaml block parses, and every ```bash block passes `bash -n`.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import YAML from 'yaml';
import {readDocs} from './docs-model.mjs';

/** @param {{body: string}} doc */
function codeBlocks(doc) {
  /** @type {Array<{lang: string, code: string, line: number}>} */
  const blocks = [];
  const re = /^( *)(```|~~~)(\w+)[^\n]*\n([\s\S]*?)^\1\2\s*$/gm;
  for (const m of doc.body.matchAll(re)) {
    const indent = m[1].length;
    const code = m[4]
      .split('\n')
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    blocks.push({lang: m[3].toLowerCase(), code, line: doc.body.slice(0, m.index).split('\n').length});
  }
  return blocks;
}

const docs = readDocs();
const all = docs.flatMap((doc) => codeBlocks(doc).map((block) => ({...block, file: doc.file})));

test('every JSON example parses', () => {
  const blocks = all.filter((b) => b.lang === 'json');
  assert.ok(blocks.length > 100, `${blocks.length} JSON blocks`);
  const failures = [];
  for (const b of blocks) {
    try {
      JSON.parse(b.code);
    } catch (/** @type {any} */ error) {
      failures.push(`${b.file}:${b.line}: ${error.message}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('every YAML example parses', () => {
  const blocks = all.filter((b) => b.lang === 'yaml' || b.lang === 'yml');
  assert.ok(blocks.length > 0, 'the docs contain YAML examples');
  const failures = [];
  for (const b of blocks) {
    try {
      YAML.parseAllDocuments(b.code).forEach((d) => {
        if (d.errors.length) throw d.errors[0];
      });
    } catch (/** @type {any} */ error) {
      failures.push(`${b.file}:${b.line}: ${error.message}`);
    }
  }
  assert.deepEqual(failures, []);
});

test('every bash example is valid shell syntax', () => {
  const blocks = all.filter((b) => b.lang === 'bash' || b.lang === 'sh' || b.lang === 'shell');
  assert.ok(blocks.length > 100, `${blocks.length} bash blocks`);
  const failures = [];
  for (const b of blocks) {
    const run = spawnSync('bash', ['-n'], {input: b.code, encoding: 'utf8'});
    if (run.status !== 0) failures.push(`${b.file}:${b.line}: ${run.stderr.trim().split('\n')[0]}`);
  }
  assert.deepEqual(failures, []);
});
