/** The section a search result belongs to: its page's breadcrumbs without the docs root, else the page itself (a section page). */
export function sectionOf(result: {document: {t: string; b?: string[]}; page?: {t: string; b?: string[]} | undefined}): string {
  const page = result.page ?? result.document;
  const crumbs = (page.b ?? []).slice(1);
  return crumbs.length ? crumbs.join(' › ') : page.t;
}

/**
 * Results grouped by section, each group where its best result stood, the
 * engine's order kept inside a group, and ranked again: a section's name then
 * heads one group only, however the engine interleaved them.
 */
export function groupBySection<T extends Parameters<typeof sectionOf>[0] & {rank: number}>(results: T[]): T[] {
  const groups = new Map<string, T[]>();
  for (const result of results) {
    const key = sectionOf(result);
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  return [...groups.values()].flat().map((result, index) => ({...result, rank: index + 1}));
}
