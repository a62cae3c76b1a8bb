/**
 * The page-actions control of every doc page: one split button, "Copy page"
 * (the page's Markdown, written beside it by src/plugins/markdown-for-tools/plugin.ts) and ▾,
 * a menu with View as Markdown, Open in ChatGPT or Claude and Connect your
 * editor (./AssistantMenu.tsx, loaded when the menu is first opened).
 * Nothing is fetched until the reader asks. Every page loads this component:
 * keep it small (the task page's JavaScript budget has no headroom).
 * It sits on the breadcrumb row on wide screens and under the title on
 * phones (src/plugins/page-tools/theme/DocItem/Content, ./page-tools.css "Page header").
 * What only an open menu needs (closing on Escape or a click elsewhere) loads
 * with the menu, and the copy icon is drawn by the stylesheet.
 */
import React, {useState, type ComponentType, type ReactNode} from 'react';

/** `permalink`: the page's address (the doc's metadata, so the router is not needed here). */
export default function PageActions({permalink: pathname}: {permalink: string}): ReactNode {
  const [status, setStatus] = useState('');
  const [Menu, setMenu] = useState<ComponentType<{markdownPath: string}>>();
  const markdownUrl = pathname.endsWith('/') ? `${pathname}index.md` : `${pathname}.md`;

  async function copy(): Promise<void> {
    try {
      // A ClipboardItem keeps the click's permission while the file downloads (Safari needs it).
      // Every browser the site supports has one (Firefox since 127); where one is missing, the
      // status below says where the Markdown is instead.
      const blob = fetch(markdownUrl).then(async (response) => {
        if (!response.ok) throw Error();
        return new Blob([await response.text()], {type: 'text/plain'});
      });
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      setStatus('Copied the page as Markdown');
    } catch {
      setStatus('Copy failed: use View as Markdown');
    }
    setTimeout(() => setStatus(''), 4000);
  }

  return (
    // Two named buttons side by side; a group role with its own label added bytes to every page and nothing a screen reader needs.
    <div className="ld-page-actions">
      {/* What happened shows in the status under it (and is read out), so its own label stays. */}
      <button type="button" onClick={() => void copy()}>
        Copy page
      </button>
      <details className="ld-page-menu" onToggle={() => Menu || void import('./AssistantMenu').then((m) => setMenu(() => m.default))}>
        {/* The title is the button's name (a summary with no text is named by it) and its tooltip. */}
        <summary title="More page actions" />
        {Menu && <Menu markdownPath={markdownUrl} />}
      </details>
      <span role="status">{status}</span>
    </div>
  );
}
