/**
 * The page-actions control of every doc page: one split button, "Copy page"
 * (the page's Markdown, written beside it by src/plugins/markdown-for-tools/plugin.ts) and ▾,
 * a menu with View as Markdown, Open in ChatGPT or Claude and Connect your
 * editor (./AssistantMenu.tsx, loaded when the menu is first opened).
 * Nothing is fetched until the reader asks. Every page loads this component:
 * keep it small (the task page's JavaScript budget has no headroom).
 * It sits on the breadcrumb row on wide screens and under the title on
 * phones (src/plugins/page-tools/theme/DocItem/Content, custom.css "Page header").
 * What only an open menu needs (closing on Escape or a click elsewhere) loads
 * with the menu, and the copy icon is drawn by the stylesheet.
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
      setStatus('Could not copy: open the Markdown from the menu instead');
    }
    window.setTimeout(() => setStatus(''), 4000);
  }

  return (
    <div className="ld-page-actions" role="group" aria-label="Page actions">
      <button type="button" className="ld-page-actions__copy" onClick={() => void copy()}>
        {status === COPIED ? 'Copied' : 'Copy page'}
      </button>
      <details className="ld-page-menu" onToggle={() => Menu || void import('./AssistantMenu').then((m) => setMenu(() => m.default))}>
        <summary className="ld-page-actions__more" aria-label="More page actions" title="More page actions" />
        {Menu && <Menu markdownPath={markdownUrl} />}
      </details>
      <span className="ld-page-actions__status" role="status">
        {status}
      </span>
    </div>
  );
}
