/**
 * Types for the parts of @easyops-cn/docusaurus-search-local that the site
 * uses (it ships no declarations for them): its plugin entry point (public),
 * and the internal modules of seam "search-index" (./extractPages.ts); plus
 * mark.js for seam "search-mark" (./lazyMark.ts), the result templates of
 * seam "search-templates" (./lazyTemplates.ts) and the reference's lazy
 * route table (seam "route-tables").
 */
declare module '@easyops-cn/docusaurus-search-local' {
  import type {LoadContext, Plugin} from '@docusaurus/types';
  export default function searchLocal(context: LoadContext, options: unknown): Plugin;
  export const validateOptions: (data: {options: unknown; validate: unknown}) => unknown;
}

declare module 'mark.js/dist/mark.es6.js' {
  const Mark: new (context: Element) => {
    mark(keywords: string[], options?: object): void;
    unmark(options?: object): void;
  };
  export default Mark;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions' {
  import type {LoadContext} from '@docusaurus/types';
  export function processPluginOptions(options: unknown, context: LoadContext): object;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos' {
  import type {Props} from '@docusaurus/types';
  export function processDocInfos(props: Props, config: object): Array<{outDir: string; paths: unknown[]}>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/scanDocuments' {
  export function scanDocuments(paths: unknown[], config: object): Promise<unknown[][]>;
}

declare module '@generated/routes?reference' {
  import type {RouteConfig} from 'react-router-config';
  const routes: RouteConfig[];
  export default routes;
}

declare module '@generated/routes?changelog' {
  import type {RouteConfig} from 'react-router-config';
  const routes: RouteConfig[];
  export default routes;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js' {
  export function SuggestionTemplate(...args: never[]): string;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate.js' {
  export function EmptyTemplate(...args: never[]): string;
}
