/**
 * The site model: the docs' pages, their front matter, routes and sidebars,
 * taken once from the docs plugin's loaded content and handed to the features
 * that need them at build time (card descriptions, the changelog's section
 * links, the search contexts' labels, the Markdown export).
 *
 * A plugin takes it as a value, from every plugin's content in its
 * allContentLoaded() (`siteModelIn(allContent)`). Remark plugins, which get no
 * plugin content, read it through `siteModel()`: the wrapped docs plugin
 * (src/internals/docsPlugin.ts) sets it as soon as its loadContent()
 * resolves, which is before the bundler compiles a single page (remark and
 * rehype plugins run then). Reading that earlier is a mistake in the order of
 * things, and throws saying so.
 *
 * What can't wait for the model, or needs a page's raw Markdown, reads the
 * source files through src/utils/docsSource.ts, the one module that reads
 * docs/ from disk (its comment lists who and why; a guard test keeps it so):
 * the API reference's generator, whose output is docs, the changelog's
 * entries, the search plugin's section folders, the Markdown export and the
 * docs run.
 */

/** One docs page as the docs plugin loaded it. */
export interface SitePage {
  /** The doc id: `servers/add-server`, `servers/index`. */
  id: string;
  /** The file under docs/: `servers/add-server.md`, `servers/index.md`. */
  file: string;
  /** The page's route: `/docs/servers/add-server`, `/docs/servers/`. */
  permalink: string;
  title: string;
  description: string;
  frontMatter: Readonly<Record<string, unknown>>;
}

/** A sidebar item as the docs plugin loaded it (the kinds this site has). */
export type SidebarItem =
  | {type: 'doc'; id: string}
  | {type: 'ref'; id: string}
  | {type: 'link'; href: string; label: string}
  | {type: 'category'; label: string; items: SidebarItem[]; link?: {type: string; id?: string}}
  | {type: 'html'};

export interface SiteModel {
  pages: readonly SitePage[];
  sidebars: Readonly<Record<string, SidebarItem[]>>;
  /** The page of a file under docs/ (`servers/index.md`), if it is a page. */
  pageOfFile(file: string): SitePage | undefined;
  /** The page of a doc id, if there is one. */
  pageOfId(id: string): SitePage | undefined;
}

/** What the docs plugin's loadContent() gives, as far as the model reads it. */
export interface LoadedDocsContent {
  loadedVersions: Array<{
    docs: Array<{id: string; source: string; permalink: string; title: string; description: string; frontMatter: Record<string, unknown>}>;
    sidebars: Record<string, unknown>;
  }>;
}

/** A model of the given pages and sidebars. */
export function createSiteModel(pages: SitePage[], sidebars: Record<string, SidebarItem[]> = {}): SiteModel {
  const byFile = new Map(pages.map((page) => [page.file, page]));
  const byId = new Map(pages.map((page) => [page.id, page]));
  return {pages, sidebars, pageOfFile: (file) => byFile.get(file), pageOfId: (id) => byId.get(id)};
}

/** The model of the docs plugin's loaded content (this site has one docs version). */
export function siteModelOf(content: LoadedDocsContent): SiteModel {
  const version = content.loadedVersions[0];
  if (!version) throw new Error('The docs plugin loaded no version of the docs.');
  const pages = version.docs.map((doc) => ({
    id: doc.id,
    file: doc.source.replace(/^@site\/docs\//, ''),
    permalink: doc.permalink,
    title: doc.title,
    description: doc.description,
    frontMatter: doc.frontMatter,
  }));
  return createSiteModel(pages, version.sidebars as Record<string, SidebarItem[]>);
}

/** The docs plugin's name and id, which key its content in `allContent`. */
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/**
 * The site model from every plugin's content: what a plugin reads in allContentLoaded(). Throws, saying what is
 * missing, when the docs plugin's content isn't there.
 */
export function siteModelIn(allContent: Record<string, Record<string, unknown> | undefined>): SiteModel {
  const content = allContent[DOCS_PLUGIN]?.default as LoadedDocsContent | undefined;
  if (!Array.isArray(content?.loadedVersions)) {
    throw new Error(`The site model is made from the content of the docs plugin ("${DOCS_PLUGIN}"), and allContent has none.`);
  }
  return siteModelOf(content);
}

let current: SiteModel | undefined;

/** Called by the wrapped docs plugin each time it loads the docs (again on every change in `npm start`). */
export function setSiteModel(model: SiteModel): void {
  current = model;
}

/** The site model; throws when the docs are not loaded yet. */
export function siteModel(): SiteModel {
  if (!current) {
    throw new Error(
      "The site model was read before the docs plugin loaded the docs (src/utils/siteModel.ts): read it from allContentLoaded(), contentLoaded(), configureWebpack() or a remark plugin, not from a plugin's constructor.",
    );
  }
  return current;
}
