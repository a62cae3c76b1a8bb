/**
 * Wraps @easyops-cn/docusaurus-search-local: its options, its search box and
 * its text extraction stay; the query side is the site's own.
 * - At start: reads search/synonyms.yml (a mistake there fails the build) and
 *   works out the index hash from everything the index is made of.
 * - postBuild: extracts every page's text with the plugin's own parser and
 *   writes the two search tiers (./buildIndex.ts); the plugin's lunr indexes
 *   are never built.
 * - bundles: the plugin's worker client becomes ./searchByWorker.ts (our
 *   engine in ./worker.ts); mark.js becomes ./lazyMark.ts, which loads it only
 *   on pages opened from a search result; the result templates become
 *   ./lazyTemplates.ts, which load with the index.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import searchLocal, {validateOptions} from '@easyops-cn/docusaurus-search-local';
import {parse as parseYaml} from 'yaml';
import {processPluginOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions';
import {processDocInfos} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos';
import {scanDocuments} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments';
import {writeSearchIndex} from './buildIndex';
import {compileSynonyms, type SynonymSource} from './engine/synonyms';
import type {SynonymRow} from './engine/model';

interface Options {
  searchContextByPaths?: Array<string | {path: string}>;
}

export const SYNONYMS_FILE = 'search/synonyms.yml';

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
    ...['docs', 'search', 'api', 'src'].flatMap((dir) => walk(path.join(siteDir, dir))),
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

export default function launchdeckSearch(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, options);
  const contextPaths = ((options as Options).searchContextByPaths ?? []).map((item) => (typeof item === 'string' ? item : item.path));
  const synonyms = loadSynonyms(context.siteDir);
  const hash = indexHash(context.siteDir, context.siteConfig.customFields ?? {});
  const own = (file: string) => path.join(context.siteDir, 'src/search', file);
  return {
    ...plugin,
    async postBuild(props) {
      // The plugin's own postBuild would also build a lunr index per context; only its extraction is needed.
      const config = processPluginOptions(options, context);
      const versions = processDocInfos(props, config);
      if (versions.length !== 1) throw new Error(`Expected one docs version to index, got ${versions.length}.`);
      const documents = await scanDocuments(versions[0]!.paths, config);
      writeSearchIndex({outDir: props.outDir, baseUrl: props.baseUrl, contextPaths, synonyms, hash, documents});
    },
    configureWebpack(config, isServer, utils, content) {
      const inner = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      const {NormalModuleReplacementPlugin, DefinePlugin} = utils.currentBundler.instance;
      return {
        ...inner,
        plugins: [
          new DefinePlugin({
            'process.env.LAUNCHDECK_SEARCH_HASH': JSON.stringify(hash),
            'process.env.LAUNCHDECK_BASE_URL': JSON.stringify(context.baseUrl),
          }),
          new NormalModuleReplacementPlugin(/^\.\.\/searchByWorker$/, own('searchByWorker.ts')),
          new NormalModuleReplacementPlugin(/[\\/]mark\.js[\\/]dist[\\/]mark\.js$/, own('lazyMark.ts')),
          new NormalModuleReplacementPlugin(/^\.\/(Suggestion|Empty)Template$/, own('lazyTemplates.ts')),
        ],
      };
    },
  };
}

launchdeckSearch.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;
