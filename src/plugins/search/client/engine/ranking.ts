/**
 * Ranks the pages for a query read by ./query.ts: each candidate page's
 * score from its labels, its body text and the reader's intent, where each
 * result points (the page, a heading or a section of its text), and which
 * results are cut off. src/plugins/search/README.md explains the rules; their
 * numbers are in ./weights.ts.
 */
import {HeadingFlag, PageKind} from './model';
import type {SiteIndex} from './siteIndex';
import type {Concept, Hit, Intent, Label, Page, ParsedQuery, SearchOptions, SearchOutcome, Target} from './types';
import {CUTOFF, INTENT, LABEL, SCORE, SHARED_WORD} from './weights';

const containsAll = (set: {has(s: string): boolean}, stems: string[]) => stems.every((s) => set.has(s));

/** The pages that answer a query best, best first, and whether they answer only part of it. */
export function rank(site: SiteIndex, parsed: ParsedQuery, options: SearchOptions): SearchOutcome {
  const concepts = parsed.concepts.filter((c) => c.weight > 0);
  const total = concepts.reduce((sum, c) => sum + c.weight, 0);
  if (concepts.length === 0 || total === 0) return {hits: [], query: parsed, partial: false};

  const candidates = new Set<number>();
  const sectionsHit = new Set<number>();
  const queryStems = [...new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.stems)))];
  for (const s of queryStems) {
    for (const p of site.labelPages.get(s) ?? []) candidates.add(p);
    for (const id of site.bodySections.get(s) ?? []) {
      sectionsHit.add(id);
      candidates.add(site.sections[id]!.page);
    }
  }

  const averageLength = site.averageSectionLength;
  const hits: Hit[] = [];
  for (const index of candidates) {
    const page = site.pages[index]!;
    if (options.context && page.context !== options.context) continue;
    const hit = score(site, page, concepts, total, parsed.intent, averageLength, queryStems, sectionsHit, options.explain);
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

/** One page's score for a query and where its result points; undefined when the page holds none of the query. */
function score(
  site: SiteIndex,
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
    const h = site.headings[id]!;
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
    const section = site.sections[id]!;
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
  score *= intentFactor(page, intent, bySpecificLabel, aboutObject);

  let target: Target = {kind: 'title'};
  if (bestHeading >= 0 && byHeading) {
    target = {kind: 'heading', heading: bestHeading};
  } else if (bestSection >= 0 && bestLabel < 0.3 && site.sections[bestSection]!.anchor) {
    target = {kind: 'text', section: bestSection};
  }
  const hit: Hit = {page: page.index, score, target, matched, coverage};
  if (explain) {
    hit.why = `title=${title.label.toFixed(2)} kw=${keyword.toFixed(2)} head=${heading.toFixed(2)} labels=${labels.toFixed(2)} any=${anywhere.toFixed(2)} intent=${intentFactor(page, intent, bySpecificLabel, aboutObject).toFixed(2)}`;
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
function intentFactor(page: Page, intent: Intent, bySpecificLabel: boolean, aboutObject: boolean): number {
  switch (page.kind) {
    case PageKind.Home:
    case PageKind.Overview:
      if (intent.concept) return INTENT.overviewForConcept;
      if (intent.task) return bySpecificLabel ? 1 : INTENT.overviewForTask;
      return INTENT.overviewForNeutral;
    case PageKind.Reference:
      return intent.api ? INTENT.referenceForApi : INTENT.referenceOtherwise;
    case PageKind.News:
      return intent.news ? INTENT.newsForNews : INTENT.newsOtherwise;
    default: {
      let factor = intent.concept ? INTENT.taskForConcept : 1;
      // "DELETE /servers" names an HTTP method, not a task to do in the web app.
      // An action read only through a synonym ("renew" → rotate, "open" → view) is a guess: it
      // can raise the page that does it, but never lowers the pages that do something else.
      if (intent.actions.size > 0 && page.action && !intent.api) {
        if (![...intent.actions].some((a) => page.actions.has(a))) factor *= intent.actionOwnWord ? INTENT.taskOtherAction : 1;
        else if (aboutObject) factor *= INTENT.taskSameAction;
      }
      return factor;
    }
  }
}
