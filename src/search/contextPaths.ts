/**
 * Search contexts as paths ("docs/servers"), shared by the build
 * (./splitIndex.ts) and the browser (./searchByWorker.ts, ./worker.ts), with
 * the plugin's own matching rule.
 */

/** The context that contains a page path relative to the base URL, or "" for none. */
export function contextOfPath(uri: string, contextPaths: readonly string[]): string {
  return contextPaths.find((context) => uri === context || uri.startsWith(`${context}/`)) ?? '';
}

/** How a context appears in index file names: "-docs-servers", or "" for none. */
export const contextPart = (context: string): string => (context ? `-${context.replace(/\//g, '-')}` : '');
