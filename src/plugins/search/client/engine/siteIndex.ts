/**
 * What the engine knows about the site, built from the index files: every
 * page with its labels (title, keywords, description, headings), which
 * pages and sections hold each stem, the vocabulary that corrections and
 * completions draw on, the compiled synonyms, the site's action verbs, the
 * body text as it arrives, and how informative a stem is (its idf).
 * The engine reads queries and ranks pages against it.
 */
import {isStopWord, stem, words as wordsOf} from './text';
import {HeadingFlag, PageKind, anchorOf, type PagesFile, type SectionRow} from './model';
import type {Heading, Label, Page, Section} from './types';

/** A label's stems; `words` also receives its words (for the vocabulary), so each text is read once. */
function label(text: string, words?: string[]): Label {
  const set = new Set<string>();
  const content = new Set<string>();
  for (const {word} of wordsOf(text)) {
    const s = stem(word);
    set.add(s);
    if (!isStopWord(word) && (word.length > 1 || /\d/.test(word))) content.add(s);
    words?.push(word);
  }
  return {set, content: [...content]};
}

/**
 * Title verbs that ask for information rather than change anything ("Get a
 * server's status", "Find …", "Check …"): the object decides those pages, and
 * "get" in a query is seldom the task ("get notified").
 */
const QUESTION_VERBS = new Set(['get', 'find', 'check']);
const VERB_SUFFIXES = new Set(['s', 'es', 'd', 'ed', 'ing', 'al', 'ion']);
const DOUBLED_SUFFIXES = new Set(['ed', 'ing']);

/**
 * The pages, their labels and body text, and the lookups built from them.
 * Only this class writes the lookups; the query and ranking code reads them.
 */
export class SiteIndex {
  readonly pages: Page[];
  readonly headings: Heading[];
  readonly sections: Section[] = [];
  private readonly contexts: string[];
  /** Stem → pages whose title, keywords, description or headings hold it. */
  readonly labelPages = new Map<string, Set<number>>();
  /** Stem → sections whose body text holds it. */
  readonly bodySections = new Map<string, number[]>();
  /** Folded word → its stem and how often it occurs; `label`: it occurs in a label. */
  readonly vocabulary = new Map<string, {stem: string; count: number; label: boolean}>();
  /** Reader phrase (stems joined by spaces) → docs terms, and the longest phrase in words. */
  readonly synonyms = new Map<string, Array<{stems: string[]; action?: string}>>();
  readonly longestSynonym: number;
  /** The first word of task page titles (the site's action verbs), with its stem. */
  private readonly actionWords = new Map<string, string>();
  private readonly actionStems = new Set<string>();
  private readonly actionCache = new Map<string, string | undefined>();
  private readonly loadedContexts = new Set<string>();
  private totalSectionLength = 0;

  constructor(file: PagesFile) {
    this.contexts = file.contexts;
    /** Every word of every label, for the vocabulary of corrections and completions. */
    const labelWords: string[] = [];
    this.pages = file.pages.map(([url, title, breadcrumbs, description, keywords, kind, context], index) => {
      const page: Page = {
        index,
        url,
        title,
        breadcrumbs,
        description,
        keywords,
        kind,
        context: context >= 0 ? (file.contexts[context] ?? '') : '',
        title_: label(title, labelWords),
        keywords_: keywords.map((k) => label(k, labelWords)),
        description_: label(description, labelWords),
        headings: [],
        sections: [],
        actions: new Set(),
      };
      if (kind === PageKind.Task) {
        const first = wordsOf(title)[0]?.word;
        if (first && !QUESTION_VERBS.has(first)) {
          page.action = stem(first);
          this.actionStems.add(page.action);
          this.actionWords.set(first, page.action);
        }
      }

      for (const l of [page.title_, page.description_, ...page.keywords_]) this.addLabelPostings(l, index);
      return page;
    });
    // Keyword phrases that start with an action verb name tasks the page answers too.
    for (const page of this.pages) {
      if (page.kind !== PageKind.Task || !page.action) continue;
      page.actions.add(page.action);
      for (const phrase of page.keywords) {
        const first = wordsOf(phrase)[0]?.word;
        const action = first ? this.actionOf(first) : undefined;
        if (action) page.actions.add(action);
      }
    }
    this.headings = file.headings.map(([page, text, flags, anchor = anchorOf(text)], index) => {
      const template = (flags & HeadingFlag.Template) !== 0;
      const heading: Heading = {...label(text, template ? undefined : labelWords), page, text, anchor, flags};
      this.pages[page]?.headings.push(index);
      if (!(flags & HeadingFlag.Template)) {
        this.addLabelPostings(heading, page);
      }
      return heading;
    });
    let longest = 1;
    for (const [from, to] of file.synonyms) {
      this.synonyms.set(
        from.join(' '),
        to.map((phrase) => {
          const terms = phrase.split(' ');
          return {stems: terms.map(stem), action: terms.length === 1 ? this.actionOf(terms[0]!) : undefined};
        }),
      );
      longest = Math.max(longest, from.length);
    }
    this.longestSynonym = longest;
    this.addVocabulary(labelWords, true);
  }

  /**
   * The action stem of a verb form of one of the site's action verbs ("add",
   * "adding", "deleted", "deletion", "stopping"), or undefined. Nouns that
   * share a stem are not actions: "invitation" is not "invite".
   */
  actionOf(word: string): string | undefined {
    if (this.actionCache.has(word)) return this.actionCache.get(word);
    let found = this.actionWords.get(word);
    if (!found) {
      for (const [verb, actionStem] of this.actionWords) {
        const base = verb.endsWith('e') ? verb.slice(0, -1) : verb;
        if (
          (word.startsWith(base) && VERB_SUFFIXES.has(word.slice(base.length))) ||
          (word.startsWith(verb + verb.at(-1)) && DOUBLED_SUFFIXES.has(word.slice(verb.length + 1)))
        ) {
          found = actionStem;
          break;
        }
      }
    }
    this.actionCache.set(word, found);
    return found;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Whether the body text of a context has been added. */
  hasText(context: string): boolean {
    return this.loadedContexts.has(context);
  }

  /** Adds the body text of one context's pages (the second tier). */
  addText(context: string, rows: SectionRow[]): void {
    if (this.loadedContexts.has(context)) return;
    this.addSections(rows);
    this.loadedContexts.add(context);
  }

  /** Marks a context's text as complete after its rows were added in slices with addSections. */
  finishText(context: string): void {
    this.loadedContexts.add(context);
  }

  /** Adds sections of body text; a worker adds a large file in slices so searches can run in between. */
  addSections(rows: SectionRow[]): void {
    for (const [page, anchor, title, text] of rows) {
      const p = this.pages[page];
      if (!p) continue;
      const tf = new Map<string, number>();
      const found = wordsOf(text);
      for (const {word} of found) {
        const s = stem(word);
        tf.set(s, (tf.get(s) ?? 0) + 1);
      }
      this.addVocabulary(
        found.map((w) => w.word),
        false,
      );
      const troubleshooting = p.headings.some((h) => this.headings[h]!.anchor === anchor && this.headings[h]!.flags & HeadingFlag.Troubleshooting);
      const id = this.sections.length;
      this.sections.push({page, anchor, title, text, tf, length: found.length, troubleshooting});
      this.totalSectionLength += found.length;
      p.sections.push(id);
      for (const s of tf.keys()) {
        let list = this.bodySections.get(s);
        if (!list) this.bodySections.set(s, (list = []));
        list.push(id);
      }
    }
  }

  private addVocabulary(words: string[], inLabel: boolean): void {
    for (const word of words) {
      if (word.length < 2 || /^\d+$/.test(word)) continue;
      const entry = this.vocabulary.get(word);
      if (entry) {
        entry.count += 1;
        entry.label ||= inLabel;
      } else {
        this.vocabulary.set(word, {stem: stem(word), count: 1, label: inLabel});
      }
    }
  }

  private addLabelPostings(l: Label, page: number): void {
    for (const s of l.set) {
      let pages = this.labelPages.get(s);
      if (!pages) this.labelPages.set(s, (pages = new Set()));
      pages.add(page);
    }
  }

  known(s: string): boolean {
    return this.labelPages.has(s) || this.bodySections.has(s);
  }

  /**
   * Inverse document frequency over the pages' labels (title, description,
   * keywords, headings): how well a word tells pages apart by what they are
   * about. Body text doesn't count, so the value is the same before and after
   * the body text arrives (a word in every body, such as "environment", still
   * names what a few pages are about).
   */
  idf(s: string): number {
    const n = this.pages.length;
    const df = this.labelPages.get(s)?.size ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The average length in words of a section of body text (1 before any text arrives): BM25 weighs each section's length against it. */
  get averageSectionLength(): number {
    return this.sections.length ? this.totalSectionLength / this.sections.length : 1;
  }

  /** The search contexts, as the index file lists them. */
  get contextList(): readonly string[] {
    return this.contexts;
  }

  /**
   * Each search context's label: the title of its section's overview page
   * (`<baseUrl><context>/`), which is how the build labels the contexts
   * (../../contexts.ts). The search box's "See all results within …" reads
   * these, so no list of labels ships with every page.
   */
  contextLabels(baseUrl: string): Record<string, string> {
    const titles = new Map(this.pages.map((page) => [page.url, page.title]));
    return Object.fromEntries(
      this.contexts.flatMap((context) => {
        const title = titles.get(`${baseUrl}${context}/`);
        return title ? [[context, title]] : [];
      }),
    );
  }
}
