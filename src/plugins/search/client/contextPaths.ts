/**
 * Search contexts as paths ("docs/servers"), shared by the build
 * (../buildIndex.ts) and the browser (./worker.ts, which reads them from the
 * first tier; ../theme/SearchPage, with their labels), with the plugin's own matching rule.
 */

/** One search context: a docs section, by its label and path relative to the base URL. */
export interface SearchContext {
  label: string;
  path: string;
}

/** The context that contains a page path relative to the base URL, or "" for none. */
export function contextOfPath(uri: string, contextPaths: readonly string[]): string {
  return contextPaths.find((context) => uri === context || uri.startsWith(`${context}/`)) ?? '';
}

/** How a context appears in index file names: "-docs-servers", or "" for none. */
export const contextPart = (context: string): string => (context ? `-${context.replace(/\//g, '-')}` : '');
