/**
 * The search index files that the build writes (src/plugins/search/buildIndex.ts)
 * and the search worker reads (src/plugins/search/client/worker.ts). Compact arrays keep
 * them small; these types say what each position holds.
 */

/** What a page is, which decides how it ranks for a kind of question. */
export const PageKind = {
  /** The docs home. */
  Home: 0,
  /** A section's overview (an index.md): the answer to "what is …". */
  Overview: 1,
  /** A task or topic page: the answer to "how do I …". */
  Task: 2,
  /** A generated API reference page for one operation. */
  Reference: 3,
  /** A changelog entry or tag page: says when something changed, not how to do it today. */
  News: 4,
} as const;
export type PageKind = (typeof PageKind)[keyof typeof PageKind];

/** One page: [url, title, breadcrumbs, description, keywords, kind, context index (-1: none)]. */
export type PageRow = [string, string, string[], string, string[], PageKind, number];

/** Heading flags. */
export const HeadingFlag = {
  /** Under a "Troubleshooting" heading: the answer to a pasted error. */
  Troubleshooting: 1,
  /** A heading of the page template ("Steps", "Related pages"): never a result on its own. */
  Template: 2,
} as const;

/**
 * One heading: [page index, text, flags], then its anchor (with #) only when
 * it is not `anchorOf(text)`. Nearly every anchor is, so the first tier does
 * not carry each heading's text twice (a third of its size).
 */
export type HeadingRow = [number, string, number] | [number, string, number, string];

/**
 * The anchor Docusaurus gives a heading (github-slugger's rule, as far as this
 * site's headings need it). The build checks each heading against it and
 * writes the real anchor where they differ, so a mismatch costs bytes, never
 * a broken link.
 */
export function anchorOf(text: string): string {
  return `#${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')}`;
}

/** One section of body text: [page index, anchor ("" for the top), section title, text]. */
export type SectionRow = [number, string, string, string];

/**
 * A synonym, compiled: the stems of a reader phrase and each docs term it
 * stands for, in folded words ("virtual machine" → ["server"]).
 */
export type SynonymRow = [string[], string[]];

/** The first tier: every page's title, description, keywords and headings. */
export interface PagesFile {
  /** 2: headings name their anchor only when it is not anchorOf(text). */
  version: 2;
  /** Search contexts ("docs/servers"); PageRow's last field points here. */
  contexts: string[];
  pages: PageRow[];
  headings: HeadingRow[];
  synonyms: SynonymRow[];
}

/** The second tier, one file per context: the body text of its pages. */
export type TextFile = SectionRow[];

/** File names, as the build writes them and the worker asks for them. */
export const indexFileNames = {
  pages: (hash: string) => `search-pages-${hash}.json`,
  text: (context: string, hash: string) => `search-text${context ? `-${context.replace(/\//g, '-')}` : ''}-${hash}.json`,
};
