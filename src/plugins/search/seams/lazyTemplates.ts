/**
 * Seam "search-templates": stands in for the search box's result templates
 * (the plugin's SearchBar imports ./SuggestionTemplate and ./EmptyTemplate).
 * The templates, their icons and highlighting helpers only matter once there
 * are results, so they load with the index (./searchByWorker.ts waits for
 * them before the first results) instead of with every page. Kept for the
 * first-load budget of task pages (1.8 KB gzip). They load as the site draws
 * them (./templates.ts: with a header per section and keyboard
 * hints), in one request.
 */
type Template = (...args: never[]) => string;

let suggestion: Template | undefined;
let empty: Template | undefined;
let loading: Promise<void> | undefined;

export function loadSearchTemplates(): Promise<void> {
  loading ??= import('./templates').then((templates) => {
    suggestion = templates.SuggestionTemplate;
    empty = templates.EmptyTemplate;
  });
  return loading;
}

export function SuggestionTemplate(...args: never[]): string {
  return suggestion ? suggestion(...args) : '';
}

export function EmptyTemplate(...args: never[]): string {
  return empty ? empty(...args) : '';
}
