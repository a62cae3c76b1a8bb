/**
 * What a feature declares for the site: one exported `feature` in its
 * `plugin.ts`, a function of the site's facts. `src/plugins/features.ts`
 * lists the declarations in order, and `docusaurus.config.ts` puts them
 * together (`siteParts`), so the config names no feature's internals. The
 * platform (src/internals) gets what it needs of them (the route groups) as
 * its plugin's options; that is why the types live here, below both.
 * Types only, and the one function that combines the declarations.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {PluginConfig} from '@docusaurus/types';
import type {PluginOptions as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {ThemeConfig} from '@docusaurus/preset-classic';

type SidebarGenerator = NonNullable<DocsOptions['sidebarItemsGenerator']>;
export type SidebarItems = Awaited<ReturnType<SidebarGenerator>>;
/** A remark or rehype plugin, alone or with its options, as the docs plugin takes them. */
type MarkdownPlugin = DocsOptions['remarkPlugins'][number];

/** What a declaration may read about the site. */
export interface Site {
  /** The site's folder (docusaurus.config.ts's). */
  siteDir: string;
  /** The docs' folder, relative to siteDir. */
  docsDir: string;
  /** The site's URL (urls.site). */
  siteUrl: string;
}

/**
 * A group of routes that loads its own route table on demand, under its prefix (seam `route-tables`, which also
 * makes one group of each guide section by itself), with the bundler's chunk group for its pages' code.
 */
export interface RouteGroup {
  /** The group's name: its route table's and its chunk's. */
  name: string;
  /** Its routes' prefix (`/docs/changelog/`). */
  prefix: string;
  /** The build fails when it has no route (what shows that the route tables still have the shape the seam reads). */
  required?: boolean;
  /** Its modules, which get a chunk of their own (the bundler's `splitChunks.cacheGroups`), and that group's options. */
  chunk?: {test: RegExp; priority: number; chunks?: 'async'};
}

export interface Feature {
  /** Its Docusaurus plugins, in the order they load (their client modules, stylesheets included, load in that order). */
  plugins?: PluginConfig[];
  /** Its Docusaurus themes. */
  themes?: PluginConfig[];
  /** The docs' Markdown: remark plugins before Docusaurus's own (they see the URL tokens, %API_URL% and the like, before they are replaced), remark plugins after, rehype plugins. */
  beforeDefaultRemarkPlugins?: MarkdownPlugin[];
  remarkPlugins?: MarkdownPlugin[];
  rehypePlugins?: MarkdownPlugin[];
  /** Changes the docs sidebar's items, after Docusaurus's generator and the features before it in the list. */
  sidebarItems?: (items: SidebarItems) => SidebarItems;
  /** True for a doc it writes at build time: no file to edit, so no "Edit this page". */
  generatesDoc?: (docPath: string) => boolean;
  /** Front matter it sets on a doc (filePath absolute), before the page is built. */
  frontMatter?: (filePath: string, frontMatter: Record<string, unknown>) => void;
  /** Its routes, as a group that loads on demand. */
  routeGroup?: RouteGroup;
  /** Files it writes into the build whose media type their extension doesn't say (a feed's `rss.xml`): the host serves them with it. */
  files?: Array<{path: string; type: string}>;
  /**
   * Its stylesheets (absolute paths): every page loads them, after the site-wide ones of src/css, in the order of
   * the list. They reach the page through one generated stylesheet (`stylesheetIndex`), not one client module each:
   * a client module costs every page about 30 bytes of JavaScript, a stylesheet's empty module.
   */
  stylesheets?: string[];
  /** Folders of files it writes for the site's root, relative to siteDir. */
  staticDirectories?: string[];
  /** The parts of the classic theme's configuration it owns. */
  themeConfig?: Pick<ThemeConfig, 'announcementBar' | 'prism'>;
}

/** The declarations, put together in the order of the list. */
export function siteParts(features: Feature[]) {
  const all = <K extends keyof Feature>(key: K) => features.flatMap((feature) => (feature[key] === undefined ? [] : [feature[key]!]));
  const sidebarSteps = all('sidebarItems');
  const generated = all('generatesDoc');
  const frontMatterSteps = all('frontMatter');
  return {
    plugins: all('plugins').flat(),
    themes: all('themes').flat(),
    beforeDefaultRemarkPlugins: all('beforeDefaultRemarkPlugins').flat(),
    remarkPlugins: all('remarkPlugins').flat(),
    rehypePlugins: all('rehypePlugins').flat(),
    sidebarItemsGenerator: (async ({defaultSidebarItemsGenerator, ...args}) =>
      sidebarSteps.reduce((items, step) => step(items), await defaultSidebarItemsGenerator(args))) satisfies SidebarGenerator,
    isGenerated: (docPath: string) => generated.some((test) => test(docPath)),
    frontMatter: (filePath: string, frontMatter: Record<string, unknown>) => frontMatterSteps.forEach((step) => step(filePath, frontMatter)),
    routeGroups: all('routeGroup'),
    stylesheets: all('stylesheets').flat(),
    staticDirectories: all('staticDirectories').flat(),
    themeConfig: Object.assign({}, ...all('themeConfig')) as NonNullable<Feature['themeConfig']>,
  };
}

/**
 * One stylesheet that imports the features' own, in order (`.docusaurus/launchdeck-features/features.css`, written
 * here), for the classic theme's `customCss`; returns its path. The bundler inlines each import, so every page gets
 * the same CSS as from one client module per stylesheet, without their JavaScript.
 */
export function stylesheetIndex(siteDir: string, stylesheets: string[]): string {
  const file = path.join(siteDir, '.docusaurus', 'launchdeck-features', 'features.css');
  const imports = stylesheets.map((sheet) => `@import '${path.relative(path.dirname(file), sheet).split(path.sep).join('/')}';`);
  const text = `/* Generated from the features' declarations (src/config/feature.ts, src/plugins/features.ts). Do not edit. */\n${imports.join('\n')}\n`;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  return file;
}
