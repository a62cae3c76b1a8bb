/**
 * The copy and word-wrap buttons of code blocks (src/plugins/highlighting/theme/CodeBlock). The
 * site's own, so the code block uses no theme internals: the same labels and
 * translation ids as Docusaurus's buttons, drawn with inline SVG. The calls
 * leave out translate()'s `description`: it only serves write-translations
 * (the theme's own files describe these ids), and every page would carry it.
 */
import React, {useCallback, useEffect, useRef, useState, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';

/** Copies text, with the selection-based fallback for pages served without a secure context. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not allowed here (plain http, an old browser): fall back below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton({code, className}: {code: string; className?: string}): ReactNode {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onClick = useCallback(() => {
    void copyText(code).then(() => {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), 1000);
    });
  }, [code]);
  return (
    <button
      type="button"
      className={clsx('clean-btn', className, copied && 'ld-code-copied')}
      aria-label={
        copied
          ? translate({id: 'theme.CodeBlock.copied', message: 'Copied'})
          : translate({id: 'theme.CodeBlock.copyButtonAriaLabel', message: 'Copy code to clipboard'})
      }
      title={translate({id: 'theme.CodeBlock.copy', message: 'Copy'})}
      onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {copied ? (
          <path d="M4.5 12.5l5 5 10-11" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <rect x="8.5" y="8.5" width="11" height="12" rx="2" />
            <path d="M15.5 5.5v-1a1.5 1.5 0 0 0-1.5-1.5H6a1.5 1.5 0 0 0-1.5 1.5v11A1.5 1.5 0 0 0 6 17h2.5" />
          </g>
        )}
      </svg>
    </button>
  );
}

/**
 * Word wrap for one code block: offered when its lines overflow (checked on
 * mount, on resize, and when the tab holding it is shown), or while it is on.
 */
export function useWordWrap(pre: RefObject<HTMLPreElement | null>): {offered: boolean; enabled: boolean; toggle: () => void} {
  const [enabled, setEnabled] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = pre.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    // A code block in a hidden tab has no width until its tab is shown.
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resize?.observe(element);
    return () => resize?.disconnect();
  }, [pre]);
  return {offered: overflows || enabled, enabled, toggle: () => setEnabled((on) => !on)};
}

export function WordWrapButton({enabled, onClick, className}: {enabled: boolean; onClick: () => void; className?: string}): ReactNode {
  const title = translate({
    id: 'theme.CodeBlock.wordWrapToggle',
    message: 'Toggle word wrap',
  });
  return (
    <button
      type="button"
      className={clsx('clean-btn', className, enabled && 'ld-code-wrap-on')}
      aria-label={title}
      aria-pressed={enabled}
      title={title}
      onClick={onClick}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M4 6h16M4 12h12.5a3.5 3.5 0 0 1 0 7H12m0 0l2.5-2.5M12 19l2.5 2.5M4 18h4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
