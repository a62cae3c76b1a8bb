/**
 * The page-actions control of every doc page: one split button, "Copy page"
 * (the page's Markdown, written beside it by src/markdown/plugin.ts) and ▾,
 * a menu with View as Markdown, Open in ChatGPT or Claude and Connect your
 * editor (./AssistantMenu.tsx, loaded when the menu is first opened).
 * Nothing is fetched until the reader asks. Every page loads this component:
 * keep it small (the task page's JavaScript budget has no headroom).
 * It sits on the breadcrumb row on wide screens and under the title on
 * phones (src/internals/theme/DocItem/Content, custom.css "Page header").
 */
import React, {useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';

const COPIED = 'Copied the page as Markdown';

export default function PageActions(): ReactNode {
  const {pathname} = useLocation();
  const [status, setStatus] = useState('');
  const [Menu, setMenu] = useState<ComponentType<{markdownPath: string}>>();
  const menu = useRef<HTMLDetailsElement>(null);
  const markdownUrl = pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;

  // An open menu closes on Escape (focus back on ▾), on a click elsewhere and when the page changes.
  useEffect(() => {
    const details = menu.current;
    if (!details) return undefined;
    const close = (focus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) =>
      event.key === 'Escape' && !document.querySelector('dialog[open]') && close(details.contains(document.activeElement));
    const onClick = (event: MouseEvent) => !details.contains(event.target as Node) && close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    close(false);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [pathname]);

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
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <path
            fill="currentColor"
            d="M5 1.5A1.5 1.5 0 0 1 6.5 0h7A1.5 1.5 0 0 1 15 1.5v9a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 5 10.5zm1.5 0v9h7v-9zM1 5.5A1.5 1.5 0 0 1 2.5 4H4v1.5H2.5v9h7V13H11v1.5A1.5 1.5 0 0 1 9.5 16h-7A1.5 1.5 0 0 1 1 14.5z"
          />
        </svg>
        {status === COPIED ? 'Copied' : 'Copy page'}
      </button>
      <details ref={menu} className="ld-page-menu" onToggle={() => Menu || void import('./AssistantMenu').then((m) => setMenu(() => m.default))}>
        <summary className="ld-page-actions__more" aria-label="More page actions" title="More page actions" />
        {Menu && <Menu markdownPath={markdownUrl} />}
      </details>
      <span className="ld-page-actions__status" role="status">
        {status}
      </span>
    </div>
  );
}
