/**
 * The API console's host, loaded (with the console itself) only when a reader
 * opens the console on a reference page (src/plugins/api-reference/client/Operation.tsx renders the button):
 * it fetches the operation's console data, a static JSON file written by the
 * build (../routes.ts, consoleDataPath), so no page and no bundle carries
 * it, then renders ./Console.tsx.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Console from './Console';
import {resourceValidators} from '../../../simulation/client/validation';
import type {RequestValidators} from './request';
import type {ConsoleSpec} from './types';

export interface TryItProps {
  /** Where the operation's console data is served. */
  data: string;
  /** Move the focus into the console (the reader pressed Open). */
  focus: boolean;
  onClose: () => void;
}

export default function TryIt({data, focus, onClose}: TryItProps): ReactNode {
  const url = useBaseUrl(data);
  const [spec, setSpec] = useState<{spec: ConsoleSpec; validators: RequestValidators} | 'failed'>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    // The operation's data, then its resource's checks (a small module of their own: src/plugins/simulation/validators.ts).
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json() as Promise<ConsoleSpec>;
      })
      .then(async (loaded) => [loaded, await resourceValidators(loaded.checks)] as const)
      .then(
        ([loaded, validators]) => current && setSpec({spec: loaded, validators}),
        () => current && setSpec('failed'),
      );
    return () => {
      current = false;
    };
  }, [url, attempt]);

  if (spec === 'failed') {
    return (
      <div className="api-console-launch" role="alert">
        <p>The console couldn&apos;t load its data. Check your connection, then try again.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setSpec(undefined);
            setAttempt((n) => n + 1);
          }}>
          Try again
        </button>
      </div>
    );
  }
  if (!spec) return <p role="status">Opening the console…</p>;
  return <Console spec={spec.spec} validators={spec.validators} focus={focus} onClose={onClose} />;
}
