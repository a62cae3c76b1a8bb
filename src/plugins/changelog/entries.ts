/**
 * The changelog's entries (docs/changelog/YYYY-MM-DD-<name>.md), read and
 * checked in one place for everything that uses them: the site config (the
 * announcement bar), the remark plugin (entry headers and lists), the
 * changelog plugin (feeds), the API reference (an operation's entries), the
 * API contract check (src/plugins/api-reference/scripts/api-changes.mjs) and the content tests.
 * The writer's reference, "Changelog entry template", is the rule book.
 *
 * Build-time only (reads files): never import it from code that ships to browsers.
 */
import path from 'node:path';
import YAML from 'yaml';
import {docRoute} from '../../utils/docRoutes';
import {docSourceExists, docSourceFiles, readDocSource} from '../../utils/docsSource';

/** The tags, in the order of their pages, with the tag page's title (writer's reference). */
export const CHANGELOG_TAGS = {
  feature: 'New features',
  improvement: 'Improvements',
  fix: 'Fixes',
  api: 'API changes',
  breaking: 'Breaking changes',
  deprecation: 'Deprecations',
} as const;

export type ChangelogTag = keyof typeof CHANGELOG_TAGS;

/** Where the entries live, under the docs folder. */
export const CHANGELOG_DIR = 'changelog';
/** The changelog's address, its feeds' folder. */
export const CHANGELOG_ROUTE = '/docs/changelog/';

export const ENTRY_FILE = /^(\d{4}-\d{2}-\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** Whether a file (any path) is a changelog entry: docs/changelog/<date>-….md. */
export const isChangelogEntry = (file: string): boolean => /[\\/]docs[\\/]changelog[\\/]\d{4}-[^\\/]*\.md$/.test(file);

export interface ChangelogEntry {
  /** Path under docs/, for example "changelog/2026-11-18-deployment-approvals.md". */
  file: string;
  /** /docs/changelog/2026-11-18-deployment-approvals */
  route: string;
  /** "2026-11-18-deployment-approvals": stable, used in IDs. */
  name: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  tags: ChangelogTag[];
  sections: string[];
  operations: string[];
  announce: boolean;
  /** The Markdown after the front matter. */
  body: string;
}

function frontMatterOf(text: string): {data: Record<string, unknown>; body: string} {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return {data: {}, body: text};
  // `date` stays a string: YAML 1.2's core schema has no timestamps.
  return {data: (YAML.parse(match[1]) as Record<string, unknown>) ?? {}, body: text.slice(match[0].length)};
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Reads one entry. Returns the entry and the problems found in it (each a
 * sentence a writer can act on); `docsDir` lets the check confirm that each
 * section exists.
 */
export function readEntry(docsDir: string, file: string): {entry: ChangelogEntry; problems: string[]} {
  const text = readDocSource(docsDir, file);
  const {data, body} = frontMatterOf(text);
  const problems: string[] = [];
  const base = path.posix.basename(file);
  const fileDate = ENTRY_FILE.exec(base)?.[1];
  if (!fileDate) problems.push(`the file name must be YYYY-MM-DD-<name>.md in lower-case kebab case, not ${base}`);
  const block = (data.changelog ?? {}) as Record<string, unknown>;
  if (typeof data.changelog !== 'object' || data.changelog === null) problems.push('no `changelog:` block in the front matter');
  const date = typeof block.date === 'string' ? block.date : block.date instanceof Date ? block.date.toISOString().slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) problems.push('changelog.date must be a date, YYYY-MM-DD');
  else if (fileDate && date !== fileDate) problems.push(`changelog.date is ${date}, the file name says ${fileDate}`);
  const tags = isStringList(block.tags) ? block.tags : [];
  if (!tags.length) problems.push(`changelog.tags must list one or more of: ${Object.keys(CHANGELOG_TAGS).join(', ')}`);
  for (const tag of tags) if (!(tag in CHANGELOG_TAGS)) problems.push(`unknown tag "${tag}" (the tags are: ${Object.keys(CHANGELOG_TAGS).join(', ')})`);
  const sections = isStringList(block.sections) ? block.sections : [];
  if (!sections.length) problems.push('changelog.sections must list the docs sections the change touches (folder names under docs/)');
  for (const section of sections) {
    if (!docSourceExists(docsDir, `${section}/index.md`)) problems.push(`changelog.sections: no section docs/${section}/`);
  }
  const operations = block.operations === undefined ? [] : isStringList(block.operations) ? block.operations : [];
  if (block.operations !== undefined && !isStringList(block.operations)) problems.push('changelog.operations must be a list of operation IDs');
  if (operations.length && !tags.includes('api')) problems.push('an entry that lists operations is tagged api');
  if ((tags.includes('api') || tags.includes('breaking')) && !operations.length)
    problems.push('an api or breaking entry lists the operations it changes (changelog.operations)');
  if (tags.includes('breaking') && !tags.includes('api')) problems.push('a breaking entry is also tagged api');
  if (block.announce !== undefined && typeof block.announce !== 'boolean') problems.push('changelog.announce is true or false');
  const known = new Set(['date', 'tags', 'sections', 'operations', 'announce']);
  for (const key of Object.keys(block)) if (!known.has(key)) problems.push(`unknown key changelog.${key}`);
  const title = typeof data.title === 'string' ? data.title : '';
  const description = typeof data.description === 'string' ? data.description : '';
  const name = base.replace(/\.md$/, '');
  return {
    entry: {
      file,
      route: docRoute(file),
      name,
      title,
      description,
      date,
      tags: tags.filter((t): t is ChangelogTag => t in CHANGELOG_TAGS),
      sections,
      operations,
      announce: block.announce === true,
      body,
    },
    problems,
  };
}

/** The entry files under docs/changelog/ (not its index or tag pages). */
export function entryFiles(docsDir: string): string[] {
  return docSourceFiles(docsDir, CHANGELOG_DIR, {shallow: true}).filter((file) => file.endsWith('.md') && !file.endsWith('/index.md'));
}

/** Newest first; on the same day, by file name, so that the order is the same on every build. */
export const byDateDescending = (a: ChangelogEntry, b: ChangelogEntry): number => b.date.localeCompare(a.date) || a.name.localeCompare(b.name);

/**
 * Every entry, newest first. Throws with every problem of every entry: the
 * build refuses an entry it would show wrongly.
 */
export function readEntries(docsDir: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  const problems: string[] = [];
  for (const file of entryFiles(docsDir)) {
    const read = readEntry(docsDir, file);
    entries.push(read.entry);
    problems.push(...read.problems.map((p) => `docs/${file}: ${p}`));
  }
  if (problems.length) throw new Error(`Changelog entries (writer's reference, "Changelog entry template"):\n${problems.join('\n')}`);
  return entries.sort(byDateDescending);
}

/** The newest entry marked `announce: true`: what the announcement bar shows. */
export const announcedEntry = (entries: ChangelogEntry[]): ChangelogEntry | undefined => entries.find((e) => e.announce);

/** "2026-11-18" → "November 18, 2026" (writer's reference: dates in prose). */
export function formatDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});
}
