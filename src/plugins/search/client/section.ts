/** The section a search result belongs to: its page's breadcrumbs without the docs root, else the page itself (a section page). */
export function sectionOf(result: {document: {t: string; b?: string[]}; page?: {t: string; b?: string[]} | undefined}): string {
  const page = result.page ?? result.document;
  const crumbs = (page.b ?? []).slice(1);
  return crumbs.length ? crumbs.join(' › ') : page.t;
}
