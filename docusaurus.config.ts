import fs from 'node:fs';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as ClientRedirectsOptions} from '@docusaurus/plugin-client-redirects';
import {urls} from './src/config/urls';
import {GENERATED_STATIC_DIR} from './src/plugins/api-reference/client/routes';
import {movedPages, shortNamesFor} from './src/config/redirects';
import {lastCommitTimes, lastUpdateDates} from './src/config/git';
import {sitemapOptions} from './src/config/sitemap';
import remarkProductUrls from './src/utils/productUrls';
import codeHighlightPlugin from './src/plugins/highlighting/plugin';
import rehypeHighlight from './src/plugins/highlighting/rehypeHighlight';
import {CODE_LANGUAGES} from './src/plugins/highlighting/languages';
import tableRegionsPlugin, {rehypeTableRegions} from './src/plugins/table-regions/plugin';
import diagramsPlugin, {remarkDiagrams} from './src/plugins/diagrams/plugin';
import markdownForToolsPlugin from './src/plugins/markdown-for-tools/plugin';
import redirectsAndHostingRules from './src/plugins/hosting/plugin';
import launchdeckSearch from './src/plugins/search/plugin';
import searchThemePlugin from './src/plugins/search/themePlugin';
import cardsPlugin from './src/plugins/cards/plugin';
import pageToolsPlugin from './src/plugins/page-tools/plugin';
import remarkCardDescriptions from './src/plugins/cards/remarkCardDescriptions';
import remarkApiReferenceLinks from './src/plugins/api-reference/remarkReferenceLinks';
import apiReferencePlugin, {editableSourceOf} from './src/plugins/api-reference/plugin';
import chunkFileNamesPlugin from './src/plugins/chunk-file-names/plugin';
import robotsTxtPlugin from './src/plugins/robots-txt/plugin';
import navigationPlugin, {groupedSidebar} from './src/plugins/navigation/plugin';
import simulationPlugin from './src/plugins/simulation/plugin';
import remarkSimulationRuns from './src/plugins/simulation/remarkSimulationRuns';
import internalsPlugin from './src/internals/plugin';
import docsPlugin from './src/internals/docsPlugin';
import {pageTemplate} from './src/internals/pageTemplate';
import {seamEnabled} from './src/internals/seams';
import {docusaurusFeatures} from './src/config/docusaurusVersion';
import {prismLight} from './src/plugins/highlighting/prismLight';
import {prismDark} from './src/plugins/highlighting/prismDark';
import remarkChangelog from './src/plugins/changelog/remarkChangelog';
import changelogPlugin from './src/plugins/changelog/plugin';
import {sidebarItemsGenerator} from './src/plugins/changelog/sidebar';
import {isChangelogEntry} from './src/plugins/changelog/entries';
import {announcementBar} from './src/plugins/changelog/announcement';

/** Set by the test command: adds a page that crashes on purpose (see src/pages/test-crash.tsx). */
const isTestBuild = process.env.LAUNCHDECK_TEST_BUILD === '1';
/** Pages of the marketing site: full page loads in the same tab, never client-side routes. */
const marketingLink = (label: string, path: string) => ({label, href: `${urls.marketing}${path}`, target: '_self'});

/** Docusaurus Faster (Rspack, SWC, Lightning CSS) is the default; DOCUSAURUS_FASTER=false builds with webpack. */
const useFaster = process.env.DOCUSAURUS_FASTER !== 'false';

/**
 * Options that newer Docusaurus 3 releases renamed or added, set for the
 * installed version (src/config/docusaurusVersion.ts), so that this file
 * builds with 3.7.0 and with the release `npm run upgrade:rehearse` tries.
 */
const features = docusaurusFeatures(__dirname);
const future = {
  ...(features.fasterFlagRenamed ? {faster: useFaster} : {experimental_faster: useFaster}),
  // Faster's SSG worker threads (3.10+) require it; nothing here reads postBuild's `head`.
  ...(features.v4Flags ? {v4: {removeLegacyPostBuildHeadAttribute: true}} : {}),
} as Config['future'];
const brokenMarkdownLinks = 'throw' as const;

/** The docs plugin's options (wrapped by src/internals/docsPlugin.ts instead of being set in the preset). */
const docsOptions = {
  routeBasePath: 'docs',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  // A generated page (the API reference) has no file of its own to edit.
  editUrl: ({docPath}: {docPath: string}) => {
    const source = editableSourceOf(docPath);
    return source && `${urls.repository}/edit/main/${source}`;
  },
  // Dates from git; without git history (a source archive) none, after one warning.
  showLastUpdateTime: lastUpdateDates(__dirname),
  lastVersion: 'current',
  versions: {current: {label: 'Next'}},
  exclude: ['**/README.md', '**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'],
  // The changelog's entry headers, lists and feed links (src/plugins/changelog).
  // The curl examples' links to the API reference first: they read the calls before the URL tokens are replaced.
  beforeDefaultRemarkPlugins: [
    [remarkApiReferenceLinks, {siteDir: __dirname}],
    // The quick start's calls, sent to the simulation in the reader's browser: they read `%API_URL%/…` too.
    remarkSimulationRuns,
    remarkProductUrls,
    remarkDiagrams,
    [remarkChangelog, {docsDir: 'docs', siteUrl: urls.site}],
  ],
  // The changelog's page and tag pages in the sidebar, not its entries; the sections under group labels (src/plugins/navigation).
  sidebarItemsGenerator: groupedSidebar(sidebarItemsGenerator),
  remarkPlugins: [[remarkCardDescriptions, {docsDir: 'docs'}]],
  rehypePlugins: [[rehypeHighlight, {languages: CODE_LANGUAGES}], rehypeTableRegions],
} satisfies Preset.Options['docs'];

/** "Last updated" dates of the docs, from one git call (Docusaurus would run git once per page). */
const commitTimes = lastCommitTimes(__dirname, 'docs');

const config: Config = {
  title: 'Docs',
  tagline: 'Learn to run servers, applications and pipelines with Launchdeck.',
  url: urls.site,
  baseUrl: '/',
  trailingSlash: undefined,

  // Seam "page-template" (src/internals): the scripts load after the first paint.
  ssrTemplate: seamEnabled('page-template') ? pageTemplate(__dirname) : undefined,
  // No first paint before the page's markup is parsed (#ld-parsed: the script loader after it, src/internals/pageTemplate.ts):
  // on a slow device the browser otherwise painted the navbar or the page actions half-parsed, and they moved as the
  // rest arrived (a layout shift). Chromium only; other browsers ignore it.
  // The icon inline (static/img/favicon.svg as a data: URL, 0.4 KB): a linked file was fetched before the first paint,
  // and Lighthouse's simulation counted it into the largest paint (225–300 ms on the phone profile; issue 43). A head
  // tag, not `favicon`: the site config's `favicon` travels in the main bundle of every page (0.3 KB gzip), head tags don't.
  headTags: [
    {tagName: 'link', attributes: {rel: 'expect', href: '#ld-parsed', blocking: 'render'}},
    {
      tagName: 'link',
      attributes: {
        rel: 'icon',
        href: `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(__dirname, 'static/img/favicon.svg'), 'utf8').trim())}`,
      },
    },
  ],
  onBrokenLinks: 'throw',
  // Moved under markdown.hooks in 3.9.
  ...(features.markdownHooks ? {} : {onBrokenMarkdownLinks: brokenMarkdownLinks}),
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', htmlLang: 'en', direction: 'ltr'},
    },
  },

  future,

  markdown: {
    ...(features.markdownHooks ? {hooks: {onBrokenMarkdownLinks: brokenMarkdownLinks}} : {}),
    // A page's last commit as its `last_update` date, unless its front matter has one.
    parseFrontMatter: async (params) => {
      const result = await params.defaultParseFrontMatter(params);
      const time = commitTimes.get(path.relative(__dirname, params.filePath).split(path.sep).join('/'));
      if (time !== undefined && result.frontMatter.last_update === undefined) result.frontMatter.last_update = {date: new Date(time).toISOString()};
      // Changelog entries are not in the sidebar (src/plugins/changelog/sidebar.ts) but show it.
      if (isChangelogEntry(params.filePath)) result.frontMatter.displayed_sidebar ??= 'documentation';
      return result;
    },
  },

  // static/, and files generated at build time (the API console's data, src/plugins/api-reference/plugin.ts).
  staticDirectories: ['static', GENERATED_STATIC_DIR],

  customFields: {
    urls,
  },

  presets: [
    [
      'classic',
      {
        // The docs plugin is added below, wrapped (src/internals/docsPlugin.ts).
        docs: false,
        blog: false,
        pages: {
          exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**', ...(isTestBuild ? [] : ['**/test-crash.tsx'])],
        },
        theme: {
          customCss: ['./src/css/custom.css', './src/css/design.css', './src/css/status-pages.css'],
        },
        // With a <lastmod> on every URL when there is git history (src/config/sitemap.ts).
        sitemap: sitemapOptions(__dirname),
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // First: writes the API reference pages into docs/api/reference/ before the docs are read.
    apiReferencePlugin,
    // @docusaurus/plugin-content-docs, without the doc descriptions every page would load.
    [docsPlugin, docsOptions],
    codeHighlightPlugin,
    // Diagrams written as text, drawn at build time; their stylesheet (src/plugins/diagrams).
    diagramsPlugin,
    // Wide tables scroll inside a named region; its stylesheet (src/plugins/table-regions).
    tableRegionsPlugin,
    // DocCardList with the descriptions of its pages (src/plugins/cards).
    cardsPlugin,
    // The page header's toolbar and the feedback question (src/plugins/page-tools).
    pageToolsPlugin,
    chunkFileNamesPlugin,
    // /robots.txt, naming the sitemap by its absolute URL (src/plugins/robots-txt/plugin.ts).
    robotsTxtPlugin,
    // The sidebar opens scrolled to the current page (src/plugins/navigation/plugin.ts).
    navigationPlugin,
    // Everything that relies on Docusaurus or the search plugin beyond their public API (src/internals/README.md).
    internalsPlugin,
    // The changelog's entries checked, and its feeds (src/plugins/changelog).
    changelogPlugin,
    // Every page as Markdown, /llms.txt and /llms-full.txt (src/plugins/markdown-for-tools).
    markdownForToolsPlugin,
    // The simulated API that the console and the quick start run in the reader's browser (src/plugins/simulation).
    simulationPlugin,
    // @docusaurus/plugin-client-redirects, then the hosting rules of src/plugins/hosting/rules.mjs for every host (src/plugins/hosting).
    [
      redirectsAndHostingRules,
      {
        redirects: [{from: '/', to: '/docs/'}, ...movedPages],
        createRedirects: shortNamesFor,
      } satisfies ClientRedirectsOptions,
    ],
  ],

  themes: [
    [
      // @easyops-cn/docusaurus-search-local, wrapped for a small first search tier (src/plugins/search/plugin.ts).
      launchdeckSearch,
      {
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
        // Results are grouped by section, which heads each group (src/plugins/search/client/dropdown.ts): a hit
        // names only its page, under a heading or a passage, as DocSearch does.
        explicitSearchResultPath: false,
        ignoreFiles: [/(^|\/)README/i],
        // Section pages list their children as cards; index the pages themselves instead.
        // The page tools, the feedback question and diagrams (the text around them says the same) aren't content either.
        ignoreCssSelectors: ['.ld-card-list', '.ld-doc-toolbar', '.ld-feedback', '.ld-diagram'],
        searchBarShortcut: true,
        searchBarShortcutHint: true,
        searchBarPosition: 'right',
        // One search context per docs section, added by src/plugins/search/plugin.ts
        // (searchContextByPaths). The search box searches every page's titles,
        // headings, descriptions and keywords first, then the text of the
        // reader's section and of the rest (src/plugins/search/client/worker.ts); the footer
        // links open /search within or outside the section. Pages outside every
        // section (the docs home) use all contexts; /search searches everything.
        useAllContextsWithNoSearchContext: true,
      },
    ],
    // The search box wrapped and the /search page (src/plugins/search/theme), after the search plugin's own.
    searchThemePlugin,
  ],

  themeConfig: {
    // The newest changelog entry marked `announce: true` (src/plugins/changelog/announcement.ts).
    announcementBar: announcementBar(__dirname),
    image: 'img/social-card.png',
    metadata: [
      {
        name: 'keywords',
        content: 'launchdeck, documentation, docs, devops, deployment, servers, applications, pipelines, api',
      },
    ],
    colorMode: {
      defaultMode: 'dark',
      disableSwitch: false,
      // Deliberately false: the product's default is dark for every reader,
      // and an explicit choice made with the switch is what persists. Following
      // the OS setting would show most first-time readers the light theme.
      respectPrefersColorScheme: false,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
      versionPersistence: 'localStorage',
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: 'Launchdeck Docs',
      hideOnScroll: true,
      logo: {
        alt: 'Launchdeck',
        src: 'img/logo.svg',
        width: 30,
        height: 30,
        href: '/docs/',
      },
      items: [
        {
          type: 'docSidebar',
          sidebarId: 'documentation',
          position: 'left',
          label: 'Documentation',
        },
        {...marketingLink('Blog', '/blog'), position: 'left'},
        {...marketingLink('Pricing', '/pricing'), position: 'left'},
        {...marketingLink('Careers', '/careers'), position: 'left'},
        {type: 'search', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {
          href: urls.app,
          label: 'GET STARTED',
          position: 'right',
          target: '_self',
          className: 'navbar__get-started',
        },
      ],
    },
    footer: {
      style: 'light',
      logo: {
        alt: 'Launchdeck',
        src: 'img/logo.svg',
        width: 30,
        height: 30,
        href: '/docs/',
      },
      links: [
        {
          title: 'Product',
          items: [{label: 'Documentation', to: '/docs/'}, marketingLink('Pricing', '/pricing'), marketingLink('Careers', '/careers')],
        },
        {
          title: 'Community',
          items: [
            {label: 'GitHub', href: urls.repository, className: 'footer__link--github'},
            {label: 'LinkedIn', href: urls.linkedin, className: 'footer__link--linkedin'},
            {label: 'YouTube', href: urls.youtube, className: 'footer__link--youtube'},
          ],
        },
        {
          title: 'Help',
          items: [
            {label: 'Report a security issue', to: '/docs/security/reporting-a-security-vulnerability'},
            {label: 'Privacy policy', to: '/docs/legal/privacy-policy'},
            {label: 'Terms of service', to: '/docs/legal/terms-of-service'},
            // Static files for readers' tools (src/plugins/markdown-for-tools, src/plugins/api-reference): full page loads, not routes.
            {label: 'llms.txt for AI tools', href: 'pathname:///llms.txt', target: '_self'},
            {label: 'OpenAPI contract', href: 'pathname:///openapi.yaml', target: '_self'},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} Launchdeck, Inc.`,
    },
    prism: {
      // Only the plain colours reach the browser (code block background and
      // text); token colours are a stylesheet generated by src/plugins/highlighting/plugin.ts.
      theme: {plain: prismLight.plain, styles: []},
      darkTheme: {plain: prismDark.plain, styles: []},
      additionalLanguages: CODE_LANGUAGES,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
