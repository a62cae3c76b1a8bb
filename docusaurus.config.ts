import fs from 'node:fs';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {urls} from './src/config/urls';
import {lastCommitTimes, lastUpdateDates} from './src/config/git';
import {sitemapOptions} from './src/config/sitemap';
import remarkProductUrls from './src/utils/productUrls';
import {features as featureList} from './src/plugins/features';
import {siteParts, stylesheetIndex} from './src/config/feature';
import internalsPlugin, {type InternalsOptions} from './src/internals/plugin';
import docsPlugin from './src/internals/docsPlugin';
import {pageTemplate} from './src/internals/pageTemplate';
import {seamEnabled} from './src/internals/seams';
import {docusaurusFeatures} from './src/config/docusaurusVersion';

/** Set by the test command: adds pages that crash or load late on purpose (src/pages/test-crash.tsx, test-loading.tsx). */
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

/** What the features declare (src/plugins/features.ts, in order), put together: the config names none of them. */
const parts = siteParts(featureList({siteDir: __dirname, docsDir: 'docs', siteUrl: urls.site}));

/** The docs plugin's options (wrapped by src/internals/docsPlugin.ts instead of being set in the preset). */
const docsOptions = {
  routeBasePath: 'docs',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  // A page a feature generates (the API reference) has no file of its own to edit.
  editUrl: ({docPath}: {docPath: string}) => (parts.isGenerated(docPath) ? undefined : `${urls.repository}/edit/main/docs/${docPath}`),
  // Dates from git; without git history (a source archive) none, after one warning.
  showLastUpdateTime: lastUpdateDates(__dirname),
  lastVersion: 'current',
  versions: {current: {label: 'Next'}},
  exclude: ['**/README.md', '**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'],
  // The features' Markdown plugins, then the product URL tokens (%API_URL% and the like) replaced: some features read them.
  beforeDefaultRemarkPlugins: [...parts.beforeDefaultRemarkPlugins, remarkProductUrls],
  // Docusaurus's sidebar, then each feature's step (the changelog without its entries, the sections under group labels).
  sidebarItemsGenerator: parts.sidebarItemsGenerator,
  remarkPlugins: parts.remarkPlugins,
  rehypePlugins: parts.rehypePlugins,
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
      // What features set (a changelog entry shows the sidebar it isn't in).
      parts.frontMatter(params.filePath, result.frontMatter);
      return result;
    },
  },

  // static/, and the files features generate at build time (the API console's data).
  staticDirectories: ['static', ...parts.staticDirectories],

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
          exclude: [
            '**/_*.{js,jsx,ts,tsx,md,mdx}',
            '**/_*/**',
            '**/*.test.{js,jsx,ts,tsx}',
            '**/__tests__/**',
            ...(isTestBuild ? [] : ['**/test-crash.tsx', '**/test-loading.tsx']),
          ],
        },
        theme: {
          // The site-wide styles, then the features' own (their declarations, imported by one generated stylesheet).
          customCss: ['./src/css/custom.css', './src/css/design.css', './src/css/status-pages.css', stylesheetIndex(__dirname, parts.stylesheets)],
        },
        // With a <lastmod> on every URL when there is git history (src/config/sitemap.ts).
        sitemap: sitemapOptions(__dirname),
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // @docusaurus/plugin-content-docs, without the doc descriptions every page would load.
    [docsPlugin, docsOptions],
    ...parts.plugins,
    // Everything that relies on Docusaurus or the search plugin beyond their public API (src/internals/README.md),
    // with the route groups the features declare.
    [internalsPlugin, {routeGroups: parts.routeGroups} satisfies InternalsOptions],
  ],

  themes: parts.themes,

  themeConfig: {
    // The announcement bar the changelog declares.
    announcementBar: parts.themeConfig.announcementBar,
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
    // Prism's plain colours and languages, which the highlighting feature declares.
    prism: parts.themeConfig.prism,
  } satisfies Preset.ThemeConfig,
};

export default config;
