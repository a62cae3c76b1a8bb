/**
 * src/plugins/chunk-file-names/seams/sectionHashes.ts on fixtures: the runtime's
 * table of chunk hashes keeps the chunks that anything but a route table
 * loads; a chunk only route tables load has its hash written in front of each
 * of those tables, and the runtime falls back to what they registered. A
 * runtime of another shape stops the build. The built site's version of this
 * is checked by tests/build/route-tables.test.mjs.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {moveChunkHashes, renamedTable, sharedTableHash, shareTableHash} = /** @type {typeof import('../seams/sectionHashes.ts')} */ (
  jiti('../seams/sectionHashes.ts')
);

testFixtures(path.join(fixturesBeside(import.meta.url), 'section-hashes'), (source) => {
  const input = /** @type {{runtime: string, tables: Record<string, string>, others: string[]}} */ (JSON.parse(source));
  const result = moveChunkHashes(input.runtime, new Map(Object.entries(input.tables)), input.others);
  return {
    'runtime.txt': `${result.runtime}\n`,
    'tables.txt': [...result.tables].map(([name, text]) => `// ${name}\n${text}\n`).join(''),
    'moved.txt': `${result.moved}\n`,
  };
});

// After the final content hashes: one hash for every route table (shareTableHash). The digest is
// md5, as in plugin.ts; the shared hash is the one every table file is renamed to.
testFixtures(path.join(fixturesBeside(import.meta.url), 'shared-table-hash'), (source) => {
  const input = /** @type {{runtime: string, tables: Record<string, string>}} */ (JSON.parse(source));
  const hash = sharedTableHash(Object.values(input.tables), (text) => crypto.createHash('md5').update(text).digest('hex'));
  const renames = Object.values(input.tables).map((file) => `${file} → ${renamedTable(file, hash)}`);
  return {
    'runtime.txt': `${shareTableHash(input.runtime, Object.keys(input.tables), hash)}\n`,
    'renames.txt': `${renames.join('\n')}\n`,
  };
});
