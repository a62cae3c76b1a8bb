/**
 * Types for the parts of @easyops-cn/docusaurus-search-local (which ships no
 * declarations for its client code) and the libraries that src/search uses.
 */
declare module 'lunr' {
  namespace lunr {
    interface MatchData {
      metadata: Record<string, Record<string, {position?: Array<[number, number]>}>>;
    }
    interface Result {
      ref: string;
      score: number;
      matchData: MatchData;
    }
    interface QueryTermOptions {
      wildcard?: number;
      presence?: number;
      editDistance?: number;
    }
    interface Query {
      term(term: string, options?: QueryTermOptions): Query;
    }
    interface Index {
      query(build: (query: Query) => void): Result[];
    }
    interface Builder {
      ref(name: string): void;
      field(name: string): void;
      add(document: object): void;
      metadataWhitelist: string[];
    }
  }
  const lunr: {
    (config: (this: lunr.Builder, builder: lunr.Builder) => void): lunr.Index;
    Index: {load(serialized: unknown): lunr.Index};
  };
  export default lunr;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants' {
  /** For example "search-index{dir}-1a2b3c4d.json" (with hashed: 'filename'). */
  export const searchIndexUrl: string;
  export const language: string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize' {
  export function tokenize(input: string, language: string[]): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries' {
  export interface SmartTerm {
    value: string;
    presence?: number;
    wildcard?: number;
    editDistance?: number;
  }
  export function smartQueries(tokens: string[], zhDictionary: string[]): Array<{tokens: string[]; term: SmartTerm[]}>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults' {
  export function sortSearchResults(results: object[]): void;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults' {
  export function processTreeStatusOfSearchResults(results: object[]): void;
}

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

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated' {
  export const searchContextByPaths: Array<string | {label: string | Record<string, string>; path: string}> | null;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js' {
  export function SuggestionTemplate(...args: never[]): string;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate.js' {
  export function EmptyTemplate(...args: never[]): string;
}
