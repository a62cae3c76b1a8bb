/**
 * The page's code samples with the reader's own values: the API console
 * (src/api/console) sets them while it is open, and the reference page's
 * sample tabs (./Operation.tsx) show them instead of the contract's examples.
 * A few lines, because every reference page loads them.
 */
import {useSyncExternalStore} from 'react';

/** Code by tab value ("curl", "javascript", "python"). */
export type LiveSamples = Readonly<Record<string, string>>;

let current: LiveSamples | null = null;
const listeners = new Set<() => void>();

/** Replaces the samples (null: back to the contract's examples). */
export function setLiveSamples(next: LiveSamples | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLiveSamples = (): LiveSamples | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
