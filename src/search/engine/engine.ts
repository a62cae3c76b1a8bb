/**
 * The search engine of the site: what a query means and which pages answer
 * it best. It runs in the search worker (src/search/worker.ts) and, for
 * `npm run search:eval`, in Node on the same index files. How it ranks is
 * written down in src/search/README.md; its numbers are in ./weights.ts.
 */
import {isStopWord, stem, words as wordsOf} from './text';
import {HeadingFlag, PageKind} from './model';
import {SiteIndex} from './siteIndex';
import {CUTOFF, INTENT, LABEL, MATCH, SCORE, SHARED_WORD} from './weights';
import type {Concept, Hit, Intent, Label, Page, ParsedQuery, SearchOptions, SearchOutcome, Target} from './types';

export type {Alternative, Concept, Hit, Intent, ParsedQuery, SearchOptions, SearchOutcome, Target} from './types';
export {CUTOFF, INTENT, LABEL, MATCH, SCORE} from './weights';

// ---------------------------------------------------------------- helpers
const containsAll = (set: {has(s: string): boolean}, stems: string[]) => stems.every((s) => set.has(s));

/** Optimal string alignment distance (a swap of two letters is one edit), or max + 1 when over max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  // Three rolling rows: two back (for swaps), previous and current.
  let back = new Array<number>(n + 1).fill(0);
  let previous = Array.from({length: n + 1}, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= n; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, back[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [back, previous, current] = [previous, current, back];
  }
  return previous[n]!;
}

/** Words a query may start with that ask what something is, rather than how to do it. */
const CONCEPT_QUESTION =
  /^ (what (is|are|s|does|do)|whats|define|definition of|explain|meaning of|overview of|about|intro to|introduction to|difference between|how (does|do|is|are) [a-z0-9 ]+ work|how (is|are) [a-z0-9 ]+ (billed|counted|charged|calculated)|when (do|does|is|are) [a-z0-9 ]+ (reset|expire|renew)) /;
const TASK_QUESTION =
  /^ (how (do|can|should|would|could) (i|we|you)|how to|can (i|we|you)|i (want|need|would like) to|i d like to|steps to|way to|where (do|can) (i|we)|help me) /;
const ERROR_WORDS = new Set(
  'error errors failed fail fails failing failure denied refused timeout timed unable invalid cannot cant couldn couldnt unreachable stuck broken wrong missing rejected forbidden unauthorized exceeded expired conflict exception warning'.split(
    ' ',
  ),
);
/** Words that ask for the API reference rather than a guide ("api" alone doesn't: "api key" is about tokens). */
const API_WORDS = new Set(['endpoint', 'endpoints', 'openapi', 'swagger', 'schema', 'operation', 'operationid']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

// ------------------------------------------------------------------ engine
/** The index of one site (./siteIndex.ts), and the searches on it. */
export class SearchEngine extends SiteIndex {
  // ------------------------------------------------------------- queries
  /** Reads a query: its concepts (each word with its synonyms and corrections) and its intent. */
  parse(query: string, typing = false): ParsedQuery {
    const raw = wordsOf(query.slice(0, 300))
      .map((w) => w.word)
      .slice(0, 24);
    const rawStems = raw.map(stem);
    const spaced = ` ${raw.join(' ')} `;
    const concepts: Concept[] = [];
    /** Concepts by the index of the word they came from. */
    const byWord: Array<Concept | undefined> = [];

    for (let i = 0; i < raw.length; i += 1) {
      const word = raw[i]!;
      if (isStopWord(word) || (word.length < 2 && !/\d/.test(word))) continue;
      const concept: Concept = {surface: word, alternatives: [{stems: [rawStems[i]!], weight: 1, action: this.actionOf(word)}], weight: 0};
      byWord[i] = concept;
      concepts.push(concept);
    }

    // Synonyms: every reader phrase found in the query gives its docs terms
    // to each of its meaningful words ("add colleague" → invite, and
    // "colleague" → member; "turn off" → stop, through "turn").
    for (let i = 0; i < raw.length; i += 1) {
      for (let n = Math.min(this.longestSynonym, raw.length - i); n >= 1; n -= 1) {
        const targets = this.synonyms.get(rawStems.slice(i, i + n).join(' '));
        if (!targets) continue;
        const inSpan = byWord.slice(i, i + n).filter((c): c is Concept => !!c);
        // A phrase ("own vps") says more than one of its words ("vps"): its terms count fully.
        const weight = n > 1 ? MATCH.phrase : MATCH.synonym;
        const alternatives = targets.map(({stems, action}) => ({stems, weight, action}));
        for (const concept of inSpan) {
          for (const a of alternatives) {
            if (!concept.alternatives.some((b) => b.stems.join(' ') === a.stems.join(' '))) concept.alternatives.push(a);
          }
        }
      }
    }

    // Corrections for words the site doesn't know: typos, the start of a word
    // being typed or abbreviated, words written apart or together.
    const lastWord = raw.length - 1;
    for (let i = 0; i < raw.length; i += 1) {
      const concept = byWord[i];
      if (!concept) continue;
      const word = raw[i]!;
      const own = rawStems[i]!;
      // A word the site or the synonyms know is not a typo ("vhost" is not "host").
      const known = this.known(own) || this.synonyms.has(own);
      const add = (stems: string[], weight: number, action?: string) => {
        if (!concept.alternatives.some((a) => a.stems.join(' ') === stems.join(' '))) {
          concept.alternatives.push({stems, weight, action});
          // A correction's own synonyms ("dropplet" → droplet → server).
          if (stems.length === 1) {
            for (const target of this.synonyms.get(stems[0]!) ?? []) {
              if (!concept.alternatives.some((a) => a.stems.join(' ') === target.stems.join(' '))) {
                concept.alternatives.push({stems: target.stems, weight: weight * MATCH.indirect, action: target.action});
              }
            }
          }
        }
      };
      if (typing && i === lastWord && word.length >= 2) {
        for (const s of this.completions(word, own)) add([s], known ? MATCH.typing * 0.75 : MATCH.typing);
      }
      if (known) continue;
      if (!/^\d+$/.test(word) && word.length >= 4) {
        for (const [surface, distance] of this.corrections(word)) {
          add([stem(surface)], distance === 1 ? MATCH.typo1 : MATCH.typo2, this.actionOf(surface));
        }
      }
      if (word.length >= 3 && !(typing && i === lastWord)) {
        for (const s of this.completions(word, own)) add([s], MATCH.abbreviation);
      }
      if (word.length >= 5) {
        for (let cut = 2; cut <= word.length - 2; cut += 1) {
          const left = stem(word.slice(0, cut));
          const right = stem(word.slice(cut));
          if (this.labelPages.has(left) && this.labelPages.has(right) && !isStopWord(word.slice(0, cut)) && !isStopWord(word.slice(cut))) {
            add([left, right], MATCH.split);
          }
        }
      }
    }
    for (let i = 0; i + 1 < raw.length; i += 1) {
      const joined = stem(raw[i]! + raw[i + 1]!);
      if (this.labelPages.has(joined)) {
        for (const concept of [byWord[i], byWord[i + 1]]) {
          if (concept && !concept.alternatives.some((a) => a.stems.length === 1 && a.stems[0] === joined)) {
            concept.alternatives.push({stems: [joined], weight: MATCH.joined});
          }
        }
      }
    }

    // How informative each concept is: its own word's, or its best alternative's when the word is unknown.
    for (const concept of concepts) {
      const own = concept.alternatives[0]!;
      const ownKnown = own.weight === 1 && own.stems.every((s) => this.known(s));
      if (ownKnown) {
        concept.weight = this.weightOf(own.stems);
      } else {
        let best = 0;
        for (const a of concept.alternatives) {
          if (a.stems.every((s) => this.known(s))) best = Math.max(best, a.weight * this.weightOf(a.stems));
        }
        concept.weight = best;
      }
    }

    // The first action word is the task ("remove the step from the deploy
    // pipeline" asks to remove, not to deploy); a "why" question reports a
    // problem rather than asking for a task.
    const whyQuestion = /^ why /.test(spaced);
    const actions = new Set<string>();
    const verb = whyQuestion ? undefined : concepts.find((c) => c.alternatives.some((a) => a.action));
    for (const a of verb?.alternatives ?? []) if (a.action) actions.add(a.action);
    const conceptQuestion = CONCEPT_QUESTION.test(spaced);
    const taskQuestion = TASK_QUESTION.test(spaced);
    const meaningful = concepts.filter((c) => c.weight > 0).length;
    const intent: Intent = {
      concept: conceptQuestion && !taskQuestion,
      task: !whyQuestion && (taskQuestion || (actions.size > 0 && !conceptQuestion)),
      error:
        whyQuestion ||
        /[a-z0-9]_[a-z0-9]/i.test(query) ||
        / [45]\d\d /.test(spaced) ||
        raw.some((w) => ERROR_WORDS.has(w)) ||
        /[`"“”]|(^|\s)'[^']+'(\s|$)/.test(query) ||
        meaningful >= 6,
      api:
        raw.some((w) => API_WORDS.has(w)) ||
        / api (reference|spec|docs) /.test(spaced) ||
        / (request|response) (body|schema|fields?|format) /.test(spaced) ||
        // "POST /servers", "/servers/{id}/start", "createServer"
        (raw.some((w) => HTTP_METHODS.has(w)) && /\//.test(query)) ||
        /(^|\s)\/[a-z]/i.test(query) ||
        /\b[a-z]+[A-Z][a-zA-Z]+\b/.test(query),
      actions,
    };
    return {concepts, intent};
  }

  /**
   * How much a word counts in a query: its rarity among page labels. A word
   * found only in body text counts as a fairly common one, since it can say
   * little about what a page is about ("systemd" in a query about workers).
   */
  private weightOf(stems: string[]): number {
    return Math.max(...stems.map((s) => (this.labelPages.has(s) ? this.idf(s) : Math.min(this.idf(s), MATCH.bodyOnlyWeight))));
  }

  /** Known words within one edit (from 4 letters) or two (from 8 letters) of a word, best first, one per stem. */
  private corrections(word: string): Array<[string, number]> {
    const max = word.length >= 8 ? 2 : 1;
    const found = new Map<string, {surface: string; distance: number; count: number}>();
    for (const [candidate, {stem: s, count, label: inLabel}] of this.vocabulary) {
      if (Math.abs(candidate.length - word.length) > max || candidate.length < 3) continue;
      const distance = editDistance(word, candidate, max);
      if (distance > max) continue;
      const score = count * (inLabel ? 4 : 1);
      const previous = found.get(s);
      if (!previous || distance < previous.distance || (distance === previous.distance && score > previous.count)) {
        found.set(s, {surface: candidate, distance, count: score});
      }
    }
    return [...found.values()]
      .sort((a, b) => a.distance - b.distance || b.count - a.count)
      .slice(0, 3)
      .map(({surface, distance}) => [surface, distance]);
  }

  /** Stems of known words that start with a word, most frequent first. */
  private completions(word: string, own: string): string[] {
    const found = new Map<string, number>();
    for (const [candidate, {stem: s, count, label: inLabel}] of this.vocabulary) {
      if (candidate.length <= word.length || !candidate.startsWith(word) || s === own) continue;
      found.set(s, (found.get(s) ?? 0) + count * (inLabel ? 4 : 1));
    }
    return [...found.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([s]) => s);
  }

  // ------------------------------------------------------------- ranking
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    const parsed = this.parse(query, options.typing ?? false);
    const concepts = parsed.concepts.filter((c) => c.weight > 0);
    const total = concepts.reduce((sum, c) => sum + c.weight, 0);
    if (concepts.length === 0 || total === 0) return {hits: [], query: parsed, partial: false};

    const candidates = new Set<number>();
    const sectionsHit = new Set<number>();
    const queryStems = [...new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.stems)))];
    for (const s of queryStems) {
      for (const p of this.labelPages.get(s) ?? []) candidates.add(p);
      for (const id of this.bodySections.get(s) ?? []) {
        sectionsHit.add(id);
        candidates.add(this.sections[id]!.page);
      }
    }

    const averageLength = this.averageSectionLength;
    const hits: Hit[] = [];
    for (const index of candidates) {
      const page = this.pages[index]!;
      if (options.context && page.context !== options.context) continue;
      const hit = this.score(page, concepts, total, parsed.intent, averageLength, queryStems, sectionsHit, options.explain);
      if (hit) hits.push(hit);
    }
    hits.sort((a, b) => b.score - a.score || a.page - b.page);
    // Partial: a meaningful word matched nothing, or no page holds every word.
    const dropped = parsed.concepts.length > concepts.length;
    const partial = hits.length > 0 && (dropped || hits.every((h) => h.coverage < 0.999));
    // The tail: pages far below the best, or that miss much more of the query than the best page does.
    const top = hits[0]?.score ?? 0;
    const bestCoverage = Math.max(0, ...hits.map((h) => h.coverage));
    const kept = hits.filter((h) => h.score >= CUTOFF.shareOfTop * top && h.coverage >= bestCoverage - CUTOFF.coverageSlack);
    return {hits: kept.slice(0, options.limit ?? 50), query: parsed, partial};
  }

  private score(
    page: Page,
    concepts: Concept[],
    total: number,
    intent: Intent,
    averageLength: number,
    queryStems: string[],
    sectionsHit: Set<number>,
    explain = false,
  ): Hit | undefined {
    const matched = new Set<string>();

    /** How well one label answers the query: share of the query it explains × share of the label the query asks for. */
    /**
     * How well one label answers the query: share of the query it explains ×
     * share of the label the query asks for. Each word of the label answers
     * one word of the query: in "ec2 instance", "Servers" answers only one of
     * the two, "Add a server on AWS" answers both (ec2 → AWS, instance → server).
     * A task page's action verb doesn't count against it when the query names
     * no action ("existing vps" asks for "Add an existing server").
     */
    const fit = (l: Label, perConcept?: number[], verb?: string) => {
      // Most labels share no word with the query: nothing to compute.
      if (!queryStems.some((s) => l.set.has(s))) return {query: 0, label: 0};
      const options = concepts.map((concept, ci) => ({
        ci,
        matches: concept.alternatives.filter((a) => containsAll(l.set, a.stems)).sort((a, b) => b.weight - a.weight),
      }));
      // The most constrained concept chooses first.
      options.sort((a, b) => a.matches.length - b.matches.length || concepts[b.ci]!.weight - concepts[a.ci]!.weight);
      let explained = 0;
      const covered = new Set<string>();
      for (const {ci, matches} of options) {
        if (matches.length === 0) continue;
        const fresh = matches.find((a) => a.stems.some((s) => !covered.has(s)));
        const chosen = fresh ?? matches[0]!;
        const credit = fresh ? chosen.weight : chosen.weight * SHARED_WORD;
        for (const s of chosen.stems) {
          covered.add(s);
          matched.add(s);
        }
        explained += concepts[ci]!.weight * credit;
        if (perConcept) perConcept[ci] = Math.max(perConcept[ci] ?? 0, credit);
      }
      const query = explained / total;
      const content = verb && intent.actions.size === 0 ? l.content.filter((s) => s !== verb) : l.content;
      const own = content.length ? content.filter((s) => covered.has(s)).length / content.length : 0;
      return {query, label: query * (0.5 + 0.5 * own)};
    };

    const inTitle: number[] = [];
    const inKeywords: number[] = [];
    const inHeadings: number[] = [];
    const inDescription: number[] = [];
    const inBody: number[] = [];

    const title = fit(page.title_, inTitle, page.kind === PageKind.Task ? page.action : undefined);
    let keyword = 0;
    for (const k of page.keywords_) keyword = Math.max(keyword, fit(k, inKeywords).label);
    const description = fit(page.description_, inDescription).query;
    let heading = 0;
    let bestHeading = -1;
    for (const id of page.headings) {
      const h = this.headings[id]!;
      if (h.flags & HeadingFlag.Template) continue;
      let value = fit(h, inHeadings).label;
      if (intent.error && h.flags & HeadingFlag.Troubleshooting) value *= INTENT.troubleshootingForError;
      if (value > heading) {
        heading = value;
        bestHeading = id;
      }
    }

    // Body text: the best section for each concept (BM25-style saturation), and the best section overall.
    let bestSection = -1;
    let bestSectionScore = 0;
    for (const id of page.sections) {
      if (!sectionsHit.has(id)) continue;
      const section = this.sections[id]!;
      const norm = 1.2 * (0.5 + (0.5 * section.length) / averageLength);
      let sectionScore = 0;
      concepts.forEach((concept, ci) => {
        let best = 0;
        for (const a of concept.alternatives) {
          let tf = Infinity;
          for (const s of a.stems) tf = Math.min(tf, section.tf.get(s) ?? 0);
          if (tf > 0) {
            const value = a.weight * ((tf * 2.2) / (tf + norm) / 2.2);
            if (value > best) {
              best = value;
              for (const s of a.stems) matched.add(s);
            }
          }
        }
        inBody[ci] = Math.max(inBody[ci] ?? 0, best);
        sectionScore += concept.weight * best;
      });
      if (intent.error && section.troubleshooting) sectionScore *= INTENT.troubleshootingForError;
      if (sectionScore > bestSectionScore) {
        bestSectionScore = sectionScore;
        bestSection = id;
      }
    }

    let labels = 0;
    let anywhere = 0;
    let coverage = 0;
    concepts.forEach((concept, ci) => {
      const t = inTitle[ci] ?? 0;
      const k = inKeywords[ci] ?? 0;
      const h = inHeadings[ci] ?? 0;
      const d = inDescription[ci] ?? 0;
      const b = inBody[ci] ?? 0;
      labels += concept.weight * Math.max(t * LABEL.title, k * LABEL.keyword, h * LABEL.heading, d * LABEL.description);
      anywhere += concept.weight * Math.max(t, k, h, d, b > 0 ? Math.max(b, LABEL.body) : 0);
      if (Math.max(t, k, h, d, b) > 0) coverage += concept.weight;
    });
    labels /= total;
    anywhere /= total;
    coverage /= total;
    if (coverage === 0) return undefined;

    const bestLabel = Math.max(title.label * LABEL.title, keyword * LABEL.keyword, heading * LABEL.heading, description * LABEL.descriptionAlone);
    const byHeading = heading * LABEL.heading > Math.max(title.label * LABEL.title, keyword * LABEL.keyword);
    // Did a keyword phrase or a heading answer the query better than the title? (An overview's
    // title is a bare noun; its keywords and headings name the tasks it explains.)
    const bySpecificLabel = Math.max(heading * LABEL.heading, keyword * LABEL.keyword) > title.label * LABEL.title;
    // Does the title (or a keyword) name something the query asks about besides the action?
    const aboutObject = concepts.some((c, ci) => Math.max(inTitle[ci] ?? 0, inKeywords[ci] ?? 0) > 0 && !c.alternatives[0]!.action);
    let score = (SCORE.bestLabel * bestLabel + SCORE.labels * labels + SCORE.anywhere * anywhere) * coverage ** SCORE.coveragePower;
    score *= this.intentFactor(page, intent, bySpecificLabel, aboutObject);

    let target: Target = {kind: 'title'};
    if (bestHeading >= 0 && byHeading) {
      target = {kind: 'heading', heading: bestHeading};
    } else if (bestSection >= 0 && bestLabel < 0.3 && this.sections[bestSection]!.anchor) {
      target = {kind: 'text', section: bestSection};
    }
    const hit: Hit = {page: page.index, score, target, matched, coverage};
    if (explain) {
      hit.why = `title=${title.label.toFixed(2)} kw=${keyword.toFixed(2)} head=${heading.toFixed(2)} labels=${labels.toFixed(2)} any=${anywhere.toFixed(2)} intent=${this.intentFactor(page, intent, bySpecificLabel, aboutObject).toFixed(2)}`;
    }
    return hit;
  }

  /**
   * The reader's intent against the kind of page. An overview loses to task
   * pages on a task question unless one of its keywords or headings answers
   * it better than its title; a task
   * page whose title does the asked action to the asked thing wins over its
   * siblings, and one that does another action loses.
   */
  private intentFactor(page: Page, intent: Intent, bySpecificLabel: boolean, aboutObject: boolean): number {
    switch (page.kind) {
      case PageKind.Home:
      case PageKind.Overview:
        if (intent.concept) return INTENT.overviewForConcept;
        if (intent.task) return bySpecificLabel ? 1 : INTENT.overviewForTask;
        return INTENT.overviewForNeutral;
      case PageKind.Reference:
        return intent.api ? INTENT.referenceForApi : INTENT.referenceOtherwise;
      default: {
        let factor = intent.concept ? INTENT.taskForConcept : 1;
        // "DELETE /servers" names an HTTP method, not a task to do in the web app.
        if (intent.actions.size > 0 && page.action && !intent.api) {
          if (![...intent.actions].some((a) => page.actions.has(a))) factor *= INTENT.taskOtherAction;
          else if (aboutObject) factor *= INTENT.taskSameAction;
        }
        return factor;
      }
    }
  }
}
