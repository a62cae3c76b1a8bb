/**
 * Pages that moved or were removed: the old address, and where its readers go
 * now. Every address the docs ever published (contributing/published-urls.txt)
 * must stay a page or be here; `npm run test:content`
 * (tests/content/urls.test.mjs) fails with the exact line to add when a
 * rename or a removal forgets it. The build turns each into a 301 on hosts
 * with rules and a redirect page elsewhere (maintainers/deploying.md).
 */
export const movedPages: Array<{from: string; to: string}> = [];

/**
 * Short names for task pages, generated instead of written out by hand.
 *
 * A page named `<verb>-<noun>` or `<verb>-<qualifier>-<noun>` inside a section
 * folder also answers at `<verb>` or `<verb>-<qualifier>`, where `<noun>` is
 * the section's resource in the singular or plural (`servers/add-aws-server`
 * is reachable as `servers/add-aws`, `servers/list-servers` as
 * `servers/list`). Only these verbs make a short name:
 */
const shortNameVerbs = new Set([
  'add',
  'archive',
  'cancel',
  'deploy',
  'edit',
  'find',
  'link',
  'list',
  'remove',
  'restart',
  'revoke',
  'run',
  'start',
  'stop',
  'unarchive',
  'upgrade',
  'view',
]);

function singular(word: string): string {
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Returns the short paths that should redirect to `existingPath`. */
export function shortNamesFor(existingPath: string): string[] {
  // The API reference's pages are named after operation IDs, not tasks: no short names.
  if (existingPath.startsWith('/docs/api/reference/')) return [];
  const match = /^(\/docs\/(?:[a-z0-9-]+\/)*)([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(existingPath);
  if (!match) {
    return [];
  }
  const [, parent, section, page] = match as unknown as [string, string, string, string];
  const nouns = [section, singular(section)];
  const dash = page.indexOf('-');
  if (dash < 0) {
    return [];
  }
  const verb = page.slice(0, dash);
  const rest = page.slice(dash + 1);
  if (!shortNameVerbs.has(verb)) {
    return [];
  }
  for (const noun of nouns) {
    if (rest === noun) {
      return [`${parent}${section}/${verb}`];
    }
    const qualifier = rest.slice(0, -(noun.length + 1));
    if (rest.endsWith(`-${noun}`) && /^[a-z0-9]+$/.test(qualifier)) {
      return [`${parent}${section}/${verb}-${qualifier}`];
    }
  }
  return [];
}
