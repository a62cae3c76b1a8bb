/**
 * Compiles src/plugins/search/data/synonyms.yml (docs term → reader words) into the stems
 * the search worker matches (see ./model.ts, SynonymRow).
 */
import {STOP_WORDS, stem, wordList} from './text';
import type {SynonymRow} from './model';

export type SynonymSource = Record<string, unknown>;

export interface CompiledSynonyms {
  rows: SynonymRow[];
  /** Entries that can never match, with the reason (shown by the build and the tests). */
  problems: string[];
}

const phraseStems = (phrase: string): string[] => wordList(phrase).map(stem);

export function compileSynonyms(source: SynonymSource): CompiledSynonyms {
  const byReaderPhrase = new Map<string, {from: string[]; to: string[]}>();
  const problems: string[] = [];
  for (const [term, readerWords] of Object.entries(source)) {
    const target = wordList(term).join(' ');
    if (!target) {
      problems.push(`"${term}": the docs term has no words`);
      continue;
    }
    if (!Array.isArray(readerWords)) {
      problems.push(`"${term}": write the reader words as a list, for example [vm, vps]`);
      continue;
    }
    for (const readerWord of readerWords) {
      const phrase = String(readerWord);
      const words = wordList(phrase);
      if (words.length === 0) {
        problems.push(`"${term}": "${phrase}" has no words`);
        continue;
      }
      if (words.every((w) => STOP_WORDS.has(w))) {
        problems.push(`"${term}": "${phrase}" is only stop words, which every query contains`);
        continue;
      }
      const from = words.map(stem);
      if (from.join(' ') === phraseStems(term).join(' ')) continue;
      const key = from.join(' ');
      const entry = byReaderPhrase.get(key) ?? {from, to: []};
      if (!entry.to.includes(target)) entry.to.push(target);
      byReaderPhrase.set(key, entry);
    }
  }
  const rows: SynonymRow[] = [...byReaderPhrase.values()].map(({from, to}) => [from, to]);
  return {rows, problems};
}
