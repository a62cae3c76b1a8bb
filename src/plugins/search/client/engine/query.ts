/**
 * Reads a query: its words, each with what else it may mean (synonyms of
 * the site's docs terms, typo corrections, completions of a word still being
 * typed, words written apart or together), how much each word counts, and
 * the reader's intent (./intent.ts). Pages are ranked on this in ./ranking.ts.
 */
import {isStopWord, stem, words as wordsOf} from './text';
import {readIntent} from './intent';
import type {SiteIndex} from './siteIndex';
import type {Concept, ParsedQuery} from './types';
import {MATCH} from './weights';

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

/** Reads a query: its concepts (each word with its synonyms and corrections) and its intent. */
export function parseQuery(site: SiteIndex, query: string, typing = false): ParsedQuery {
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
    const concept: Concept = {surface: word, alternatives: [{stems: [rawStems[i]!], weight: 1, action: site.actionOf(word)}], weight: 0};
    byWord[i] = concept;
    concepts.push(concept);
  }

  // Synonyms: every reader phrase found in the query gives its docs terms
  // to each of its meaningful words ("add colleague" → invite, and
  // "colleague" → member; "turn off" → stop, through "turn").
  for (let i = 0; i < raw.length; i += 1) {
    for (let n = Math.min(site.longestSynonym, raw.length - i); n >= 1; n -= 1) {
      const targets = site.synonyms.get(rawStems.slice(i, i + n).join(' '));
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
    const known = site.known(own) || site.synonyms.has(own);
    const add = (stems: string[], weight: number, action?: string) => {
      if (!concept.alternatives.some((a) => a.stems.join(' ') === stems.join(' '))) {
        concept.alternatives.push({stems, weight, action});
        // A correction's own synonyms ("dropplet" → droplet → server).
        if (stems.length === 1) {
          for (const target of site.synonyms.get(stems[0]!) ?? []) {
            if (!concept.alternatives.some((a) => a.stems.join(' ') === target.stems.join(' '))) {
              concept.alternatives.push({stems: target.stems, weight: weight * MATCH.indirect, action: target.action});
            }
          }
        }
      }
    };
    if (typing && i === lastWord && word.length >= 2) {
      for (const s of completions(site, word, own)) add([s], known ? MATCH.typing * 0.75 : MATCH.typing);
    }
    if (known) continue;
    if (!/^\d+$/.test(word) && word.length >= 4) {
      for (const [surface, distance] of corrections(site, word)) {
        add([stem(surface)], distance === 1 ? MATCH.typo1 : MATCH.typo2, site.actionOf(surface));
      }
    }
    if (word.length >= 3 && !(typing && i === lastWord)) {
      for (const s of completions(site, word, own)) add([s], MATCH.abbreviation);
    }
    if (word.length >= 5) {
      for (let cut = 2; cut <= word.length - 2; cut += 1) {
        const left = stem(word.slice(0, cut));
        const right = stem(word.slice(cut));
        if (site.labelPages.has(left) && site.labelPages.has(right) && !isStopWord(word.slice(0, cut)) && !isStopWord(word.slice(cut))) {
          add([left, right], MATCH.split);
        }
      }
    }
  }
  for (let i = 0; i + 1 < raw.length; i += 1) {
    const joined = stem(raw[i]! + raw[i + 1]!);
    if (site.labelPages.has(joined)) {
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
    const ownKnown = own.weight === 1 && own.stems.every((s) => site.known(s));
    if (ownKnown) {
      concept.weight = weightOf(site, own.stems);
    } else {
      let best = 0;
      for (const a of concept.alternatives) {
        if (a.stems.every((s) => site.known(s))) best = Math.max(best, a.weight * weightOf(site, a.stems));
      }
      concept.weight = best;
    }
  }

  return {concepts, intent: readIntent(query, raw, spaced, concepts)};
}

/**
 * How much a word counts in a query: its rarity among page labels. A word
 * found only in body text counts as a fairly common one, since it can say
 * little about what a page is about ("systemd" in a query about workers).
 */
function weightOf(site: SiteIndex, stems: string[]): number {
  return Math.max(...stems.map((s) => (site.labelPages.has(s) ? site.idf(s) : Math.min(site.idf(s), MATCH.bodyOnlyWeight))));
}

/** Known words within one edit (from 4 letters) or two (from 8 letters) of a word, best first, one per stem. */
function corrections(site: SiteIndex, word: string): Array<[string, number]> {
  const max = word.length >= 8 ? 2 : 1;
  const found = new Map<string, {surface: string; distance: number; count: number}>();
  for (const [candidate, {stem: s, count, label: inLabel}] of site.vocabulary) {
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
function completions(site: SiteIndex, word: string, own: string): string[] {
  const found = new Map<string, number>();
  for (const [candidate, {stem: s, count, label: inLabel}] of site.vocabulary) {
    if (candidate.length <= word.length || !candidate.startsWith(word) || s === own) continue;
    found.set(s, (found.get(s) ?? 0) + count * (inLabel ? 4 : 1));
  }
  return [...found.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([s]) => s);
}
