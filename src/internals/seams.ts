/**
 * Every place where this site relies on Docusaurus or the search plugin
 * beyond their public API, in one list. src/internals/README.md shows it as
 * a table; ./check.ts fails the build when an upstream file a seam relies on
 * is not one it was verified against (./upstream.json); ./plugin.ts applies
 * the seams and checks after the build that each one took effect.
 *
 * Adding a seam: add it here, with the upstream files it mirrors or relies
 * on, then `npm run seams -- --accept <id>` and a row in the README (a test
 * checks that the two lists match).
 */
export interface UpstreamFile {
  /** The file, by package: "@docusaurus/core/lib/client/prefetch.js". */
  file: string;
  /** Only the part of the file that this regular expression matches (source text) counts. */
  pick?: string;
  /** What the picked part is, for messages ("the colour-mode script"). */
  pickName?: string;
}

export interface ModuleReplacement {
  /** The request as the upstream module writes it. */
  request: RegExp;
  /** The folder of the module that makes the request. */
  context: RegExp;
  /** Our module, from the site's folder. */
  to: string;
  /** Only in the browser's bundle. */
  clientOnly?: boolean;
}

export interface Seam {
  id: string;
  /** What it does, in a few words. */
  what: string;
  /** Its files in this repository. */
  ours: string[];
  upstream: UpstreamFile[];
  /** The modules it puts in place of upstream ones, by the bundler's module replacement (./plugin.ts applies them). */
  replaces?: ModuleReplacement[];
  /**
   * Whether `LAUNCHDECK_SEAMS_OFF=<id>` can leave it out of a build, to
   * measure what it saves (npm run bench -- --seams). Seams that readers
   * need for the site to work as specified cannot.
   */
  optional: boolean;
}

/**
 * The most lines the seams' own files may have together (`npm run seams` counts them; a test holds the total to
 * this). The rule of src/internals/README.md, "Keeping it small": no new seam and no seam that grows without
 * deleting at least as many seam lines; lower this figure when lines go, never raise it.
 */
export const SEAM_LINES_CEILING = 1976;

const core = (file: string): UpstreamFile => ({file: `@docusaurus/core/lib/${file}`});
const themeClassic = (file: string): UpstreamFile => ({file: `@docusaurus/theme-classic/lib/${file}`});
const search = (file: string): UpstreamFile => ({file: `@easyops-cn/docusaurus-search-local/dist/${file}`});
/** A folder path (`under('@docusaurus', 'core', 'lib')`) as a pattern that matches on any platform. */
/** A path separator, either way, in a pattern. */
export const sep = '[\\\\/]';
export const under = (...parts: string[]): RegExp => new RegExp(parts.join(sep));
const searchBar = under('docusaurus-search-local', 'dist', 'client', 'client', 'theme', 'SearchBar');

/** Each seam's own lines (its files in this repository, each counted once), by seam id. */
export function seamLines(readLines: (file: string) => number): Map<string, number> {
  const counted = new Set<string>();
  return new Map(
    SEAMS.map((seam) => [seam.id, seam.ours.filter((file) => !counted.has(file) && counted.add(file)).reduce((n, file) => n + readLines(file), 0)]),
  );
}

export const SEAMS: Seam[] = [
  {
    id: 'page-template',
    what: "the page's scripts load after the first paint",
    ours: ['src/internals/pageTemplate.ts'],
    upstream: [core('ssg/ssgTemplate.html.js')],
    optional: true,
  },
  {
    id: 'route-tables',
    what: "the browser's route tables: each guide section's routes, the API reference's and the changelog's load on demand, server-only module names stay out",
    ours: [
      'src/internals/loaders/routeTables.cjs',
      'src/internals/client/lazyRoutes.tsx',
      'src/internals/client/routeNavigation.ts',
      'src/internals/client/routeGroups.ts',
      'src/internals/theme/DocVersionRoot/index.tsx',
      // The chunk files' names: rewrites the bundler's runtime so that each route table carries its chunks' hashes.
      'src/plugins/chunk-file-names/seams/SectionChunkHashes.ts',
      'src/plugins/chunk-file-names/seams/sectionHashes.ts',
    ],
    upstream: [
      core('server/codegen/codegenRoutes.js'),
      // What a group's copy of ComponentCreator changes (its two imports) and what it reads of the tables.
      {
        file: '@docusaurus/core/lib/client/exports/ComponentCreator.js',
        pick: "import routesChunkNames from '@generated/routesChunkNames';\\nimport registry from '@generated/registry';",
        pickName: 'its imports of the tables',
      },
      {
        file: '@docusaurus/core/lib/client/exports/ComponentCreator.js',
        pick: 'const chunkNames = routesChunkNames\\[`\\$\\{path\\}-\\$\\{hash\\}`\\];',
        pickName: "its key of a route's chunk names",
      },
      {
        file: '@docusaurus/core/lib/client/exports/ComponentCreator.js',
        pick: 'loader\\[keyPath\\] = chunkRegistry\\[0\\];[\\s\\S]*?optsWebpack\\.push\\(chunkRegistry\\[2\\]\\);',
        pickName: 'its reading of a registry entry',
      },
      core('client/preload.js'),
      core('client/PendingNavigation.js'),
      // window.docusaurus.preload and .prefetch, as Link calls them (./client/routeNavigation.ts wraps them).
      core('client/docusaurus.js'),
      {
        file: '@docusaurus/core/lib/client/exports/Link.js',
        pick: 'const handleRef = [\\s\\S]*?\\n    \\}, \\[ioRef, targetLink, IOSupported, isInternal\\]\\);',
        pickName: 'its calls of preload and prefetch',
      },
      {
        file: '@docusaurus/core/lib/client/clientEntry.js',
        pick: 'window\\.docusaurus = docusaurus;',
        pickName: 'its assignment of window.docusaurus',
      },
      {
        file: '@docusaurus/core/lib/client/clientEntry.js',
        pick: 'preload\\(window\\.location\\.pathname\\)[\\s\\S]*?\\}\\);',
        pickName: 'its preload before hydration',
      },
      {file: '@docusaurus/plugin-content-docs/lib/globalData.js'},
      // The version metadata that carries the sidebar, the component that provides it, and the sidebar category's markup.
      {
        file: '@docusaurus/plugin-content-docs/lib/props.js',
        pick: 'function convertCategory\\(item\\) \\{[\\s\\S]*?\\n    \\}',
        pickName: "a sidebar category's href and items",
      },
      {file: '@docusaurus/plugin-content-docs/lib/props.js', pick: 'function toVersionMetadataProp[\\s\\S]*?\\n\\}', pickName: 'the version metadata'},
      themeClassic('theme/DocVersionRoot/index.js'),
      themeClassic('theme/DocSidebarItem/Category/index.js'),
      // The runtime's chunk file-name function that src/plugins/chunk-file-names rewrites: webpack's template, and the
      // Rspack that @docusaurus/faster bundles with (native code, pinned by the version it asks for).
      {file: 'webpack/lib/runtime/GetChunkFilenameRuntimeModule.js'},
      {file: '@docusaurus/faster/package.json', pick: '"@rspack/core": "[^"]+"', pickName: 'the Rspack it bundles with'},
    ],
    optional: true,
  },
  {
    id: 'site-config',
    what: "the browser's copy of the site config leaves out what only the build reads (page template, plugin options)",
    ours: ['src/internals/loaders/siteConfig.cjs'],
    upstream: [core('server/codegen/codegen.js')],
    optional: true,
  },
  {
    id: 'docs-metadata',
    what: 'the docs data every page loads leaves out what the browser never reads (descriptions, doc ids, build-only front matter)',
    ours: ['src/internals/docsPlugin.ts'],
    upstream: [
      {file: '@docusaurus/plugin-content-docs/lib/props.js', pick: 'function toVersionMetadataProp[\\s\\S]*?\\n\\}', pickName: 'the version metadata'},
      {
        file: '@docusaurus/plugin-content-docs/lib/routes.js',
        pick: 'version: \\(0, props_1\\.toVersionMetadataProp\\)[^\\n]*',
        pickName: 'the route prop that carries it',
      },
      {
        file: '@docusaurus/plugin-content-docs/lib/routes.js',
        pick: 'await actions\\.createData\\([\\s\\S]*?\\.json`, doc\\);',
        pickName: "each doc's metadata, which its page's module holds",
      },
      {file: '@docusaurus/plugin-content-docs/lib/globalData.js'},
    ],
    optional: true,
  },
  {
    id: 'tslib-helper',
    what: '@docusaurus/utils-common gets the one tslib helper it uses instead of all of tslib',
    ours: ['src/internals/client/tslibImportDefault.ts'],
    upstream: [{file: '@docusaurus/utils-common/lib/index.js'}],
    // @docusaurus/utils-common (CommonJS) requires tslib for __importDefault only.
    replaces: [{request: /^tslib$/, context: under('@docusaurus', 'utils-common', ''), to: 'src/internals/client/tslibImportDefault.ts'}],
    optional: true,
  },
  {
    id: 'head-tags',
    what: "the browser keeps the page's head in step without react-helmet-async (the server still writes it with Helmet)",
    ours: ['src/internals/client/headTags.ts'],
    upstream: [
      core('client/exports/Head.js'),
      {file: '@docusaurus/core/lib/client/clientEntry.js', pick: '<HelmetProvider>[\\s\\S]*?</HelmetProvider>', pickName: 'its HelmetProvider around the app'},
      {file: '@docusaurus/core/package.json', pick: '"react-helmet-async": "[^"]+"', pickName: 'the Helmet it asks for'},
    ],
    // @docusaurus/core's Head and client entry: Helmet's browser side (the server keeps Helmet, which writes every page's head).
    replaces: [
      {request: /^react-helmet-async$/, context: under('@docusaurus', 'core', 'lib', 'client'), to: 'src/internals/client/headTags.ts', clientOnly: true},
    ],
    optional: true,
  },
  {
    id: 'prism-stub',
    what: 'no Prism in the browser (code is highlighted at build time)',
    ours: ['src/internals/client/prismBrowserStub.ts'],
    upstream: [themeClassic('prism-include-languages.js')],
    // theme-classic's client module hands Prism to prism-include-languages, a no-op here.
    replaces: [{request: /^prism-react-renderer$/, context: under('@docusaurus', 'theme-classic', 'lib'), to: 'src/internals/client/prismBrowserStub.ts'}],
    optional: true,
  },
  {
    id: 'search-worker',
    what: "the search box asks the site's own engine, in tiers, and takes its sections' labels from it",
    ours: ['src/plugins/search/seams/searchByWorker.ts', 'src/plugins/search/seams/contextLabel.ts'],
    upstream: [
      search('client/client/theme/searchByWorker.js'),
      search('client/client/theme/SearchBar/SearchBar.jsx'),
      search('client/client/utils/normalizeContextByPath.js'),
    ],
    // The search box imports its worker client as "../searchByWorker", and its contexts' labels through
    // "../../utils/normalizeContextByPath" (the generated module lists paths only).
    replaces: [
      {request: /^\.\.\/searchByWorker$/, context: searchBar, to: 'src/plugins/search/seams/searchByWorker.ts'},
      {request: /^\.\.\/\.\.\/utils\/normalizeContextByPath$/, context: searchBar, to: 'src/plugins/search/seams/contextLabel.ts'},
    ],
    optional: false,
  },
  {
    id: 'search-templates',
    what: "the search box's result templates load with the index",
    ours: ['src/plugins/search/seams/lazyTemplates.ts', 'src/plugins/search/seams/templates.ts'],
    upstream: [
      search('client/client/theme/SearchBar/SearchBar.jsx'),
      search('client/client/theme/SearchBar/SuggestionTemplate.js'),
      search('client/client/theme/SearchBar/EmptyTemplate.js'),
    ],
    // The search box imports its result templates as "./SuggestionTemplate" and "./EmptyTemplate".
    replaces: [{request: /^\.\/(Suggestion|Empty)Template$/, context: searchBar, to: 'src/plugins/search/seams/lazyTemplates.ts'}],
    optional: true,
  },
  {
    id: 'search-mark',
    what: 'mark.js loads only on pages opened from a search result',
    ours: ['src/plugins/search/seams/lazyMark.ts'],
    upstream: [search('server/server/utils/generate.js')],
    // The plugin's generated module imports mark.js by its resolved path.
    replaces: [
      {
        request: /[\\/]mark\.js[\\/]dist[\\/]mark\.js$/,
        context: under('\\.docusaurus', '@easyops-cn', 'docusaurus-search-local'),
        to: 'src/plugins/search/seams/lazyMark.ts',
        clientOnly: true,
      },
    ],
    optional: true,
  },
  {
    id: 'search-index',
    what: "the search plugin's page extraction without its lunr indexes",
    ours: ['src/plugins/search/seams/extractPages.ts', 'src/plugins/search/seams/extractWorker.cjs'],
    upstream: [
      search('server/server/utils/processPluginOptions.js'),
      search('server/server/utils/processDocInfos.js'),
      search('server/server/utils/scanDocuments.js'),
      search('server/server/utils/postBuildFactory.js'),
    ],
    optional: true,
  },
  {
    id: 'theme-doc-item',
    what: 'the page header (title first, then On this page and the page actions) and the feedback question on every doc page',
    ours: [
      'src/plugins/page-tools/theme/DocItem/Content/index.tsx',
      'src/plugins/page-tools/theme/DocItem/TOC/Mobile/index.tsx',
      'src/plugins/page-tools/theme/DocItem/Footer/index.tsx',
    ],
    upstream: [
      themeClassic('theme/DocItem/Content/index.js'),
      themeClassic('theme/DocItem/TOC/Mobile/index.js'),
      themeClassic('theme/DocItem/Layout/index.js'),
      themeClassic('theme/DocItem/Footer/index.js'),
    ],
    optional: false,
  },
  {
    id: 'theme-not-found',
    what: 'the not-found page offers search and sections',
    ours: ['src/plugins/navigation/theme/NotFound/Content/index.tsx'],
    upstream: [themeClassic('theme/NotFound/Content/index.js')],
    optional: false,
  },
  {
    id: 'theme-error-page',
    what: 'a crash shows "Page Error" in the site layout',
    ours: ['src/internals/theme/Error/index.tsx', 'src/internals/theme/ErrorPageContent.tsx'],
    upstream: [core('client/theme-fallback/Error/index.js'), themeClassic('theme/ErrorPageContent.js')],
    optional: false,
  },
  {
    id: 'theme-loading',
    what: "a part of a page whose code is late or failed to load says so in the site's styles",
    ours: ['src/internals/theme/Loading/index.tsx'],
    upstream: [core('client/theme-fallback/Loading/index.js')],
    optional: true,
  },
  {
    id: 'theme-tabs',
    what: 'each tab names its panel (aria-controls) and each panel its tab (aria-labelledby)',
    ours: ['src/internals/theme/Tabs/index.tsx', 'src/internals/theme/TabItem/index.tsx', 'src/internals/theme/TabItem/styles.module.css'],
    // The Tabs wrapper uses public API only (each TabItem's documented `attributes` prop, and a context of its own).
    upstream: [themeClassic('theme/TabItem/index.js'), themeClassic('theme/TabItem/styles.module.css')],
    optional: false,
  },
  {
    id: 'theme-last-updated',
    what: '"Last updated" without an itemprop that belongs to no item',
    ours: ['src/internals/theme/LastUpdated/index.tsx'],
    upstream: [themeClassic('theme/LastUpdated/index.js')],
    optional: false,
  },
  {
    id: 'clean-urls',
    what: 'hosts without rules still drop .html from addresses',
    ours: ['src/internals/client/cleanUrls.ts'],
    upstream: [
      {
        file: '@docusaurus/core/lib/client/clientEntry.js',
        pick: 'window\\.docusaurusRoot[\\s\\S]*?\\n\\s*\\}\\s*\\n',
        pickName: 'its reuse of window.docusaurusRoot',
      },
    ],
    optional: false,
  },
];

export const seamById = (id: string): Seam | undefined => SEAMS.find((seam) => seam.id === id);

/** Seams left out of this build by `LAUNCHDECK_SEAMS_OFF` (comma-separated ids): only to measure what they save. */
export function seamsOff(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const ids = new Set(
    (env.LAUNCHDECK_SEAMS_OFF ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
  for (const id of ids) {
    const seam = seamById(id);
    if (!seam) throw new Error(`LAUNCHDECK_SEAMS_OFF: no seam "${id}" (src/internals/seams.ts).`);
    if (!seam.optional) throw new Error(`LAUNCHDECK_SEAMS_OFF: seam "${id}" cannot be left out: the site needs it to work as specified.`);
  }
  return ids;
}

export const seamEnabled = (id: string, env: NodeJS.ProcessEnv = process.env): boolean => !seamsOff(env).has(id);
