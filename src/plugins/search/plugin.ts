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
import {sectionPaths, sectionSearchContexts} from './contexts';
import {siteModelIn, type SiteModel} from '../../utils/siteModel';
import {allDocFiles, docsDirOf, readDocSource} from '../../utils/docsSource';
import {markdownHeadings} from '../../utils/markdownHeadings';
import {filesUnder} from '../../utils/files';
import {writeSearchIndex} from './buildIndex';
import {compileSynonyms, type SynonymSource} from './client/engine/synonyms';
import {indexFileNames, type SynonymRow} from './client/engine/model';
import searchThemePlugin from './themePlugin';
import type {Feature} from '../../config/feature';

export const SYNONYMS_FILE = 'src/plugins/search/data/synonyms.yml';

/**
 * Each docs page's headings by anchor, by its URL: their level and the h2 they are under, read from the page's
 * Markdown (the search index marks a troubleshooting section's entries), so the built HTML is parsed once, by the
 * search plugin's extraction.
 */
function outlinesOf(siteDir: string, model: SiteModel | undefined): Map<string, Map<string, {level: number; h2: string}>> {
  if (!model) throw new Error('The search index has no site model: allContentLoaded() did not run before postBuild.');
  const docsDir = docsDirOf(siteDir);
  return new Map(
    model.pages.map((page) => [page.permalink, new Map(markdownHeadings(readDocSource(docsDir, page.file)).map(({id, level, h2}) => [id, {level, h2}]))]),
  );
}

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
  return [
    ...allDocFiles(docsDirOf(siteDir)),
    ...['api', 'src'].flatMap((dir) => filesUnder(path.join(siteDir, dir))),
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
  // One search context per docs section, worked out here rather than written in the site config, which the browser
  // also loads (./contexts.ts). Paths only in the plugin's options, which its generated module writes into every
  // page's JavaScript when it is created; the search box takes each label from the first tier (seam "search-worker",
  // ./seams/contextLabel.ts).
  const contextPaths = sectionPaths(context.siteDir);
  const options = {...(configOptions as object), searchContextByPaths: contextPaths};
  const plugin = searchLocal(context, options);
  // With their labels, from the site model, for /search (configureWebpack runs after allContentLoaded).
  let contexts: SearchContext[] | undefined;
  const labelledContexts = (): SearchContext[] => {
    if (!contexts) throw new Error('The search contexts have no labels: allContentLoaded() did not run before the bundler was configured.');
    return contexts;
  };
  let model: SiteModel | undefined;
  const synonyms = loadSynonyms(context.siteDir);
  const hash = indexHash(context.siteDir, context.siteConfig.customFields ?? {});
  return {
    ...plugin,
    async allContentLoaded({allContent}) {
      model = siteModelIn(allContent);
      contexts = sectionSearchContexts(contextPaths, model);
    },
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
      writeSearchIndex({outDir: props.outDir, baseUrl: props.baseUrl, contextPaths, synonyms, hash, documents, outlines: outlinesOf(context.siteDir, model)});
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
            'process.env.LAUNCHDECK_SEARCH_CONTEXTS': JSON.stringify(JSON.stringify(labelledContexts())),
          }),
        ],
      };
    },
  };
}

launchdeckSearch.validateOptions = validateOptions as NonNullable<PluginModule['validateOptions']>;

/** The search plugin's options, which the site's search relies on. */
const SEARCH_OPTIONS = {
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  docsRouteBasePath: 'docs',
  language: ['en'],
  // Index file names carry a content hash, so a CDN can cache them forever.
  hashed: 'filename',
  highlightSearchTermsOnTargetPage: true,
  // Eight results fit the dropdown on a phone without scrolling.
  searchResultLimits: 8,
  // Long enough to show a whole clause of the matching sentence.
  searchResultContextMaxLength: 60,
  // Results are grouped by section, which heads each group (client/dropdown.ts): a hit names only its page, under a
  // heading or a passage, as DocSearch does.
  explicitSearchResultPath: false,
  ignoreFiles: [/(^|\/)README/i],
  // Section pages list their children as cards; index the pages themselves instead. The page tools, the feedback
  // question and diagrams (the text around them says the same) aren't content either.
  ignoreCssSelectors: ['.ld-card-list', '.ld-doc-toolbar', '.ld-feedback', '.ld-diagram'],
  searchBarShortcut: true,
  searchBarShortcutHint: true,
  searchBarPosition: 'right',
  // One search context per docs section, added by launchdeckSearch (searchContextByPaths). The search box searches
  // every page's titles, headings, descriptions and keywords first, then the text of the reader's section and of the
  // rest (client/worker.ts); the footer links open /search within or outside the section. Pages outside every section
  // (the docs home) use all contexts; /search searches everything.
  useAllContextsWithNoSearchContext: true,
};

/**
 * Search, as two themes: @easyops-cn/docusaurus-search-local wrapped for a small first tier, then the search box's
 * wrapper and the /search page (themePlugin.ts), after the search plugin's own.
 */
export const feature = (): Feature => ({
  themes: [[launchdeckSearch, SEARCH_OPTIONS], searchThemePlugin],
  // The search box's, the dropdown's and /search's styles.
  stylesheets: [path.join(__dirname, 'client', 'search.css')],
});
