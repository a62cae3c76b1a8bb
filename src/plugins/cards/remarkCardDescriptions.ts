/**
 * Gives card lists their descriptions at build time.
 *
 * Docusaurus ships the description of every page inside the docs metadata
 * that every page loads (about 16 KB gzip of JavaScript on each first load,
 * with the API reference), only for the cards of section pages. Seam
 * "docs-metadata" (src/internals/docsPlugin.ts) drops them there; this plugin instead adds a `descriptions` attribute (JSON, doc
 * id to description) to each `<DocCardList />` and `<SectionCards />`, with
 * the pages that list can show: the pages of its folder and the index pages
 * of its subfolders. src/plugins/cards/theme/DocCardList reads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {frontMatterField} from '../../utils/frontMatter';
import {docIdOfFile} from '../../utils/docRoutes';

interface MdNode {
  type: string;
  name?: string | null;
  attributes?: Array<{type: string; name?: string; value?: unknown}>;
  children?: MdNode[];
}

export interface Options {
  /** The docs folder, relative to the site (for example "docs"). */
  docsDir: string;
}

const CARD_LISTS = new Set(['DocCardList', 'SectionCards']);
const isDoc = (name: string) => /\.mdx?$/.test(name) && !name.startsWith('_');

/** Doc id to description for the cards a page in `folder` can list. */
export function cardDescriptions(docsRoot: string, folder: string): Record<string, string> {
  const result: Record<string, string> = {};
  const add = (file: string) => {
    const description = frontMatterField(file, 'description');
    if (description) result[docIdOfFile(path.relative(docsRoot, file).split(path.sep).join('/'))] = description;
  };
  for (const entry of fs.readdirSync(folder, {withFileTypes: true})) {
    const full = path.join(folder, entry.name);
    if (entry.isFile() && isDoc(entry.name) && !/^index\.mdx?$/.test(entry.name)) add(full);
    if (entry.isDirectory() && !entry.name.startsWith('_')) {
      const index = ['index.md', 'index.mdx'].map((name) => path.join(full, name)).find((file) => fs.existsSync(file));
      if (index) add(index);
    }
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
  return (tree: MdNode, file: {path?: string; cwd?: string}): void => {
    if (!file.path) return;
    const docsRoot = path.resolve(file.cwd ?? process.cwd(), options.docsDir);
    let json: string | undefined;
    visit(tree, () => (json ??= JSON.stringify(cardDescriptions(docsRoot, path.dirname(file.path!)))));
  };
}
