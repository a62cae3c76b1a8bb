/**
 * The docs plugin (@docusaurus/plugin-content-docs), wrapped for seam
 * "docs-metadata", which keeps what the browser never reads out of the docs
 * data every page loads:
 * - every docs page loads its version's metadata, which lists every doc's id,
 *   title and description (about 16 KB gzip with the API reference) for the
 *   doc cards' sake, and the doc id of every sidebar link. The site's cards
 *   get their descriptions from their own page instead
 *   (src/plugins/cards/remarkCardDescriptions.ts, src/plugins/cards/theme/DocCardList), so both leave
 *   the route prop that carries the metadata;
 * - the plugin's global data lists every doc as {id, path, sidebar}; with one
 *   docs version the id only pairs a doc with its twin in other versions, so
 *   it is left out;
 * - each page's module holds its doc's metadata, front matter included;
 *   the keys only the build reads (sidebar, source file, dates) are left out.
 * Everything else the plugin does is unchanged: it is the same plugin, with
 * the same options and name.
 * Whether or not the seam is on, the loaded docs also become the site model
 * the features read (src/utils/siteModel.ts): public plugin API, not a seam.
 */
import docsPlugin, * as docsModule from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, PluginContentLoadedActions, PluginModule, RouteConfig} from '@docusaurus/types';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import {seamEnabled} from './seams';
import {setSiteModel, siteModelOf, type LoadedDocsContent} from '../utils/siteModel';
import {SeamError} from './seamError';

const SEAM = 'docs-metadata';

interface SidebarItem {
  type: string;
  docId?: string;
  unlisted?: boolean;
  items?: SidebarItem[];
}

interface VersionProp {
  docs?: Record<string, unknown>;
  docsSidebars?: Record<string, SidebarItem[]>;
}

function stripSidebar(items: SidebarItem[]): void {
  for (const item of items) {
    if (item.type === 'link') {
      // Only the doc cards read it; src/plugins/cards/theme/DocCardList works it out from the link.
      delete item.docId;
      if (item.unlisted === false) delete item.unlisted;
    }
    if (item.items) stripSidebar(item.items);
  }
}

interface GlobalData {
  versions?: Array<{docs?: Array<{id?: string}>}>;
}

/** Leaves the doc ids out of the plugin's global data when there is one version; returns whether it did. */
export function stripGlobalDocIds(data: GlobalData): boolean {
  if (!Array.isArray(data.versions) || !data.versions.every((v) => Array.isArray(v.docs))) {
    throw new SeamError(SEAM, "the docs plugin's global data (@docusaurus/plugin-content-docs/lib/globalData.js) no longer lists versions[].docs.");
  }
  if (data.versions.length !== 1) return false;
  for (const doc of data.versions[0]!.docs!) delete doc.id;
  return true;
}

/** Empties the docs map of every version metadata prop in a route tree; returns how many it found. */
export function stripVersionMetadata(route: RouteConfig): number {
  let found = 0;
  const version = (route.props as {version?: VersionProp} | undefined)?.version;
  if (version && typeof version === 'object' && version.docsSidebars) {
    if (!version.docs || typeof version.docs !== 'object') {
      throw new SeamError(SEAM, 'the docs version metadata (@docusaurus/plugin-content-docs/lib/props.js) no longer has a `docs` map.');
    }
    version.docs = {};
    for (const items of Object.values(version.docsSidebars)) stripSidebar(items);
    found += 1;
  }
  for (const child of route.routes ?? []) found += stripVersionMetadata(child);
  return found;
}

/** Keys of a doc's metadata and front matter that only the build reads (sidebar, sources, dates). */
const BUILD_ONLY = /^(source|sourceDirName|slug|draft|sidebarPosition|sidebar_(label|position|class_name)|last_update)$/;
/** A doc's metadata as its page's module holds it (the MDX loader's `metadataPath` reads createData's file), without BUILD_ONLY. */
export const pageMetadataOf = (doc: unknown): string => JSON.stringify(doc, (key, value: unknown) => (BUILD_ONLY.test(key) ? undefined : value));

// The package's type declarations leave out the option validation its entry point exports.
const {validateOptions} = docsModule as unknown as Required<Pick<PluginModule, 'validateOptions'>>;

export default async function docsPluginWithoutDescriptions(context: LoadContext, options: unknown): Promise<Plugin<unknown>> {
  const inner = (await docsPlugin(context, options as PluginOptions)) as Plugin<unknown>;
  const plugin: Plugin<unknown> = {
    ...inner,
    async loadContent() {
      const content = await inner.loadContent!();
      setSiteModel(siteModelOf(content as LoadedDocsContent));
      return content;
    },
  };
  if (!seamEnabled(SEAM)) return plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      let stripped = 0;
      const actions: PluginContentLoadedActions = {
        ...args.actions,
        createData: (name, data) => args.actions.createData(name, pageMetadataOf(data)),
        addRoute(route) {
          stripped += stripVersionMetadata(route);
          args.actions.addRoute(route);
        },
        setGlobalData(data) {
          stripGlobalDocIds(data as GlobalData);
          args.actions.setGlobalData(data);
        },
      };
      await plugin.contentLoaded?.({...args, actions});
      if (stripped === 0) {
        throw new SeamError(
          SEAM,
          'no route of the docs plugin carries the version metadata as `props.version` any more (@docusaurus/plugin-content-docs/lib/routes.js).',
        );
      }
    },
  };
}

docsPluginWithoutDescriptions.validateOptions = validateOptions;
