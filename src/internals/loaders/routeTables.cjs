/**
 * Seam "route-tables", bundler loader (client build only): keeps the route
 * tables that every page loads the same size however many pages the site has.
 *
 * 1. Moves every page of a section out of them. Docusaurus ships every page's
 * route, registry entry and chunk names in its main bundle, and every doc in
 * the docs plugin's global data, so each page added cost every reader about
 * 50 bytes, forever. In the browser each group becomes one route, under its
 * prefix, that loads its own table on demand (`@generated/routes?group=<name>`,
 * through ../client/lazyRoutes.tsx). The groups: those the features declare
 * (the API reference, `/docs/api/reference/`; the changelog), and each
 * section of the guides (`/docs/<section>/`, found from the routes
 * themselves, so a new section needs no change here). Pages outside every
 * section (the docs home, /search) stay in the main table.
 * - `.docusaurus/routes.js`: a group's routes are replaced by its one route;
 *   with `?group=<name>`, only that group's routes are kept;
 * - `.docusaurus/routesChunkNames.json` and `.docusaurus/registry.js`: without
 *   the entries only a group's routes use; with `?group=<name>`, only that
 *   group's (shared ones included). A group's own entries import their chunk
 *   without a name: a named chunk is one more entry, per page, in the runtime
 *   every page loads;
 * - `@docusaurus/core`'s ComponentCreator with `?group=<name>`: the same code,
 *   reading that group's tables;
 * - `.docusaurus/globalData.json`: without the groups' docs, which each
 *   group's route adds back when its table loads;
 * - the docs plugin's version metadata (`p/<version>.json`, the sidebar every
 *   docs page loads): every group's category keeps its link and label but
 *   not its items (an empty `html` item stands in), which the group's table carries (`export const sidebar`)
 *   and ../theme/DocVersionRoot puts back when it loads: the sidebar shows
 *   every section, and a section's pages once the reader is in it or opens it.
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
 * @typedef {{name: string, prefix: string, required?: boolean}} Group
 */
/**
 * The groups with a fixed prefix, checked before the sections: the features
 * declare them (`routeGroup`, src/config/feature.ts) and ../plugin.ts hands
 * them over as the loader's options. A required one must have routes (the
 * check that the generated file still has the shape read here).
 * @type {Group[]}
 */
let fixedGroups = [];
/** @type {Map<string, Group>} */
const sections = new Map();
/**
 * The group of a route's path: a fixed group, else the guide section it is in
 * (its first folder under /docs/), else none.
 * @param {string} routePath
 * @returns {Group | undefined}
 */
function groupOf(routePath) {
  const fixed = fixedGroups.find((g) => routePath.startsWith(g.prefix));
  if (fixed) return fixed;
  const m = /^\/docs\/([a-z0-9][a-z0-9-]*)\//.exec(routePath);
  if (!m) return undefined;
  const name = `section-${m[1]}`;
  let group = sections.get(name);
  if (!group) sections.set(name, (group = {name, prefix: `/docs/${m[1]}/`}));
  return group;
}
const ROUTES_QUERY = /(?:^|[?&])group=([a-z0-9-]+)/;

/**
 * The chunk names of routesChunkNames.json: those each group's routes use, and
 * those of the routes outside every group.
 * @param {string} generatedDir
 */
function chunkNameSets(generatedDir) {
  /** @type {Record<string, unknown>} */
  const all = JSON.parse(fs.readFileSync(path.join(generatedDir, 'routesChunkNames.json'), 'utf8'));
  /** @param {unknown} entry */
  const values = (entry) => {
    /** @type {string[]} */
    const out = [];
    /** @param {unknown} v */
    const walk = (v) => {
      if (typeof v === 'string') out.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(entry);
    return out;
  };
  /** @type {Map<string, Set<string>>} */
  const byGroup = new Map();
  /** @type {Set<string>} */
  const other = new Set();
  for (const [key, entry] of Object.entries(all)) {
    // A key is the route's path, a dash and a hash.
    const group = groupOf(key.replace(/-[^-]+$/, ''));
    let names = other;
    if (group) {
      names = byGroup.get(group.name) ?? new Set();
      byGroup.set(group.name, names);
    }
    for (const name of values(entry)) names.add(name);
  }
  return {byGroup, other};
}

/**
 * @param {string} source
 * @param {string | undefined} lazy
 * @param {string} generatedDir
 */
function routes(source, lazy, generatedDir) {
  // Each leaf route is a block "{ path: '…', component: ComponentCreator(…), exact: true, sidebar: "…" }".
  const block = /\n(\s*)\{\n\s*path: '([^']*)',\n\s*component: ComponentCreator\('[^']*', '[^']*'\),\n\s*exact: true,\n(?:\s*sidebar: "[^"]*"\n)?\s*\},?/g;
  const found = [];
  for (const m of source.matchAll(block)) if (groupOf(m[2])) found.push(m);
  for (const group of fixedGroups.filter((g) => g.required)) {
    if (!found.some((m) => m[2].startsWith(group.prefix))) {
      throw seamError(
        SEAM,
        `.docusaurus/routes.js has no route under ${group.prefix} in the shape this loader rewrites (written by @docusaurus/core/lib/server/codegen/codegenRoutes.js).`,
      );
    }
  }
  if (lazy) {
    const blocks = found.filter((m) => /** @type {Group} */ (groupOf(m[2])).name === lazy).map((m) => m[0].replace(/,\s*$/, '').trim());
    const group = /** @type {Group} */ (groupOf(/** @type {RegExpMatchArray} */ (found.find((m) => groupOf(m[2])?.name === lazy))[2]));
    return [
      `import ComponentCreator from '@docusaurus/ComponentCreator?group=${lazy}';`,
      '',
      `export default [\n${blocks.join(',\n')}\n];`,
      '',
      // The items of the group's category in the sidebar, which the sidebar every page loads leaves empty.
      `export const sidebar = ${JSON.stringify(groupSidebarItems(generatedDir, group))};`,
      // What a prefetch reads to find a page's chunks (the same modules ComponentCreator reads: no bytes more).
      `export {default as chunkNames} from '@generated/routesChunkNames?group=${lazy}';`,
      `export {default as registry} from '@generated/registry?group=${lazy}';`,
      '',
    ].join('\n');
  }
  /** @type {Group[]} */
  const groups = [];
  for (const m of found) {
    const group = /** @type {Group} */ (groupOf(m[2]));
    if (!groups.includes(group)) groups.push(group);
  }
  // The longest prefix first: until its table loads, a group's route matches every path under its prefix, and
  // /docs/api/reference/… must reach the reference's, not the route of the section /docs/api/.
  groups.sort((a, b) => b.prefix.length - a.prefix.length || (a.prefix < b.prefix ? -1 : 1));
  let out = '';
  let last = 0;
  found.forEach((m, i) => {
    out += source.slice(last, m.index);
    // Every group's route where the first page of a group was: one entry per group, prefix → its table's import,
    // written out so that the bundler sees each request and makes each table a chunk of its own. sectionRoutes()
    // makes the route objects in the browser, so the table every page loads has ~15 bytes (gzip) per group.
    if (i === 0) {
      const indent = m[1];
      out += `\n${indent}...sectionRoutes({\n${groups
        .map((g) => `${indent}  '${g.prefix}': () => import('@generated/routes?group=${g.name}'),\n`)
        .join('')}${indent}}),`;
    }
    last = m.index + m[0].length;
  });
  out += source.slice(last);
  return `import {sectionRoutes} from '@site/src/internals/client/lazyRoutes';\n${out}`;
}

/**
 * @param {string} source
 * @param {string} generatedDir
 * @param {string | undefined} lazy
 */
function registry(source, generatedDir, lazy) {
  const {byGroup, other} = chunkNameSets(generatedDir);
  /** @param {string} name */
  const inAnyGroup = (name) => [...byGroup.values()].some((set) => set.has(name));
  /** @param {string} name */
  const keep = (name) => (lazy ? (byGroup.get(lazy)?.has(name) ?? false) : !inAnyGroup(name) || other.has(name));
  let entries = 0;
  const out = source
    .split('\n')
    .map((line) => {
      const m = /^\s*"([^"]+)": \[/.exec(line);
      if (!m) return line;
      entries += 1;
      // A group's own entry imports an unnamed chunk; an entry it shares with the main table keeps its chunk's name.
      if (keep(m[1])) return lazy && !other.has(m[1]) ? line.replace(/\/\* webpackChunkName: "[^"]*" \*\/ /, '') : line;
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

/**
 * @typedef {{type: string, href?: string, items?: SidebarItem[]}} SidebarItem
 * A sidebar item as the docs plugin's version metadata holds it.
 */

/**
 * A category that is a group's: its link is the group's prefix ("/docs/servers/").
 * @param {SidebarItem} item
 */
const isGroupCategory = (item) => item.type === 'category' && typeof item.href === 'string' && groupOf(item.href)?.prefix === item.href;

/**
 * The items with every group's category holding one empty `html` item, in place of the items its group's route
 * brings: from Docusaurus 3.10, a category with no items is drawn as a plain link, without its caret.
 * @param {SidebarItem[]} items
 * @returns {SidebarItem[]}
 */
function withoutGroupItems(items) {
  const standIn = [{type: 'html', value: ''}];
  return items.map((item) => (item.type === 'category' ? {...item, items: isGroupCategory(item) ? standIn : withoutGroupItems(item.items ?? [])} : item));
}

/**
 * The category linked to `href`, at any depth.
 * @param {SidebarItem[]} items
 * @param {string} href
 * @returns {SidebarItem | undefined}
 */
function findCategory(items, href) {
  for (const item of items.filter((i) => i.type === 'category')) {
    const found = item.href === href ? item : findCategory(item.items ?? [], href);
    if (found) return found;
  }
  return undefined;
}

/**
 * The docs plugin's version metadata files (the route prop of its version route), with their sidebars.
 * @param {string} generatedDir
 * @returns {string[]}
 */
function versionFiles(generatedDir) {
  const pluginDir = path.join(generatedDir, 'docusaurus-plugin-content-docs');
  if (!fs.existsSync(pluginDir)) return [];
  return fs.readdirSync(pluginDir).flatMap((id) => {
    const dir = path.join(pluginDir, id, 'p');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(dir, name))
      .filter((file) => fs.readFileSync(file, 'utf8').includes('"docsSidebars"'));
  });
}

/**
 * The sidebar items of a group's category (its own groups' categories left empty), from the version metadata as written.
 * @param {string} generatedDir
 * @param {Group} group
 * @returns {SidebarItem[] | null}
 */
function groupSidebarItems(generatedDir, group) {
  for (const file of versionFiles(generatedDir)) {
    const sidebars = JSON.parse(fs.readFileSync(file, 'utf8')).version?.docsSidebars ?? {};
    for (const items of Object.values(sidebars)) {
      const category = findCategory(/** @type {SidebarItem[]} */ (items), group.prefix);
      if (category) return withoutGroupItems(category.items ?? []);
    }
  }
  return null;
}

/**
 * The version metadata every docs page loads, with every group's category left empty.
 * @param {string} source
 */
function versionMetadata(source) {
  const data = JSON.parse(source);
  const sidebars = data.version?.docsSidebars;
  if (!sidebars || typeof sidebars !== 'object') return source;
  for (const [name, items] of Object.entries(sidebars)) {
    if (!Array.isArray(items))
      throw seamError(SEAM, `the docs version metadata's sidebar "${name}" is not a list of items (@docusaurus/plugin-content-docs/lib/props.js).`);
    sidebars[name] = withoutGroupItems(items);
  }
  return JSON.stringify(data);
}

/** @param {string} source */
function globalData(source) {
  const data = JSON.parse(source);
  const versions = data['docusaurus-plugin-content-docs']?.default?.versions;
  if (!Array.isArray(versions) || !versions.every((v) => Array.isArray(v.docs))) {
    throw seamError(
      SEAM,
      '.docusaurus/globalData.json no longer lists the docs of each version as versions[].docs (@docusaurus/plugin-content-docs/lib/globalData.js).',
    );
  }
  for (const version of versions) version.docs = version.docs.filter((/** @type {{path?: unknown}} */ doc) => !groupOf(String(doc.path)));
  return JSON.stringify(data);
}

/**
 * @this {{resourcePath: string, resourceQuery: string, getOptions(): {groups: Group[]}}} webpack's loader context (the part this loader reads)
 * @param {string} source
 */
module.exports = function routeTables(source) {
  const file = this.resourcePath;
  fixedGroups = this.getOptions().groups;
  // The group whose table this is (`?group=<name>`), or none: the tables every page loads.
  const lazy = ROUTES_QUERY.exec(this.resourceQuery || '')?.[1];
  markApplied(SEAM);
  if (/[\\/]ComponentCreator\.js$/.test(file)) {
    if (!lazy) return source;
    const out = source
      .replace("from '@generated/routesChunkNames'", `from '@generated/routesChunkNames?group=${lazy}'`)
      .replace("from '@generated/registry'", `from '@generated/registry?group=${lazy}'`);
    if (!out.includes(`routesChunkNames?group=${lazy}`) || !out.includes(`registry?group=${lazy}`)) {
      throw seamError(
        SEAM,
        "@docusaurus/core/lib/client/exports/ComponentCreator.js no longer imports '@generated/routesChunkNames' and '@generated/registry'.",
      );
    }
    return out;
  }
  if (/[\\/]routes\.js$/.test(file)) return routes(source, lazy, path.dirname(file));
  if (/[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/.test(file)) return versionMetadata(source);
  if (/[\\/]routesChunkNames\.json$/.test(file)) {
    const all = JSON.parse(source);
    return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => groupOf(key.replace(/-[^-]+$/, ''))?.name === lazy)));
  }
  if (/[\\/]registry\.js$/.test(file)) return registry(source, path.dirname(file), lazy);
  if (/[\\/]globalData\.json$/.test(file)) return globalData(source);
  return source;
};
