/**
 * The shapes the engine's modules hand each other: a page, label, heading
 * and section as the index holds them, and a query, its intent and the hits
 * of a search as the engine's callers see them (src/plugins/search/client/engine/engine.ts
 * re-exports the second group).
 */
import type {PageKind} from './model';

export interface Page {
  index: number;
  url: string;
  title: string;
  breadcrumbs: string[];
  description: string;
  keywords: string[];
  kind: PageKind;
  context: string;
  title_: Label;
  keywords_: Label[];
  description_: Label;
  headings: number[];
  sections: number[];
  /** Stem of the title's first word, for task pages ("add", "remove"). */
  action?: string;
  /** Every action the page answers: its title's, and those its keyword phrases start with ("delete environment"). */
  actions: Set<string>;
}

export interface Label {
  set: Set<string>;
  /** Distinct meaningful stems, for how much of the label a query covers. */
  content: string[];
}

export interface Heading extends Label {
  page: number;
  text: string;
  anchor: string;
  flags: number;
}

export interface Section {
  page: number;
  anchor: string;
  title: string;
  text: string;
  tf: Map<string, number>;
  length: number;
  troubleshooting: boolean;
}

export interface Alternative {
  stems: string[];
  weight: number;
  /** Stem of the action this alternative asks for, when it is a verb such as "add" or "deleting". */
  action?: string;
}

export interface Concept {
  /** The reader's word(s) this concept stands for. */
  surface: string;
  alternatives: Alternative[];
  /** Informativeness (inverse document frequency); 0 when nothing on the site matches it. */
  weight: number;
}

export interface Intent {
  /** "how do I …", or an action word such as add, delete, restart. */
  task: boolean;
  /** "what is …", "how does … work", "explain …". */
  concept: boolean;
  /** A problem: a pasted error (a code, an HTTP status, "failed", "denied", a long message) or a "why …" question. */
  error: boolean;
  /** Asks for the API reference: an HTTP method with a path, a path, an operation ID, "endpoint". */
  api: boolean;
  /** Asks what changed: "changelog", "release notes", "deprecated", "breaking change", "new in …". */
  news: boolean;
  /** Stems of the actions the query asks for (with their synonyms). */
  actions: Set<string>;
  /**
   * The reader's own word is one of the site's actions ("delete"), rather than a word
   * whose synonym is ("renew" → rotate, "open" → view): only then does another action
   * count fully against a task page.
   */
  actionOwnWord: boolean;
}

export interface ParsedQuery {
  concepts: Concept[];
  intent: Intent;
}

export type Target = {kind: 'title'} | {kind: 'heading'; heading: number} | {kind: 'text'; section: number};

export interface Hit {
  page: number;
  score: number;
  target: Target;
  /** Stems that matched on this page, for highlighting. */
  matched: Set<string>;
  /** Share of the query's meaning found on the page (1: every word). */
  coverage: number;
  why?: string;
}

export interface SearchOptions {
  limit?: number;
  /** Only pages in this search context ("docs/servers"). */
  context?: string;
  /** The reader is still typing the last word (no space after it). */
  typing?: boolean;
  /** Adds `why` to each hit: the figures behind its score (for tuning). */
  explain?: boolean;
}

export interface SearchOutcome {
  hits: Hit[];
  query: ParsedQuery;
  /** True when no page holds every meaningful word, so the hits match only some of them. */
  partial: boolean;
}
