/**
 * Seam "route-tables", bundler loader (client build only): keeps the route
 * tables that every page loads small.
 *
 * 1. Moves the API reference's routes, and the changelog's, out of them.
 * Docusaurus ships every page's route, registry entry and chunk names in its
 * main bundle, and every doc in the docs plugin's global data, so the 170
 * generated reference pages would add about 9 KB gzip to every page, and
 * every changelog entry about 80 bytes more, forever. In the browser each
 * group of GROUPS becomes one route (`/docs/api/reference/`: ../reference/ReferenceRoutes.tsx;
 * `/docs/changelog/`: ../reference/ChangelogRoutes.tsx) that loads its own
 * table on demand (`?reference`, `?changelog`):
 * - `.docusaurus/routes.js`: the reference routes are replaced by that one
 *   route per group; with `?<group>`, only that group's routes are kept;
 * - `.docusaurus/routesChunkNames.json` and `.docusaurus/registry.js`: without
 *   the entries only a group's routes use; with `?<group>`, only that group's
 *   (shared ones included);
 * - `@docusaurus/core`'s ComponentCreator with `?<group>`: the same code,
 *   reading that group's tables;
 * - `.docusaurus/globalData.json`: without the groups' docs, which each
 *   group's route adds back when its table loads.
 * 2. Leaves out the module name of each registry entry ([loader, module
 *    name, module id]): only the server reads it (react-loadable's report of
 *    the modules a page used). About 40 bytes a page.
 * The server build is untouched, so the HTML of every page is as before.
 * Each rewrite fails the build, naming the seam, when the generated file no
 * longer has the shape it rewrites.
 */
const fs = require('node:fs');
const path = require('node:path');
const {markApplied, seamError} = require('./shared.cjs');

const SEAM = 'route-tables';
/**
 * The routes that load on demand, by group: the prefix of their paths and the
 * component of their one route. The reference must have routes (the check
 * that the generated file still has the shape read here); the changelog may
 * have none.
 */
const GROUPS = [
  {name: 'reference', prefix: '/docs/api/reference/', component: 'ReferenceRoutes', required: true},
  // Its pages' modules share one chunk (src/plugins/chunk-file-names/plugin.ts), so their imports are left unnamed:
  // a named import is one more entry in the runtime every page loads, per page.
  {name: 'changelog', prefix: '/docs/changelog/', component: 'ChangelogRoutes', required: false, unnamedChunks: true},
];
/** @typedef {(typeof GROUPS)[number]} Group */
/** @param {string} routePath */
const groupOf = (routePath) => GROUPS.find((g) => routePath.startsWith(g.prefix));
const ROUTES_QUERY = /(?:^|[?&])(reference|changelog)\b/;

function chunkNameSets(generatedDir) {
  const all = JSON.parse(fs.readFileSync(path.join(generatedDir, 'routesChunkNames.json'), 'utf8'));
  const values = (entry) => {
    const out = [];
    const walk = (v) => {
      if (typeof v === 'string') out.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(entry);
    return out;
  };
  const byGroup = Object.fromEntries(GROUPS.map((g) => [g.name, new Set()]));
  const other = new Set();
  for (const [key, entry] of Object.entries(all)) {
    const group = groupOf(key);
    for (const name of values(entry)) (group ? byGroup[group.name] : other).add(name);
  }
  return {byGroup, other};
}

function routes(source, lazy) {
  // Each leaf route is a block "{ path: '…', component: ComponentCreator(…), exact: true, sidebar: "…" }".
  const block = /\n(\s*)\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('[^']*', '[^']*'\),\n\s*exact: true,\n(?:\s*sidebar: "[^"]*"\n)?\s*\},?/g;
  const found = [];
  for (const m of source.matchAll(block)) if (groupOf(m[2])) found.push(m);
  for (const group of GROUPS.filter((g) => g.required)) {
    if (!found.some((m) => m[2].startsWith(group.prefix))) {
      throw seamError(
        SEAM,
        `.docusaurus/routes.js has no route under ${group.prefix} in the shape this loader rewrites (written by @docusaurus/core/lib/server/codegen/codegenRoutes.js).`,
      );
    }
  }
  if (lazy) {
    const blocks = found.filter((m) => /** @type {Group} */ (groupOf(m[2])).name === lazy).map((m) => m[0].replace(/,\s*$/, '').trim());
    return [`import ComponentCreator from '@docusaurus/ComponentCreator?${lazy}';`, '', `export default [\n${blocks.join(',\n')}\n];`, ''].join('\n');
  }
  let out = '';
  let last = 0;
  const placed = new Set();
  found.forEach((m) => {
    out += source.slice(last, m.index);
    // One route per group, where its first page was.
    const group = /** @type {Group} */ (groupOf(m[2]));
    if (!placed.has(group)) {
      placed.add(group);
      const indent = m[1];
      out += `\n${indent}{\n${indent}  path: '${group.prefix}',\n${indent}  component: ${group.component},\n${indent}  sidebar: "documentation"\n${indent}},`;
    }
    last = m.index + m[0].length;
  });
  out += source.slice(last);
  const imports = [...placed].map((g) => `import ${g.component} from '@site/src/internals/reference/${g.component}';\n`).join('');
  return `${imports}${out}`;
}

function registry(source, generatedDir, lazy) {
  const {byGroup, other} = chunkNameSets(generatedDir);
  const inAnyGroup = (name) => Object.values(byGroup).some((set) => set.has(name));
  const keep = (name) => (lazy ? byGroup[lazy].has(name) : !inAnyGroup(name) || other.has(name));
  const unnamed = lazy && /** @type {Group} */ (GROUPS.find((g) => g.name === lazy)).unnamedChunks;
  let entries = 0;
  const out = source
    .split('\n')
    .map((line) => {
      const m = /^\s*"([^"]+)": \[/.exec(line);
      if (!m) return line;
      entries += 1;
      if (keep(m[1])) return unnamed ? line.replace(/\/\* webpackChunkName: "[^"]*" \*\/ /, '') : line;
      // The generator closes the object on the last entry's line.
      return /\};\s*$/.test(line) ? '};' : null;
    })
    .filter((line) => line !== null)
    .join('\n');
  if (entries === 0)
    throw seamError(SEAM, '.docusaurus/registry.js has no entries in the shape this loader rewrites ("chunk name": [loader, module, id] per line).');
  // Every entry is `[() => import(…), "<module name>", require.resolveWeak(…)]`.
  const named = /\), "(?:@site|@generated|@theme|@docusaurus)[^"]*", require\.resolveWeak\(/g;
  const withoutNames = out.replace(named, '), "", require.resolveWeak(');
  if (withoutNames === out) throw seamError(SEAM, '.docusaurus/registry.js entries no longer name their module between the loader and require.resolveWeak().');
  return withoutNames;
}

function globalData(source) {
  const data = JSON.parse(source);
  const versions = data['docusaurus-plugin-content-docs']?.default?.versions;
  if (!Array.isArray(versions) || !versions.every((v) => Array.isArray(v.docs))) {
    throw seamError(
      SEAM,
      '.docusaurus/globalData.json no longer lists the docs of each version as versions[].docs (@docusaurus/plugin-content-docs/lib/globalData.js).',
    );
  }
  for (const version of versions) version.docs = version.docs.filter((doc) => !groupOf(String(doc.path)));
  return JSON.stringify(data);
}

/**
 * @this {{resourcePath: string, resourceQuery: string}} webpack's loader context (the part this loader reads)
 * @param {string} source
 */
module.exports = function routeTables(source) {
  const file = this.resourcePath;
  // The group whose table this is (`?reference`, `?changelog`), or none: the tables every page loads.
  const lazy = ROUTES_QUERY.exec(this.resourceQuery || '')?.[1];
  markApplied(SEAM);
  if (/[\\/]ComponentCreator\.js$/.test(file)) {
    if (!lazy) return source;
    const out = source
      .replace("from '@generated/routesChunkNames'", `from '@generated/routesChunkNames?${lazy}'`)
      .replace("from '@generated/registry'", `from '@generated/registry?${lazy}'`);
    if (!out.includes(`routesChunkNames?${lazy}`) || !out.includes(`registry?${lazy}`)) {
      throw seamError(
        SEAM,
        "@docusaurus/core/lib/client/exports/ComponentCreator.js no longer imports '@generated/routesChunkNames' and '@generated/registry'.",
      );
    }
    return out;
  }
  if (/[\\/]routes\.js$/.test(file)) return routes(source, lazy);
  if (/[\\/]routesChunkNames\.json$/.test(file)) {
    const all = JSON.parse(source);
    return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => groupOf(key)?.name === lazy)));
  }
  if (/[\\/]registry\.js$/.test(file)) return registry(source, path.dirname(file), lazy);
  if (/[\\/]globalData\.json$/.test(file)) return globalData(source);
  return source;
};
