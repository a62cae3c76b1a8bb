/**
 * Wraps @easyops-cn/docusaurus-search-local: its options, its search box and
 * its text extraction stay; the query side is the site's own.
 * - At start: reads src/plugins/search/data/synonyms.yml (a mistake there fails the build) and
 *   works out the index hash from everything the index is made of.
 * - postBuild: extracts every page's text with the plugin's own parser and
 *   writes the two search tiers (./buildIndex.ts); the plugin's lunr indexes
 *   are never built.
 * - bundles: the search contexts and the index hash as build-time constants.
 *   The plugin's worker client and mark.js are replaced in its search box:
 *   those are seams, applied by src/internals/plugin.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@easyops-cn/docusaurus-search-local';
import {parse as parseYaml} from 'yaml';
import {extractPages} from './seams/extractPages';
import {seamEnabled} from '../../internals/seams';
import type {SearchContext} from './client/contextPaths';
import {sectionSearchContexts} from './contexts';
import {writeSearchIndex} from './buildIndex';
import {compileSynonyms, type SynonymSource} from './client/engine/synonyms';
import {indexFileNames, type SynonymRow} from './client/engine/model';

export const SYNONYMS_FILE = 'src/plugins/search/data/synonyms.yml';

/** Reads and compiles the synonyms file; throws with every problem listed. */
export function loadSynonyms(siteDir: string): SynonymRow[] {
  const file = path.join(siteDir, SYNONYMS_FILE);
  let source: unknown;
  try {
    source = parseYaml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${SYNONYMS_FILE} is not valid YAML: ${(error as Error).message}`);
  }
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    throw new Error(`${SYNONYMS_FILE} must map each docs term to a list of reader words.`);
  }
  const {rows, problems} = compileSynonyms(source as SynonymSource);
  if (problems.length) throw new Error(`${SYNONYMS_FILE}:\n- ${problems.join('\n- ')}`);
  return rows;
}

/** Files whose content makes up the index: pages, synonyms, the API contract and the site's code. */
function indexInputs(siteDir: string): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        })
      : [];
  return [
    ...['docs', 'api', 'src'].flatMap((dir) => walk(path.join(siteDir, dir))),
    path.join(siteDir, 'docusaurus.config.ts'),
    path.join(siteDir, 'package-lock.json'),
  ]
    .filter((file) => fs.existsSync(file))
    .sort();
}

/**
 * The hash in the index file names. It changes whenever anything the index is
 * made of changes, so a CDN may cache the files for a year. The product URLs
 * are part of it because pages show them.
 */
export function indexHash(siteDir: string, extra: unknown): string {
  const md5 = crypto.createHash('md5');
  for (const file of indexInputs(siteDir)) {
    md5.update(path.relative(siteDir, file));
    md5.update(fs.readFileSync(file));
  }
  md5.update(JSON.stringify(extra));
  return md5.digest('hex').slice(0, 8);
}

export default function launchdeckSearch(context: LoadContext, configOptions: unknown): Plugin {
  // One search context per docs section, worked out here rather than written
  // in the site config, which the browser also loads (src/plugins/search/contexts.ts).
  const contexts: SearchContext[] = sectionSearchContexts(context.siteDir);
  // Paths only in the plugin's options, which its generated module writes into every page's JavaScript; the search
  // box takes each label from the first tier (seam "search-worker", ./seams/contextLabel.ts).
  const options = {...(configOptions as object), searchContextByPaths: contexts.map((item) => item.path)};
  const plugin = searchLocal(context, options);
  const contextPaths = contexts.map((item) => item.path);
  const synonyms = loadSynonyms(context.siteDir);
  const hash = indexHash(context.siteDir, context.siteConfig.customFields ?? {});
  return {
    ...plugin,
    async postBuild(props) {
      // The plugin's own postBuild would also build a lunr index per context; only its extraction is needed (seam "search-index").
      // Left out (LAUNCHDECK_SEAMS_OFF=search-index, to measure it), the plugin's postBuild runs too, and both are timed.
      const ownStarted = performance.now();
      if (!seamEnabled('search-index')) await plugin.postBuild?.(props);
      const started = performance.now();
      const documents = await extractPages(context, options, props);
      const extracted = performance.now();
      if (!seamEnabled('search-index')) {
        console.log(
          `[INFO] search-index: the plugin's own postBuild took ${Math.round(started - ownStarted)} ms; its extraction alone ${Math.round(extracted - started)} ms`,
        );
      }
      writeSearchIndex({outDir: props.outDir, baseUrl: props.baseUrl, contextPaths, synonyms, hash, documents});
      // Where tools find the index without knowing its hash (mcp/, the docs' MCP server). Not a `search-*`
      // name: those are cached for a year, and this file changes with every build.
      fs.writeFileSync(
        path.join(props.outDir, 'docs-index.json'),
        `${JSON.stringify({
          version: 1,
          siteUrl: context.siteConfig.url,
          search: {pages: indexFileNames.pages(hash), text: Object.fromEntries(['', ...contextPaths].map((c) => [c, indexFileNames.text(c, hash)]))},
          markdown: 'Every page at its address with .md added (a section page: index.md)',
          contract: {yaml: '/openapi.yaml', json: '/openapi.json'},
          llms: '/llms.txt',
        })}\n`,
      );
    },
    configureWebpack(config, isServer, utils, content) {
      const inner = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      const {DefinePlugin} = utils.currentBundler.instance;
      // The search box's module replacements are seams: src/internals/plugin.ts.
      return {
        ...inner,
        plugins: [
          new DefinePlugin({
            'process.env.LAUNCHDECK_SEARCH_HASH': JSON.stringify(hash),
            'process.env.LAUNCHDECK_BASE_URL': JSON.stringify(context.baseUrl),
            // The search contexts with their labels, for /search only (theme/SearchPage). The search box on every page
            // needs none: its worker reads them from the first tier.
            'process.env.LAUNCHDECK_SEARCH_CONTEXTS': JSON.stringify(JSON.stringify(contexts)),
          }),
        ],
      };
    },
  };
}

launchdeckSearch.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;
