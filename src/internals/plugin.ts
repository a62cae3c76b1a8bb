/**
 * The plugin that applies the site's seams (./seams.ts, README.md) and keeps
 * them honest:
 * - when the site loads, every upstream file a seam relies on must be one it
 *   was verified against (./check.ts); otherwise the build stops with a
 *   report naming each seam, its files and what to do
 *   (`LAUNCHDECK_SEAMS=report` prints the report and goes on, for
 *   `npm run upgrade:rehearse`);
 * - it provides the theme components that replace or wrap ones Docusaurus
 *   rates unsafe to swizzle (./theme), the client modules
 *   and the bundler's module replacements and loaders;
 * - after the build, every seam must have taken effect: each module
 *   replacement matched, each loader ran, and the output shows it (the page
 *   template's loader in the HTML, no reference route or Prism in the
 *   JavaScript every page loads). A seam whose target moved fails the build
 *   with its name instead of silently doing nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkSeams, formatProblems} from './check';
import {SEAMS, sep, seamsOff, under} from './seams';
import {SeamError} from './seamError';
import type {RouteGroup} from '../config/feature';

/** What the site config hands over: the route groups the features declare (src/config/feature.ts). */
export interface InternalsOptions {
  routeGroups: RouteGroup[];
}

// The loaders' record of what ran (CommonJS, shared with the bundler's loaders).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file without types, typed by the cast
const {appliedSeams, markApplied} = require('./loaders/shared.cjs') as {appliedSeams(): Set<string>; markApplied(seam: string, compiler?: string): void};

/** Every module replacement, with the seam it belongs to. */
const REPLACEMENTS = SEAMS.flatMap((seam) => (seam.replaces ?? []).map((r) => ({...r, seam: seam.id})));

/** The generated files that seams "route-tables" and "site-config" rewrite, in the browser's bundle only. */
const GENERATED = (name: string) => new RegExp(`${sep}\\.docusaurus${sep}${name.replace(/\./g, '\\.')}$`);

function readAssets(outDir: string, dir: string, pattern: RegExp): Array<{name: string; text: string}> {
  const full = path.join(outDir, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((name) => pattern.test(name))
    .map((name) => ({name, text: fs.readFileSync(path.join(full, name), 'utf8')}));
}

/** The checks of what each seam did, on the built site; each returns a problem or nothing. */
function outputProblems(outDir: string, off: Set<string>, groups: RouteGroup[]): string[] {
  const problems: string[] = [];
  const main = readAssets(outDir, 'assets/js', /^main\.[0-9a-f]+\.js$/);
  const mainText = main.map((file) => file.text).join('\n');
  if (main.length === 0) return ['no main bundle (assets/js/main.*.js) in the build'];
  if (!off.has('page-template')) {
    const page = path.join(outDir, '404.html');
    const html = fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : '';
    // The loader (minified with the page): the list of scripts, then the wait for the first painted frame.
    if (/<script[^>]+src=[^>]+defer/.test(html) || !/<script(?: id=(?:"ld-parsed"|ld-parsed))?>[^<]*assets\/js\/main\.[0-9a-f]+\.js"[^<]*"paint"/.test(html)) {
      problems.push('page-template: 404.html does not load its scripts through the after-paint loader (src/internals/pageTemplate.ts)');
    }
  }
  // A route's path (not a link: the announcement bar's, in the site config, links a changelog entry) below a section's
  // index page or a declared group's prefix ("/docs/servers/add-server", "/docs/changelog/2026-…"): each group's
  // routes load with it. The groups' own routes, at their prefixes, stay.
  // A required group (the API reference) is held stricter: no address below its prefix at all, route or not.
  for (const {prefix} of groups.filter((group) => group.required)) {
    if (!off.has('route-tables') && new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[a-z]`).test(mainText)) {
      problems.push(`route-tables: the main bundle still holds addresses below ${prefix} (src/internals/loaders/routeTables.cjs)`);
    }
  }
  const prefixes = new Set(groups.map((group) => group.prefix));
  const grouped = [...mainText.matchAll(/path:\s*["'](\/docs\/[a-z0-9-]+\/[^"']+)["']/g)].map((m) => m[1]!).find((p) => !prefixes.has(p));
  if (!off.has('route-tables') && grouped) {
    problems.push(`route-tables: the main bundle still holds routes of grouped pages, such as ${grouped} (src/internals/loaders/routeTables.cjs)`);
  }
  if (!off.has('site-config') && mainText.includes('ssrTemplate')) {
    problems.push("site-config: the main bundle still holds the site config's page template (src/internals/loaders/siteConfig.cjs)");
  }
  if (!off.has('site-config') && mainText.includes('"launchdeck-internals"')) {
    problems.push("site-config: the main bundle still holds the site metadata's list of plugins (src/internals/loaders/siteConfig.cjs)");
  }
  if (!off.has('prism-stub')) {
    // Strings of Prism's core, which the stub replaces.
    const prism = readAssets(outDir, 'assets/js', /\.js$/).find((file) => file.text.includes('disableWorkerMessageHandler'));
    if (prism)
      problems.push(
        `prism-stub: Prism is in the browser's JavaScript (${prism.name}); something other than theme-classic's client module imports prism-react-renderer`,
      );
  }
  return problems;
}

export default function internalsPlugin(context: LoadContext, options: unknown): Plugin {
  const {routeGroups} = options as InternalsOptions;
  const {siteDir} = context;
  const problems = checkSeams(siteDir);
  if (problems.length > 0) {
    const report = formatProblems(problems);
    if (process.env.LAUNCHDECK_SEAMS === 'report') console.warn(`[WARNING] ${report}`);
    else throw new Error(report);
  }
  const off = seamsOff();
  const own = (file: string) => path.join(siteDir, 'src/internals', file);
  const expected = new Set<string>();

  return {
    name: 'launchdeck-internals',

    getThemePath() {
      return own('theme');
    },

    getClientModules() {
      return [own('client/cleanUrls.ts'), ...(off.has('route-tables') ? [] : [own('client/routeNavigation.ts')])];
    },

    configureWebpack(_config, isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      const compiler = isServer ? 'server' : 'client';
      const replacements = REPLACEMENTS.filter((r) => !off.has(r.seam) && !(isServer && r.clientOnly));
      // What matters is the browser's bundle: the server's may not import every replaced module.
      if (!isServer) for (const r of replacements) expected.add(`${r.seam}:client`);
      const lazyRoutes = !isServer && !off.has('route-tables');
      if (lazyRoutes) expected.add('route-tables:client');
      const clientConfig = !isServer && !off.has('site-config');
      if (clientConfig) expected.add('site-config:client');
      // The declared groups, for the loader: each one's routes load on demand (the sections are found from the routes).
      const routeTablesLoader = [
        {loader: own('loaders/routeTables.cjs'), options: {groups: routeGroups.map(({name, prefix, required}) => ({name, prefix, required}))}},
      ];
      // Each declared group's modules in a chunk of its own (public API: the bundler's cache groups).
      const cacheGroups = Object.fromEntries(routeGroups.flatMap(({name, chunk}) => (chunk ? [[name, {...chunk, name, enforce: true}]] : [])));
      return {
        ...(isServer ? {} : {optimization: {splitChunks: {cacheGroups}}}),
        plugins: replacements.map(
          (r) =>
            new NormalModuleReplacementPlugin(r.request, (resource: {context?: string; request?: string}) => {
              // Called before resolving (with the request) and after (with the resolved data): only the first counts.
              if (typeof resource.request !== 'string' || !r.context.test(resource.context ?? '')) return;
              resource.request = path.join(siteDir, r.to);
              markApplied(r.seam, compiler);
            }),
        ),
        module: {
          rules: [
            ...(clientConfig
              ? [
                  {test: GENERATED('docusaurus.config.mjs'), use: [{loader: own('loaders/siteConfig.cjs')}]},
                  {test: GENERATED('site-metadata.json'), use: [{loader: own('loaders/siteConfig.cjs')}]},
                ]
              : []),
            ...(lazyRoutes
              ? [
                  {test: GENERATED('routes.js'), use: routeTablesLoader},
                  {test: GENERATED('routesChunkNames.json'), use: routeTablesLoader},
                  {test: GENERATED('registry.js'), use: routeTablesLoader},
                  {test: GENERATED('globalData.json'), use: routeTablesLoader},
                  // The docs plugin's version metadata, which holds the sidebar every docs page loads.
                  {
                    test: new RegExp(`${sep}\\.docusaurus${sep}docusaurus-plugin-content-docs${sep}[^\\\\/]+${sep}p${sep}[^\\\\/]+\\.json$`),
                    use: routeTablesLoader,
                  },
                  {
                    test: under('@docusaurus', 'core', 'lib', 'client', 'exports', 'ComponentCreator\\.js$'),
                    resourceQuery: /group=/,
                    use: routeTablesLoader,
                  },
                ]
              : []),
          ],
        },
      };
    },

    async postBuild({outDir}) {
      const applied = appliedSeams();
      const missing = [...expected]
        .filter((key) => !applied.has(key))
        .map((key) => {
          const [seam, compiler] = key.split(':');
          return `${seam}: nothing in the ${compiler} bundle matched what it replaces (src/internals/seams.ts, its replaces); the upstream module moved or is imported differently`;
        });
      const found = [...missing, ...outputProblems(outDir, off, routeGroups)];
      if (found.length > 0) {
        throw new SeamError(
          found[0]!.split(':')[0]!,
          `the build finished, but ${found.length === 1 ? 'a seam' : 'seams'} did not take effect:\n- ${found.join('\n- ')}`,
        );
      }
    },
  };
}
