/**
 * The page-actions menu (▾ beside Copy page), loaded when a reader first
 * opens it (./PageActions.tsx): view the page as Markdown, open it in ChatGPT
 * or Claude (a new conversation that asks about the page's Markdown), or
 * connect an editor to the docs' MCP server (mcp/) with the exact
 * configuration for each. No script of theirs, no request until the reader
 * follows a link. View as Markdown and Connect your editor have a second
 * line that says what they do.
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {assistantPrompt, assistants, editorConfigs} from '@site/src/config/assistants';

export default function AssistantMenu({markdownPath}: {markdownPath: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // The open menu closes on Escape (focus back on ▾, unless the editor dialog is what Escape closes) and on a click elsewhere.
  useEffect(() => {
    const details = panel.current?.closest('details');
    if (!details) return undefined;
    const close = (focus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focus) details.querySelector('summary')?.focus();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !dialog.current?.open && close(details.contains(document.activeElement));
    const onClick = (event: MouseEvent) => !details.contains(event.target as Node) && close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, []);
  const prompt = assistantPrompt(`${siteConfig.url}${markdownPath}`);
  return (
    <div ref={panel} className="ld-page-menu__panel">
      <ul className="ld-page-menu__list">
        <li>
          {/* eslint-disable-next-line @docusaurus/no-html-links -- a file, not a route: Link would look for it among the app's routes */}
          <a className="ld-page-menu__item" href={markdownPath}>
            View as Markdown
            <span className="ld-page-menu__hint" aria-hidden="true">
              This page as plain text
            </span>
          </a>
        </li>
        {assistants.map((assistant) => (
          <li key={assistant.name}>
            {/* eslint-disable-next-line @docusaurus/no-html-links -- another site, in a new tab */}
            <a
              className="ld-page-menu__item"
              href={assistant.url(prompt)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open in ${assistant.name} (new tab)`}>
              Open in {assistant.name} <span aria-hidden="true">↗</span>
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="ld-page-menu__item" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
            Connect your editor
            <span className="ld-page-menu__hint" aria-hidden="true">
              Search these docs from your coding assistant
            </span>
          </button>
        </li>
      </ul>
      <dialog ref={dialog} className="ld-connect" aria-labelledby="ld-connect-title">
        <form method="dialog" className="ld-connect__close">
          <button type="submit" className="button button--secondary button--sm">
            Close
          </button>
        </form>
        <h2 id="ld-connect-title">Connect your editor to these docs</h2>
        <p>
          The Launchdeck docs have an MCP server: your coding assistant can search them with the site&apos;s own search, read any page and look up API
          operations. It runs on your machine with Node.js 20 or later, and reads the published site.
        </p>
        {editorConfigs(siteConfig.url).map((config) => (
          <section key={config.editor}>
            <h3>{config.editor}</h3>
            <p>{config.where}</p>
            {/* A scrollable region must be reachable by keyboard. */}
            <pre tabIndex={0} className={`language-${config.language}`}>
              <code>{config.code}</code>
            </pre>
          </section>
        ))}
      </dialog>
    </div>
  );
}
