/**
 * Bundler loader (see trimClientBundle.ts), client build only: moves the API
 * reference's routes out of the JavaScript that every page loads.
 *
 * Docusaurus ships every page's route, registry entry and chunk names in its
 * main bundle, so the 170 generated reference pages would add about 9 KB gzip
 * to every page. In the browser they become one route, `/docs/api/reference/`
 * (src/api/client/ReferenceRoutes.tsx), that loads their table on demand:
 * - `.docusaurus/routes.js`: the reference routes are replaced by that one
 *   route; with `?reference`, only the reference routes are kept;
 * - `.docusaurus/routesChunkNames.json` and `.docusaurus/registry.js`: without
 *   the entries only reference routes use; with `?reference`, only those
 *   (plus the shared ones they need);
 * - `@docusaurus/core`'s ComponentCreator with `?reference`: the same code,
 *   reading the `?reference` tables.
 * The server build is untouched, so the HTML of every page is as before, and
 * the browser loads the table before it hydrates a reference page
 * (src/client/preload.ts).
 */
const fs = require('node:fs');
const path = require('node:path');

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
  return {all, reference, other};
}

function routes(source, lazy) {
  // Each leaf route is a block "{ path: '…', component: ComponentCreator(…), exact: true, sidebar: "…" }".
  const block = /\n(\s*)\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('[^']*', '[^']*'\),\n\s*exact: true,\n(?:\s*sidebar: "[^"]*"\n)?\s*\},?/g;
  const found = [];
  for (const m of source.matchAll(block)) if (m[2].startsWith(PREFIX)) found.push(m);
  if (found.length === 0) return source;
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
  return `import ReferenceRoutes from '@site/src/api/client/ReferenceRoutes';\n${out}`;
}

module.exports = function lazyReferenceRoutes(source) {
  const file = this.resourcePath;
  const lazy = ROUTES_QUERY.test(this.resourceQuery || '');
  const generatedDir = path.dirname(file);
  if (/[\\/]ComponentCreator\.js$/.test(file)) {
    if (!lazy) return source;
    return source
      .replace("from '@generated/routesChunkNames'", "from '@generated/routesChunkNames?reference'")
      .replace("from '@generated/registry'", "from '@generated/registry?reference'");
  }
  if (/[\\/]routes\.js$/.test(file)) return routes(source, lazy);
  if (/[\\/]routesChunkNames\.json$/.test(file)) {
    const all = JSON.parse(source);
    const kept = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(PREFIX) === lazy));
    return JSON.stringify(kept);
  }
  if (/[\\/]registry\.js$/.test(file)) {
    const {reference, other} = chunkNameSets(generatedDir);
    const keep = (name) => (lazy ? reference.has(name) : !reference.has(name) || other.has(name));
    return source
      .split('\n')
      .map((line) => {
        const m = /^\s*"([^"]+)": \[/.exec(line);
        if (!m || keep(m[1])) return line;
        // The generator closes the object on the last entry's line.
        return /\};\s*$/.test(line) ? '};' : null;
      })
      .filter((line) => line !== null)
      .join('\n');
  }
  return source;
};
