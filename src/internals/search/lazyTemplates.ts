/**
 * Seam "search-templates": stands in for the search box's result templates
 * (the plugin's SearchBar imports ./SuggestionTemplate and ./EmptyTemplate).
 * The templates, their icons and highlighting helpers only matter once there
 * are results, so they load with the index (./searchByWorker.ts waits for
 * them before the first results) instead of with every page. Kept for the
 * first-load budget of task pages (1.8 KB gzip). The site's additions to the
 * dropdown (src/search/dropdown.ts: a header per section, keyboard hints) load
 * with them.
 */
type Template = (...args: never[]) => string;

let suggestion: Template | undefined;
let empty: Template | undefined;
let loading: Promise<void> | undefined;

export function loadSearchTemplates(): Promise<void> {
  loading ??= Promise.all([
    import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js'),
    import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate.js'),
    import('../../search/dropdown'),
  ]).then(([suggestionModule, emptyModule, dropdownModule]) => {
    suggestion = dropdownModule.withGroupsAndKeys(suggestionModule.SuggestionTemplate);
    empty = dropdownModule.withGroupsAndKeys(emptyModule.EmptyTemplate, false);
  });
  return loading;
}

export function SuggestionTemplate(...args: never[]): string {
  return suggestion ? suggestion(...args) : '';
}

export function EmptyTemplate(...args: never[]): string {
  return empty ? empty(...args) : '';
}
