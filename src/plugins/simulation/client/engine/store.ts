/**
 * The simulated world: every object by ID, in the order it was created, with
 * deterministic new IDs and a clock that only moves when told to. Objects are
 * kept as the contract shows them, plus internal fields whose names start with
 * `$` (a token's secret, a resource's status before an action); those never
 * leave the engine (./present.ts).
 */
import type {Json, Obj} from './types';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** mulberry32: a small, fast, seeded generator, so that every run creates the same IDs. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** RFC 3339 in UTC with second precision, as the API writes times. */
export const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface StoreState {
  objects: Obj[];
  now: number;
  seq: number;
  random: number;
}

export class Store {
  private objects = new Map<string, Obj>();
  private seq = 0;
  private draws = 0;
  private random: () => number;
  /** Milliseconds since 1970, the world's time. */
  now: number;

  constructor(epoch: string) {
    this.now = Date.parse(epoch);
    this.random = generator(0x1d5eed);
  }

  /** A key for objects without an ID (team members): their parent and user. */
  static keyOf(obj: Obj): string {
    if (typeof obj.id === 'string') return obj.id;
    if (obj.object === 'team_member') return `team_member:${String(obj.team_id)}:${String(obj.user_id)}`;
    // The activity before the world's clock started (A2), one per user.
    if (obj.object === 'activity_summary') return `activity_summary:${String(obj.user_id)}`;
    throw new Error(`an object without an ID or key: ${JSON.stringify(obj).slice(0, 80)}`);
  }

  newId(prefix: string): string {
    for (;;) {
      let id = prefix;
      for (let i = 0; i < 8; i++) {
        this.draws++;
        id += ALPHABET[Math.floor(this.random() * ALPHABET.length)];
      }
      if (!this.objects.has(id)) return id;
    }
  }

  /** A secret in the API's format: its prefix and 40 characters. */
  newSecret(prefix: string): string {
    let secret = prefix;
    for (let i = 0; i < 40; i++) {
      this.draws++;
      secret += ALPHABET[Math.floor(this.random() * ALPHABET.length)];
    }
    return secret;
  }

  get time(): string {
    return iso(this.now);
  }

  add<T extends Obj>(obj: T): T {
    (obj as Obj).$seq = ++this.seq;
    this.objects.set(Store.keyOf(obj), obj);
    return obj;
  }

  get(key: string | null | undefined): Obj | undefined {
    return typeof key === 'string' ? this.objects.get(key) : undefined;
  }

  /** The object, when it is of this type. */
  find(object: string, id: Json | undefined): Obj | undefined {
    const found = typeof id === 'string' ? this.objects.get(id) : undefined;
    return found && found.object === object ? found : undefined;
  }

  remove(key: string): void {
    this.objects.delete(key);
  }

  all(object?: string): Obj[] {
    const out: Obj[] = [];
    for (const obj of this.objects.values()) if (object === undefined || obj.object === object) out.push(obj);
    return out;
  }

  where(object: string, test: (obj: Obj) => boolean): Obj[] {
    return this.all(object).filter(test);
  }

  /** Everything, to keep (the browser keeps it in sessionStorage) and to restore. */
  save(): StoreState {
    return {objects: [...this.objects.values()].map((o) => structuredClone(o)), now: this.now, seq: this.seq, random: this.draws};
  }

  static load(state: StoreState, epoch: string): Store {
    const store = new Store(epoch);
    for (const obj of state.objects) store.objects.set(Store.keyOf(obj), obj);
    store.now = state.now;
    store.seq = state.seq;
    for (let i = 0; i < state.random; i++) store.random();
    store.draws = state.random;
    return store;
  }
}
