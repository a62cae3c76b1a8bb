/**
 * "Copy page" and "View as Markdown" next to a doc page's title: the page's
 * Markdown (written beside it by src/markdown/plugin.ts) for readers' tools.
 * Nothing is fetched until the reader asks.
 */
import React, {useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';

type State = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<State, string> = {idle: '', copied: 'Copied the page as Markdown', failed: 'Could not copy: open the Markdown instead'};

export default function PageActions(): ReactNode {
  const {pathname} = useLocation();
  const [state, setState] = useState<State>('idle');
  const markdownUrl = pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;

  async function copy(): Promise<void> {
    const text = fetch(markdownUrl).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    });
    try {
      // A ClipboardItem keeps the click's permission while the file downloads (Safari needs it).
      if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
        await navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 4000);
  }

  return (
    <div className="ld-page-actions">
      <button type="button" className="ld-page-actions__button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <a className="ld-page-actions__button" href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className="ld-page-actions__status" role="status" aria-live="polite">
        {MESSAGES[state]}
      </span>
    </div>
  );
}
