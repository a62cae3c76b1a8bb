/**
 * "Copy page" and "View as Markdown" next to a doc page's title: the page's
 * Markdown (written beside it by src/markdown/plugin.ts) for readers' tools,
 * and "Use with AI" (./AssistantMenu.tsx, loaded when opened). Nothing is
 * fetched until the reader asks. Every page loads this component: keep it
 * small (the task page's JavaScript budget has no headroom).
 */
import React, {useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';

const COPIED = 'Copied the page as Markdown';

export default function PageActions(): ReactNode {
  const {pathname} = useLocation();
  const [status, setStatus] = useState('');
  const [Menu, setMenu] = useState<ComponentType<{markdownPath: string}>>();
  const markdownUrl = pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;

  async function copy(): Promise<void> {
    const text = fetch(markdownUrl).then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    });
    try {
      // A ClipboardItem keeps the click's permission while the file downloads (Safari needs it).
      await (typeof ClipboardItem === 'function' && navigator.clipboard?.write
        ? navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})])
        : navigator.clipboard.writeText(await text));
      setStatus(COPIED);
    } catch {
      setStatus('Could not copy: open the Markdown instead');
    }
    window.setTimeout(() => setStatus(''), 4000);
  }

  return (
    <div className="ld-page-actions">
      <button type="button" className="ld-page-actions__button" onClick={() => void copy()}>
        {status === COPIED ? 'Copied' : 'Copy page'}
      </button>
      <a className="ld-page-actions__button" href={markdownUrl}>
        View as Markdown
      </a>
      <details className="ld-page-menu" onToggle={() => Menu || void import('./AssistantMenu').then((m) => setMenu(() => m.default))}>
        <summary className="ld-page-actions__button">Use with AI</summary>
        {Menu && <Menu markdownPath={markdownUrl} />}
      </details>
      <span className="ld-page-actions__status" role="status">
        {status}
      </span>
    </div>
  );
}
