/**
 * Text handling shared by the index builder (at build time) and the search
 * worker (in the browser): the same words, stems and stop words on both
 * sides, so a word in a query meets the same word in a page.
 */
import {stem as porter2} from 'porter2';

/** A word of a text, with where it stands in that text (for highlighting). */
export interface Word {
  /** Lower case, without accents. */
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: "Déploiement" becomes "deploiement". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a text. Letters and digits make words; everything else
 * (spaces, punctuation, `_`, `-`, `/`, `.`) separates them, so `invalid_state`,
 * `ssh-keygen` and `/servers/{id}` are found by their parts.
 */
export function words(text: string): Word[] {
  const found: Word[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const raw = match[0];
    // Plain ASCII (nearly every word of these docs) needs no Unicode folding.
    const word = ASCII.test(raw) ? raw.toLowerCase() : fold(raw);
    if (word) found.push({word, start: match.index, end: match.index + raw.length});
  }
  return found;
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** Just the words, for callers that don't highlight. */
export const wordList = (text: string): string[] => words(text).map((w) => w.word);

const stems = new Map<string, string>();

/**
 * The Porter2 (Snowball English) stem of a folded word: "deployments",
 * "deploying" and "deployed" all become "deploy". Numbers and words with
 * digits stay as they are.
 */
export function stem(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    result = word.length < 3 || /\d/.test(word) ? word : porter2(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, result);
  }
  return result;
}

/**
 * Words that carry no meaning for search on their own. They are still read
 * for the reader's intent ("what is …", "how do I …") and inside synonym
 * phrases ("get rid of"), then dropped.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all also am an and any are aren as at be been before being below between both but by ' +
    'can cannot could couldn did didn do does doesn doing don down during each either else ever every few for from ' +
    'further go goes going gone got gotten had hadn has hasn have haven having he her here hers him his how however i if in into is isn it its ' +
    'itself just let me might more most must mustn my myself need needs no nor not now of off on once only onto or ' +
    'other ought our ours out over own please same shall she should shouldn so some such than that the their theirs ' +
    'them then there these they this those through thus to too under until up upon us use used uses using very via want wants was wasn went ' +
    'way we were weren what whats when where whether which while who whom whose why will with within without won ' +
    'would wouldn yet you your yours yourself im ive id ill youre s t d ll m re ve'
  ).split(' '),
);

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);

/** The stems of the meaningful words of a text, in order. */
export function contentStems(text: string): string[] {
  return wordList(text)
    .filter((w) => !isStopWord(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}
