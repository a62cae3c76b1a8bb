/**
 * Stands in for the search box's result templates (see ./plugin.ts). The
 * templates, their icons and highlighting helpers only matter once there are
 * results, so they load with the index (./searchByWorker.ts waits for them
 * before the first search) instead of with every page.
 */
type Template = (...args: never[]) => string;

let suggestion: Template | undefined;
let empty: Template | undefined;
let loading: Promise<void> | undefined;

export function loadSearchTemplates(): Promise<void> {
  loading ??= Promise.all([
    import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js'),
    import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate.js'),
  ]).then(([suggestionModule, emptyModule]) => {
    suggestion = suggestionModule.SuggestionTemplate;
    empty = emptyModule.EmptyTemplate;
  });
  return loading;
}

export function SuggestionTemplate(...args: never[]): string {
  return suggestion ? suggestion(...args) : '';
}

export function EmptyTemplate(...args: never[]): string {
  return empty ? empty(...args) : '';
}
