/**
 * "Run in the simulation" under a page's curl example (../remarkSimulationRuns.ts
 * puts it there): sends the example's call to the simulation in the reader's
 * browser, with the IDs of the calls they ran before in place of the page's,
 * and shows the answer. The simulation loads on the first press.
 */
import React, {useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Json} from './engine/types';
import {run, type PageCall, type Ran} from './practice';
import {statusText} from '../../api-reference/client/statusText';

export interface SimulationRunProps {
  /** The call, as JSON: method, path after the API's URL, and body. */
  request: string;
  /** The JSON the page shows for its answer: how the answer's IDs pair with the page's. */
  answer?: string;
}

const lines = (value: Json | undefined) => (value === undefined ? '' : JSON.stringify(value, null, 2));

export default function SimulationRun({request, answer}: SimulationRunProps): ReactNode {
  const call = JSON.parse(request) as PageCall;
  const id = useId();
  const [state, setState] = useState<{ran?: Ran; running: boolean; failed?: boolean}>({running: false});
  const press = () => {
    setState({running: true});
    run(call, answer === undefined ? undefined : (JSON.parse(answer) as Json)).then(
      (ran) => setState({ran, running: false}),
      () => setState({running: false, failed: true}),
    );
  };
  const {ran} = state;
  const status = ran?.response.status;
  // A call the page shows in a later state ("get its status until it's `valid`"): where it is now, and what to do.
  const shown = answer === undefined ? undefined : (JSON.parse(answer) as {status?: unknown}).status;
  const now = ran && status! < 300 && typeof ran.response.body === 'object' && ran.response.body ? (ran.response.body as {status?: unknown}).status : undefined;
  const waiting = call.method === 'GET' && typeof shown === 'string' && typeof now === 'string' && now !== shown ? {now, shown} : undefined;
  const error =
    ran && typeof ran.response.body === 'object' && ran.response.body && !Array.isArray(ran.response.body)
      ? (ran.response.body.error as {code?: string; message?: string} | undefined)
      : undefined;
  return (
    <div className="ld-run" role="group" aria-labelledby={`${id}-label`}>
      <div className="ld-run__bar">
        <button type="button" className="button button--primary button--sm ld-run__button" onClick={press} disabled={state.running}>
          {state.running ? 'Running…' : ran ? 'Run again' : 'Run in the simulation'}
        </button>
        <span id={`${id}-label`} className="ld-run__label">
          {call.method} {call.path.split('?')[0]}: practice call, no account
        </span>
      </div>
      <div role="status" className="ld-run__status">
        {state.failed && <p className="ld-run__error">The simulation couldn&apos;t load. Check your connection, then press the button again.</p>}
        {ran && (
          <>
            <p className="ld-run__line">
              <span className={clsx('ld-run__badge', status! < 300 ? 'ld-run__badge--ok' : 'ld-run__badge--error')}>{statusText(status!)}</span>{' '}
              <code>
                {ran.method} {ran.path}
              </code>
            </p>
            {waiting && (
              <p className="ld-run__wait">
                The status is <code>{waiting.now}</code>, not yet <code>{waiting.shown}</code>. Wait a few seconds, then select <strong>Run again</strong>.
              </p>
            )}
            {error && (
              <p className="ld-run__error">
                <code>{error.code}</code>: {error.message}
                {status === 404 ? ' Run the earlier steps first: this call uses what they create.' : ''}
              </p>
            )}
          </>
        )}
      </div>
      {ran && ran.response.body !== undefined && (
        <details className="ld-run__details">
          <summary>Response ({lines(ran.response.body).split('\n').length} lines)</summary>
          <pre tabIndex={0} className="ld-run__pre">
            <code>{lines(ran.response.body)}</code>
          </pre>
        </details>
      )}
    </div>
  );
}
