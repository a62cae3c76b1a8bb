/**
 * The headings of a page's Markdown source, with the ids Docusaurus gives
 * them: a heading's `{#id}`, or the slug of its text (github-slugger, as
 * Docusaurus makes them, numbered when a text repeats). Headings inside code
 * fences are not headings. Used where the build needs a page's outline
 * without parsing its built HTML: the search index's troubleshooting
 * entries, the API console's links to them.
 */
import {createSlugger} from '@docusaurus/utils';

export interface MarkdownHeading {
  /** 1–6. */
  level: number;
  /** The heading as plain text. */
  text: string;
  /** The heading as written ("The API returns `plan_limit_reached`"). */
  markdown: string;
  /** Its anchor on the page, without "#". */
  id: string;
  /** The text of the h2 it is under ("" before the first h2, and for an h2 itself). */
  h2: string;
}

/** The h2 of a page's troubleshooting section, by its text: the template's "Troubleshooting", or "Common problems", read the same way. */
export const TROUBLESHOOTING_SECTION = /^(troubleshooting|common problems)$/i;

/** A heading's Markdown as plain text: links, inline code and bold give their text. */
export const plainHeading = (markdown: string): string =>
  markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The headings of `markdown`, in order; `plain` turns a heading's Markdown into its text. */
export function markdownHeadings(markdown: string, plain: (markdown: string) => string = plainHeading): MarkdownHeading[] {
  const slugger = createSlugger();
  const headings: MarkdownHeading[] = [];
  let fenced = false;
  let h2 = '';
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^(#{1,6})\s+(.+?)\s*(\{#([^}]+)\})?\s*$/.exec(line);
    if (!m) continue;
    const text = plain(m[2]!);
    const level = m[1]!.length;
    if (level === 2) h2 = text;
    headings.push({level, text, markdown: m[2]!, id: m[4] ?? slugger.slug(text), h2: level === 2 ? '' : h2});
  }
  return headings;
}
