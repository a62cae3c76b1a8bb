/**
 * Moves the content hashes of a section's page chunks out of the runtime
 * every page loads and into that section's route table (src/internals,
 * seam `route-tables`), which loads before any of those chunks is asked for.
 * The runtime names a chunk's file `assets/js/<id>.<hash>.js` from one table
 * of hashes, one entry per chunk: with a chunk per page, every page added
 * made every page heavier. Now the runtime keeps the hashes of chunks that
 * something other than a route table loads, and looks the others up in
 * `self.ldChunkHashes`, which each route table fills as it runs.
 *
 * Pure functions on the minified sources, run before the bundler's final
 * content hashes (which then rewrite every hash moved here, and rename the
 * route tables whose text changed).
 */

/** Where a route table leaves the hashes of its chunks; the rewritten runtime reads it. */
export const GLOBAL = 'self.ldChunkHashes';

/** `X.u=function(e){return"assets/js/"+e+"."+({…})[e]+".js"}` (Rspack) or `X.u=e=>"assets/js/"+e+"."+{…}[e]+".js"` (webpack, terser). */
const CHUNK_FILENAME = /(\.u=(?:function\((\w+)\)\{return|\((\w+)\)=>|(\w+)=>))("assets\/js\/"\+\w+\+"\."\+)\(?\{([^{}]*)\}\)?\[(\w+)\](\+"\.js")/;

/**
 * A chunk id as the bundler looks it up. A minifier may write a round number
 * in exponent form, unquoted, as a key (`{8e3:"29716f"}`) or an argument
 * (`n.e(8e3)`); JavaScript reads both as "8000", and so must this file. A
 * quoted "8e3" stays "8e3".
 */
function chunkId(written: string, quote: string): string {
  return !quote && /^\d+e\d+$/.test(written) ? String(Number(written)) : written;
}

/** Chunk ids a source loads: `n.e("6212")`, `n.e(6212)`, `n.e(8e3)`. */
export function loadedChunkIds(source: string): Set<string> {
  return new Set([...source.matchAll(/\.e\(("?)([\w-]+)"?\)/g)].map((m) => chunkId(m[2]!, m[1]!)));
}

/** Reads `{1003:"ca5cbb","a-b":"248ee7",8e3:"29716f"}`'s entries. */
function readHashTable(body: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const m of body.matchAll(/("?)([\w-]+)\1:"([0-9a-f]+)"/g)) table.set(chunkId(m[2]!, m[1]!), m[3]!);
  return table;
}

function writeHashTable(table: Map<string, string>): string {
  return [...table].map(([id, hash]) => `${/^\d+$/.test(id) ? id : JSON.stringify(id)}:"${hash}"`).join(',');
}

/** The rewritten runtime's lookup of chunk `key`'s hash: its own table, then what the route tables registered. */
function lookup(table: Map<string, string>, key: string): string {
  return `(({${writeHashTable(table)}})[${key}]||(${GLOBAL}||{})[${key}])`;
}

export interface MovedHashes {
  /** The runtime, with the moved entries gone and the lookup falling back to GLOBAL. */
  runtime: string;
  /** Each route table's source, with the line that registers its chunks' hashes in front. */
  tables: Map<string, string>;
  /** How many entries left the runtime. */
  moved: number;
}

/**
 * @param runtime The runtime chunk's source.
 * @param tables The route tables' sources, by file name.
 * @param others Every other JavaScript file's source: a chunk any of them loads keeps its entry.
 * Throws when the runtime's file-name function is not the shape it knows (a bundler upgrade).
 */
export function moveChunkHashes(runtime: string, tables: Map<string, string>, others: Iterable<string>): MovedHashes {
  const match = CHUNK_FILENAME.exec(runtime);
  if (!match) {
    throw new Error(
      'chunk-file-names: the runtime\'s chunk file-name function (`.u=…"assets/js/"+id+"."+{…}[id]+".js"`) was not found; see src/plugins/chunk-file-names/README.md.',
    );
  }
  const hashes = readHashTable(match[6]!);
  const keep = new Set<string>();
  for (const source of others) for (const id of loadedChunkIds(source)) keep.add(id);
  const rewritten = new Map<string, string>();
  const movedIds = new Set<string>();
  for (const [name, source] of tables) {
    const own = new Map<string, string>();
    for (const id of loadedChunkIds(source)) {
      const hash = hashes.get(id);
      if (hash === undefined || keep.has(id)) continue;
      own.set(id, hash);
      movedIds.add(id);
    }
    rewritten.set(name, own.size ? `Object.assign(${GLOBAL}=${GLOBAL}||{},{${writeHashTable(own)}});${source}` : source);
  }
  for (const id of movedIds) hashes.delete(id);
  const key = match[7]!;
  const head = match[1]!;
  return {runtime: runtime.replace(match[0], `${head}${match[5]!}${lookup(hashes, key)}${match[8]!}`), tables: rewritten, moved: movedIds.size};
}

/** The rewritten runtime's lookup: `(({…})[e]||(self.ldChunkHashes||{})[e])`. */
const REWRITTEN_LOOKUP = /\(\(\{([^{}]*)\}\)\[(\w+)\]\|\|\(self\.ldChunkHashes\|\|\{\}\)\[\2\]\)/;

/** Where the rewritten runtime leaves the route tables' one hash; src/internals/client/routeGroups.ts registers each table's chunk with it. */
export const TABLE_HASH = 'self.ldTableHash';

/**
 * One hash for every route table: the runtime drops each table's entry and
 * sets TABLE_HASH, and the build renames the tables to match. Before a table
 * loads or is prefetched, the browser registers its chunk id with that hash in
 * GLOBAL (src/internals/client/routeGroups.ts, from the table's import in the
 * main bundle): a chunk nobody registered still has no hash, so Docusaurus's
 * and the site's prefetch code, which skips a name with "undefined" in it,
 * never asks for a file that does not exist. A section added then costs the runtime
 * nothing (its table's hash was about 9 bytes gzip). The price: when one
 * table changes, every table gets a new name, and a reader's cache of the
 * others goes. Runs after the bundler's final content hashes, on their
 * output: `hash` is made from the tables' final file names, so it changes
 * whenever one of them does, and the runtime's own name, made from its text
 * before this rewrite, still changes whenever its text after it does.
 * @param runtime The runtime, as moveChunkHashes left it.
 * @param tableIds The chunk ids of the route tables.
 * @param hash The tables' shared hash (sharedTableHash).
 */
export function shareTableHash(runtime: string, tableIds: Iterable<string>, hash: string): string {
  const match = REWRITTEN_LOOKUP.exec(runtime);
  if (!match) {
    throw new Error(
      "chunk-file-names: the runtime's rewritten chunk lookup (`(({…})[id]||(self.ldChunkHashes||{})[id])`) was not found; see src/plugins/chunk-file-names/README.md.",
    );
  }
  const hashes = readHashTable(match[1]!);
  for (const id of tableIds) hashes.delete(id);
  const key = match[2]!;
  return `${TABLE_HASH}=${JSON.stringify(hash)};${runtime.replace(match[0], lookup(hashes, key))}`;
}

/**
 * The shared hash: six hex digits of a digest of the tables' file names
 * (each holds its content hash). `digest` is node:crypto's md5 in hex,
 * passed in so this file stays free of Node APIs.
 */
export function sharedTableHash(fileNames: Iterable<string>, digest: (text: string) => string): string {
  return digest([...fileNames].sort().join('\n')).slice(0, 6);
}

/** `assets/js/6798.ab12cd.js` → `assets/js/6798.<hash>.js`. */
export function renamedTable(fileName: string, hash: string): string {
  const renamed = fileName.replace(/^(assets\/js\/[\w-]+\.)[0-9a-f]+(\.js)$/, `$1${hash}$2`);
  if (renamed === fileName && !fileName.endsWith(`.${hash}.js`))
    throw new Error(`chunk-file-names: a route table's file name is not assets/js/<id>.<hash>.js: ${fileName}`);
  return renamed;
}
