/**
 * Every number that decides how the engine ranks: how much each kind of
 * match counts, how a page's score is made up, the intent multipliers and
 * which results are cut off. src/plugins/search/README.md explains each of them.
 */

/** How much a match through each kind of alternative counts (the reader's own word is 1). */
export const MATCH = {
  synonym: 0.8,
  /** The docs term of a reader phrase of several words. */
  phrase: 1,
  /** A synonym of a word that was itself a correction or a synonym. */
  indirect: 0.8,
  joined: 0.9,
  split: 0.85,
  typo1: 0.8,
  typo2: 0.65,
  /** The last word while the reader is still typing it. */
  typing: 0.85,
  /** An unknown word read as the start of a longer one ("config", "auth"). */
  abbreviation: 0.7,
  /** The weight (inverse document frequency) of a query word found only in body text, at most. */
  bodyOnlyWeight: 2,
} as const;

/** Weight of each kind of evidence in a page's score (they add up to 1). */
export const SCORE = {
  /** The best single label (title, keyword phrase or heading) against the query. */
  bestLabel: 0.5,
  /** How much of the query the page's labels explain together. */
  labels: 0.3,
  /** How much of the query the page contains anywhere, body text included. */
  anywhere: 0.2,
  /** Then the score is multiplied by the share of the query's meaning the page holds, to this power. */
  coveragePower: 1,
} as const;

/** Labels other than the title count a little less: the title is what the page is about. */
export const LABEL = {title: 1, keyword: 0.9, heading: 0.75, description: 0.6, body: 0.5, descriptionAlone: 0.5} as const;

/** Multipliers for the reader's intent (see README). */
export const INTENT = {
  overviewForConcept: 1.3,
  overviewForNeutral: 1.05,
  overviewForTask: 0.85,
  taskSameAction: 1.1,
  taskOtherAction: 0.7,
  taskForConcept: 0.9,
  referenceForApi: 1.2,
  referenceOtherwise: 0.6,
  /** A changelog entry answers "what changed"; for anything else the guide it links is the answer. */
  newsForNews: 1,
  newsOtherwise: 0.6,
  troubleshootingForError: 1.3,
} as const;

/** Credit for a query word answered by a label word that already answers another query word. */
export const SHARED_WORD = 0.5;

/** Which results are shown at all (see README). */
export const CUTOFF = {
  /** A page scoring less than this share of the best page's score is left out. */
  shareOfTop: 0.2,
  /** A page missing more of the query's meaning than the best page, by this share, is left out. */
  coverageSlack: 0.5,
};
