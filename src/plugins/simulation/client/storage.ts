/** The tab's sessionStorage, where the simulated world and the quick start's IDs last; none where the browser refuses it. */
export function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
