/**
 * The "Try it" panel's place on a reference page. The server renders a
 * button; the console's code (src/api/console/Console.tsx) and the
 * operation's console data load when the reader first presses it, so the
 * page's first load carries neither. A tab in which the reader opened the
 * console opens it again on the next reference page, with their values.
 */
import React, {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import type {ConsoleSpec} from '../console/types';
import type {ConsoleProps} from '../console/Console';

/** The operation's console data, as its page's MDX imports it. */
export type ConsoleLoader = () => Promise<{default: ConsoleSpec}>;

/** Set in sessionStorage while the reader keeps the console open in this tab. */
export const OPEN_KEY = 'launchdeck-api-console-open';

interface Loaded {
  Console: ComponentType<ConsoleProps>;
  spec: ConsoleSpec;
  /** Opened by the reader's press (focus moves into it), not again by itself. */
  focus: boolean;
}

const loadCode = () => import('../console/Console');

export default function TryIt({load}: {load: ConsoleLoader}): ReactNode {
  const [state, setState] = useState<'closed' | 'loading' | 'failed' | Loaded>('closed');

  const open = (focus: boolean) => {
    setState('loading');
    Promise.all([loadCode(), load()]).then(
      ([code, data]) => setState({Console: code.default, spec: data.default, focus}),
      () => setState('failed'),
    );
  };

  useEffect(() => {
    try {
      if (sessionStorage.getItem(OPEN_KEY) === '1') open(false);
    } catch {
      // No sessionStorage: the reader opens the console with the button.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);

  if (typeof state === 'object') {
    const {Console, spec, focus} = state;
    return <Console spec={spec} focus={focus} onClose={() => setState('closed')} />;
  }
  return (
    <div className="api-console-launch">
      <button
        type="button"
        className="button button--primary"
        disabled={state === 'loading'}
        onPointerEnter={() => void loadCode()}
        onFocus={() => void loadCode()}
        onClick={() => open(true)}>
        {state === 'loading' ? 'Opening the console…' : 'Open the console'}
      </button>
      {state === 'failed' && (
        <p role="alert" className="api-console-launch__error">
          The console couldn't load. Check your connection and press the button again.
        </p>
      )}
    </div>
  );
}
