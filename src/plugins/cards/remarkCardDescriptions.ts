/**
 * Gives card lists their descriptions at build time.
 *
 * Docusaurus ships the description of every page inside the docs metadata
 * that every page loads (about 16 KB gzip of JavaScript on each first load,
 * with the API reference), only for the cards of section pages. Seam
 * "docs-metadata" (src/internals/docsPlugin.ts) drops them there; this plugin instead adds a `descriptions` attribute (JSON, doc
 * id to description) to each `<DocCardList />` (the docs home's `<SectionCards />` lists titles only), with
 * the pages that list can show: the pages of its folder and the index pages
 * of its subfolders, from the site model of the loaded docs
 * (src/utils/siteModel.ts). src/plugins/cards/theme/DocCardList reads them.
 */
import path from 'node:path';
import {siteModel, type SiteModel} from '../../utils/siteModel';

interface MdNode {
  type: string;
  name?: string | null;
  attributes?: Array<{type: string; name?: string; value?: unknown}>;
  children?: MdNode[];
}

export interface Options {
  /** The docs folder, relative to the site (for example "docs"). */
  docsDir: string;
  /** The site's pages (tests give their own); by default the site model of the loaded docs. */
  model?: () => SiteModel;
}

const CARD_LISTS = new Set(['DocCardList']);
const isIndex = (file: string) => /(^|\/)index\.mdx?$/.test(file);

/**
 * Doc id to description for the cards a page in `folder` (a folder under
 * docs/, '' for docs/ itself) can list: the pages of that folder and the index
 * pages of its subfolders, never the folder's own index page.
 */
export function cardDescriptions(model: SiteModel, folder: string): Record<string, string> {
  const result: Record<string, string> = {};
  const prefix = folder ? `${folder}/` : '';
  for (const page of model.pages) {
    if (!page.file.startsWith(prefix) || !page.description) continue;
    const rest = page.file.slice(prefix.length).split('/');
    const inFolder = rest.length === 1 && !isIndex(page.file);
    const subfolderIndex = rest.length === 2 && isIndex(page.file);
    if (inFolder || subfolderIndex) result[page.id] = page.description;
  }
  return result;
}

function visit(node: MdNode, descriptions: () => string): void {
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && CARD_LISTS.has(node.name)) {
    node.attributes ??= [];
    if (!node.attributes.some((attribute) => attribute.name === 'descriptions')) {
      node.attributes.push({type: 'mdxJsxAttribute', name: 'descriptions', value: descriptions()});
    }
  }
  for (const child of node.children ?? []) visit(child, descriptions);
}

export default function remarkCardDescriptions(options: Options) {
  const model = options.model ?? siteModel;
  return (tree: MdNode, file: {path?: string; cwd?: string}): void => {
    if (!file.path) return;
    const docsRoot = path.resolve(file.cwd ?? process.cwd(), options.docsDir);
    const folder = path.relative(docsRoot, path.dirname(file.path)).split(path.sep).join('/');
    let json: string | undefined;
    visit(tree, () => (json ??= JSON.stringify(cardDescriptions(model(), folder))));
  };
}
