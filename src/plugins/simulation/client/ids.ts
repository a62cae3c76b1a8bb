/**
 * The IDs a page shows and the IDs the simulation gives: a page's examples
 * use the sample world's IDs, and what its calls create gets new ones. Walking
 * the page's JSON of a response beside the simulation's answer pairs them, so
 * that the next call, written with the page's IDs, goes to what the reader's
 * earlier call created. The docs runner and the quick start both use it.
 */
import type {Json, Obj} from './engine/types';

const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

const ID = /^[a-z]+_[A-Za-z0-9]{6,}$/;

/** The page's IDs and the simulation's for what the page's calls created. */
export class Ids {
  private readonly map: Map<string, string>;

  constructor(pairs: Array<[string, string]> = []) {
    this.map = new Map(pairs);
  }

  /** The pairs learned so far, to keep them (the quick start keeps them for the tab). */
  pairs(): Array<[string, string]> {
    return [...this.map];
  }

  /** IDs only the main call gives: without it, the reader has none of them. */
  readonly unavailable = new Set<string>();

  get(id: string): string {
    return this.map.get(id) ?? id;
  }

  /** The page's text with its IDs replaced by the simulation's. */
  apply(text: string): string {
    return text.replace(/\b[a-z]+_[A-Za-z0-9]{6,}\b/g, (id) => this.map.get(id) ?? id);
  }

  missing(text: string): string | undefined {
    return [...text.matchAll(/\b[a-z]+_[A-Za-z0-9]{6,}\b/g)].map((m) => m[0]).find((id) => this.unavailable.has(id));
  }

  /** Learns the IDs of a response from the page's JSON of it, walking both in step. */
  learn(page: Json | undefined, sim: Json | undefined, fromMain: boolean): void {
    if (typeof page === 'string' && typeof sim === 'string' && ID.test(page) && ID.test(sim) && page !== sim && page.split('_')[0] === sim.split('_')[0]) {
      if (!this.map.has(page)) this.map.set(page, sim);
      if (fromMain) this.unavailable.add(page);
      return;
    }
    // The same text around different IDs or secrets (a webhook's URL): the tokens pair up in order.
    if (typeof page === 'string' && typeof sim === 'string' && page !== sim) {
      const token = /\b[a-z]+_[A-Za-z0-9]{6,}\b/g;
      const a = page.match(token) ?? [];
      const b = sim.match(token) ?? [];
      // Only text around tokens: a token alone that didn't pair above is another kind of ID.
      if (a.length && a.length === b.length && a[0] !== page && page.replace(token, '#') === sim.replace(token, '#'))
        a.forEach((t, i) => this.learn(t, b[i], fromMain));
      return;
    }
    if (Array.isArray(page) && Array.isArray(sim)) {
      for (const item of page) this.learn(item, pair(item, sim, this), fromMain);
      return;
    }
    if (isObj(page) && isObj(sim)) for (const [key, value] of Object.entries(page)) this.learn(value, sim[key], fromMain);
  }
}

/** The item of a list that the page's item stands for: the same (mapped) ID, else the one that agrees on most fields. */
export function pair(item: Json, list: Json[], ids: Ids): Json | undefined {
  if (!isObj(item)) return undefined;
  if (typeof item.id === 'string') {
    const same = list.find((x) => isObj(x) && x.id === ids.get(item.id as string));
    if (same) return same;
  }
  let best: Json | undefined;
  let score = 0;
  for (const candidate of list) {
    if (!isObj(candidate)) continue;
    let s = 0;
    for (const [key, value] of Object.entries(item)) {
      if (key === 'id' || /_at$/.test(key)) continue;
      const v = typeof value === 'string' ? ids.get(value) : value;
      if (JSON.stringify(candidate[key]) === JSON.stringify(v)) s++;
    }
    if (s > score) {
      score = s;
      best = candidate;
    }
  }
  return best;
}
