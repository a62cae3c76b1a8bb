/**
 * The quick start's side of the simulation: runs a page's calls in the tab's
 * simulation (./browser.ts, loaded on the first run) with the IDs of earlier
 * runs in place of the page's (./ids.ts), and keeps those IDs for the tab, so
 * that the steps of a page chain as they do for a reader with a real account.
 */
import {Ids} from './ids';
import {storage} from './storage';
import type {BrowserSimulation} from './browser';
import type {Json, SimResponse} from './engine/types';

const KEY = 'launchdeck:simulation:ids';

export interface PageCall {
  method: string;
  path: string;
  body?: Json;
}

export interface Ran {
  /** The request as sent, with the simulation's IDs. */
  method: string;
  path: string;
  response: SimResponse;
}

let ids: Ids | undefined;
function currentIds(): Ids {
  if (!ids) {
    try {
      ids = new Ids(JSON.parse(storage()?.getItem(KEY) ?? '[]') as Array<[string, string]>);
    } catch {
      ids = new Ids();
    }
  }
  return ids;
}

let loaded: BrowserSimulation | undefined;
const waiting = new Set<(sim: BrowserSimulation) => void>();

/** The tab's simulation, loaded on first use. */
export const simulation = (): Promise<BrowserSimulation> =>
  import(/* webpackChunkName: "simulation" */ './browser')
    .then((m) => m.loadSimulation())
    .then((sim) => {
      if (!loaded) {
        loaded = sim;
        waiting.forEach((callback) => callback(sim));
        waiting.clear();
      }
      return sim;
    });

/** Calls back once the simulation is loaded (at once if it is); returns how to stop waiting. */
export function whenLoaded(callback: (sim: BrowserSimulation) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** Whether this tab already has a simulated world (the reader ran something earlier). */
export function started(): boolean {
  try {
    return storage()?.getItem('launchdeck:simulation') !== null && storage()?.getItem('launchdeck:simulation') !== undefined;
  } catch {
    return false;
  }
}

/** Runs a page's call in the simulation and learns the IDs its answer gives. */
export async function run(call: PageCall, answer?: Json): Promise<Ran> {
  const sim = await simulation();
  const known = currentIds();
  const path = known.apply(call.path);
  const body = call.body === undefined ? undefined : (JSON.parse(known.apply(JSON.stringify(call.body))) as Json);
  const response = sim.request(call.method, path, body);
  if (response.status < 400) {
    known.learn(answer, response.body, false);
    try {
      storage()?.setItem(KEY, JSON.stringify(known.pairs()));
    } catch {
      // The IDs last as long as the page.
    }
  }
  return {method: call.method, path, response};
}

/** The simulation's ID for one the page shows. */
export const idFor = (pageId: string): string => currentIds().get(pageId);

/** Starts over: the sample world again, and no IDs carried. */
export async function reset(): Promise<void> {
  ids = new Ids();
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
  (await simulation()).reset();
}
