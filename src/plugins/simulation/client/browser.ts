/**
 * The simulation in the reader's browser: one world per tab, kept in
 * sessionStorage, answering requests like `fetch` does, with no request
 * leaving the page. Time moves with the reader's clock, faster: an action's
 * steps take seconds, not minutes. The API console (src/plugins/api-reference)
 * and the quick start load it on demand.
 */
import {Simulation} from './engine/engine';
import type {StoreState} from './engine/store';
import type {Json, Obj, SimData, SimResponse} from './engine/types';
import {browserValidators, requestValidators} from './validation';
import {storage} from './storage';

const KEY = 'launchdeck:simulation';
/** The User Timing entry of each call (`npm run bench` reads its duration: p95 ≤ 50 ms). */
export const CALL_MEASURE = 'launchdeck:simulation:call';
/** Simulated seconds per real second: a 6-step provisioning (72 simulated seconds) takes 12 seconds. */
export const SPEED = 6;

export interface BrowserSimulation {
  /** Answers a request to the API, as `fetch` would. */
  fetch(url: string, init?: {method?: string; headers?: Record<string, string>; body?: string}): Promise<Response>;
  /** The same, as data. */
  request(method: string, path: string, body?: Json, headers?: Record<string, string>): SimResponse;
  /** Starts the world again from the sample world. */
  reset(): void;
  /** The world's objects of a type, as the API shows them, newest last. */
  objects(object: string): Obj[];
  /** Moves the clock to now. */
  tick(): void;
  /** The sample world's owner's token: the token the simulation accepts. */
  token: string;
  /** The API's base URL the paths are relative to. */
  apiUrl: string;
  /** Notifies when the world changes (after a request or as actions progress). */
  subscribe(listener: () => void): () => void;
}

interface Saved {
  state: StoreState;
  /** Real time of the last tick (ms). */
  at: number;
}

let loading: Promise<BrowserSimulation> | undefined;

/** The tab's simulation, loaded once. */
export function loadSimulation(): Promise<BrowserSimulation> {
  loading ??= (async () => {
    const [data, validators] = await Promise.all([
      import(/* webpackChunkName: "simulation-data" */ '@generated/launchdeck-simulation/default/data.json').then(
        (m) => (m as {default: SimData}).default ?? (m as unknown as SimData),
      ),
      requestValidators(),
    ]);
    return browserSimulation(data, browserValidators(validators));
  })();
  return loading;
}

export function browserSimulation(data: SimData, validators: ReturnType<typeof browserValidators>): BrowserSimulation {
  const listeners = new Set<() => void>();
  let at = Date.now();
  const fresh = () => new Simulation(structuredClone(data), validators);
  let sim: Simulation;
  try {
    const saved = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Saved | null;
    sim = saved ? new Simulation(structuredClone(data), validators, {state: saved.state}) : fresh();
    if (saved) at = saved.at;
  } catch {
    sim = fresh();
  }
  const save = () => {
    try {
      storage()?.setItem(KEY, JSON.stringify({state: sim.save(), at} satisfies Saved));
    } catch {
      // Full or unavailable: the world lasts as long as the page.
    }
  };
  const notify = () => listeners.forEach((listener) => listener());
  const handle = (request: Parameters<Simulation['handle']>[0]): SimResponse => {
    const start = performance.now();
    const response = sim.handle(request);
    try {
      performance.measure(CALL_MEASURE, {start, end: performance.now()});
    } catch {
      // No User Timing: nothing to measure with.
    }
    return response;
  };
  const tick = () => {
    const now = Date.now();
    const seconds = Math.floor(((now - at) / 1000) * SPEED);
    if (seconds > 0) {
      const busy = sim.actions.busy();
      sim.advance(seconds);
      at = now;
      save();
      if (busy) notify();
    }
  };
  const owner = sim.store.all('project')[0]?.owner_id;
  const token = String(sim.store.all('personal_access_token').find((t) => t.user_id === owner && typeof t.$secret === 'string')?.$secret ?? '');
  const request = (method: string, path: string, body?: Json, headers: Record<string, string> = {}): SimResponse => {
    tick();
    const response = handle({
      method,
      path,
      headers: {Authorization: `Bearer ${token}`, ...(body !== undefined ? {'Content-Type': 'application/json'} : {}), ...headers},
      ...(body !== undefined ? {body: JSON.stringify(body)} : {}),
    });
    save();
    notify();
    return response;
  };
  // While something is under way, the world moves on its own and tells its readers.
  let timer: ReturnType<typeof setInterval> | undefined;
  const watch = () => {
    if (timer || typeof window === 'undefined') return;
    timer = setInterval(() => {
      tick();
      if (!sim.actions.busy()) {
        clearInterval(timer);
        timer = undefined;
      }
    }, 1000);
  };
  return {
    token,
    apiUrl: data.apiUrl,
    fetch: async (url, init = {}) => {
      const path = url.startsWith(data.apiUrl) ? url.slice(data.apiUrl.length) : new URL(url).pathname.replace(/^\/v1/, '');
      tick();
      const response = handle({method: init.method ?? 'GET', path, headers: init.headers ?? {}, ...(init.body !== undefined ? {body: init.body} : {})});
      save();
      notify();
      watch();
      const text = response.body === undefined ? null : typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
      return new Response(response.status === 204 ? null : text, {status: response.status, headers: response.headers});
    },
    request: (method, path, body, headers) => {
      const response = request(method, path, body, headers);
      watch();
      return response;
    },
    reset: () => {
      sim = fresh();
      at = Date.now();
      save();
      notify();
    },
    objects: (object) => {
      tick();
      return sim.store
        .where(object, (o) => o.$hidden !== true)
        .sort((a, b) => Number(a.$seq) - Number(b.$seq))
        .map((o) => sim.present(o));
    },
    tick,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
