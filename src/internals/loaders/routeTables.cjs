/**
 * Seam "route-tables", bundler loader (client build only): keeps the route
 * tables that every page loads small.
 *
 * 1. Moves the API reference's routes out of them.
 * Docusaurus ships every page's route, registry entry and chunk names in its
 * main bundle, and every doc in the docs plugin's global data, so the 170
 * generated reference pages would add about 9 KB gzip to every page. In the
 * browser they become one route, `/docs/api/reference/`
 * (../reference/ReferenceRoutes.tsx), that loads their table on demand:
 * - `.docusaurus/routes.js`: the reference routes are replaced by that one
 *   route; with `?reference`, only the reference routes are kept;
 * - `.docusaurus/routesChunkNames.json` and `.docusaurus/registry.js`: without
 *   the entries only reference routes use; with `?reference`, only those
 *   (plus the shared ones they need);
 * - `@docusaurus/core`'s ComponentCreator with `?reference`: the same code,
 *   reading the `?reference` tables;
 * - `.docusaurus/globalData.json`: without the reference's docs, which
 *   ReferenceRoutes adds back when their table loads.
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
const PREFIX = '/docs/api/reference/';
const ROUTES_QUERY = /(^|[?&])reference\b/;

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
  const reference = new Set();
  const other = new Set();
  for (const [key, entry] of Object.entries(all)) {
    for (const name of values(entry)) (key.startsWith(PREFIX) ? reference : other).add(name);
  }
  return {reference, other};
}

function routes(source, lazy) {
  // Each leaf route is a block "{ path: '…', component: ComponentCreator(…), exact: true, sidebar: "…" }".
  const block = /\n(\s*)\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('[^']*', '[^']*'\),\n\s*exact: true,\n(?:\s*sidebar: "[^"]*"\n)?\s*\},?/g;
  const found = [];
  for (const m of source.matchAll(block)) if (m[2].startsWith(PREFIX)) found.push(m);
  if (found.length === 0) {
    throw seamError(
      SEAM,
      `.docusaurus/routes.js has no route under ${PREFIX} in the shape this loader rewrites (written by @docusaurus/core/lib/server/codegen/codegenRoutes.js).`,
    );
  }
  if (lazy) {
    const blocks = found.map((m) => m[0].replace(/,\s*$/, '').trim());
    return ["import ComponentCreator from '@docusaurus/ComponentCreator?reference';", '', `export default [\n${blocks.join(',\n')}\n];`, ''].join('\n');
  }
  const indent = found[0][1];
  let out = '';
  let last = 0;
  found.forEach((m, i) => {
    out += source.slice(last, m.index);
    if (i === 0) {
      out += `\n${indent}{\n${indent}  path: '${PREFIX}',\n${indent}  component: ReferenceRoutes,\n${indent}  sidebar: "documentation"\n${indent}},`;
    }
    last = m.index + m[0].length;
  });
  out += source.slice(last);
  return `import ReferenceRoutes from '@site/src/internals/reference/ReferenceRoutes';\n${out}`;
}

function registry(source, generatedDir, lazy) {
  const {reference, other} = chunkNameSets(generatedDir);
  const keep = (name) => (lazy ? reference.has(name) : !reference.has(name) || other.has(name));
  let entries = 0;
  const out = source
    .split('\n')
    .map((line) => {
      const m = /^\s*"([^"]+)": \[/.exec(line);
      if (!m) return line;
      entries += 1;
      if (keep(m[1])) return line;
      // The generator closes the object on the last entry's line.
      return /\};\s*$/.test(line) ? '};' : null;
    })
    .filter((line) => line !== null)
    .join('\n');
  if (entries === 0)
    throw seamError(SEAM, '.docusaurus/registry.js has no entries in the shape this loader rewrites ("chunk name": [loader, module, id] per line).');
  // Every entry is `[() => import(…), "<module name>", require.resolveWeak(…)]`.
  const named = /\), "(?:@site|@generated|@theme|@docusaurus)[^"]*", require\.resolveWeak\(/g;
  const unnamed = out.replace(named, '), "", require.resolveWeak(');
  if (unnamed === out) throw seamError(SEAM, '.docusaurus/registry.js entries no longer name their module between the loader and require.resolveWeak().');
  return unnamed;
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
  for (const version of versions) version.docs = version.docs.filter((doc) => !String(doc.path).startsWith(PREFIX));
  return JSON.stringify(data);
}

module.exports = function routeTables(source) {
  const file = this.resourcePath;
  const lazy = ROUTES_QUERY.test(this.resourceQuery || '');
  markApplied(SEAM);
  if (/[\\/]ComponentCreator\.js$/.test(file)) {
    if (!lazy) return source;
    const out = source
      .replace("from '@generated/routesChunkNames'", "from '@generated/routesChunkNames?reference'")
      .replace("from '@generated/registry'", "from '@generated/registry?reference'");
    if (!out.includes('routesChunkNames?reference') || !out.includes('registry?reference')) {
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
    return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(PREFIX) === lazy)));
  }
  if (/[\\/]registry\.js$/.test(file)) return registry(source, path.dirname(file), lazy);
  if (/[\\/]globalData\.json$/.test(file)) return globalData(source);
  return source;
};
