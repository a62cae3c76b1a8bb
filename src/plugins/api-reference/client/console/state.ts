/**
 * What the console keeps for the reader, in this browser tab only
 * (sessionStorage): the token, the chosen server and the path parameter
 * values that carry from one operation to the next. Never localStorage, the
 * URL, the page or a log. `forget()` clears all of it.
 */
import {KEPT_KEY as KEY, OPEN_KEY} from './keys';
import type {Values} from './request';

export interface Kept {
  token: string;
  server: string;
  /** Path parameter values by name ("server_id"). */
  ids: Values;
}

const empty = (): Kept => ({token: '', server: '', ids: {}});

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function load(): Kept {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<Kept> | null;
    if (!parsed || typeof parsed !== 'object') return empty();
    const ids = parsed.ids && typeof parsed.ids === 'object' ? parsed.ids : {};
    return {
      token: typeof parsed.token === 'string' ? parsed.token : '',
      server: typeof parsed.server === 'string' ? parsed.server : '',
      ids: Object.fromEntries(Object.entries(ids).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    };
  } catch {
    return empty();
  }
}

export function save(kept: Kept): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
    storage()?.setItem(OPEN_KEY, '1');
  } catch {
    // Full or unavailable: the values last as long as the page.
  }
}

/** Clears everything the console kept, and closes it in the next pages of this tab. */
export function forget(): void {
  try {
    storage()?.removeItem(KEY);
    storage()?.removeItem(OPEN_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The console was closed: the next pages of this tab show it closed, and keep the values. */
export function closed(): void {
  try {
    storage()?.removeItem(OPEN_KEY);
  } catch {
    // Nothing to do.
  }
}
