// Ejected (swizzle-safe) from @docusaurus/theme-classic 3.7.0 src/theme/CodeBlock/index.tsx: renders code highlighted at build time (src/plugins/highlighting) with no Prism and no theme internals in the browser.
/*
 * What changed from upstream: everything under the public Props. Upstream
 * picks Content/String or Content/Element and remounts every block after
 * hydration to apply the colour mode's Prism theme; here the lines arrive as
 * build-time tokens (`data-ld-tokens`, src/plugins/highlighting/rehypeHighlight.ts), the
 * colours are a stylesheet for both modes (src/plugins/highlighting/plugin.ts), and the
 * block never remounts. Code without tokens (another language, a React child)
 * renders as plain text.
 */
import React, {isValidElement, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props as UpstreamProps} from '@theme/CodeBlock';
import {CopyButton, WordWrapButton, useWordWrap} from '@site/src/plugins/highlighting/theme/CodeBlock/CodeButtons';
import {parseCodeTokens, type CodeTokens} from '@site/src/plugins/highlighting/client/codeTokens';
import styles from './styles.module.css';

type Props = UpstreamProps & {
  /** Build-time tokens and highlighted lines (src/plugins/highlighting/client/codeTokens.ts), added by src/plugins/highlighting/rehypeHighlight.ts. */
  'data-ld-tokens'?: string;
};

/** `title="…"` or `title='…'` in a code fence's meta string. */
const titleOf = (metastring: string | undefined): string | undefined => /\btitle=(["'])(.*?)\1/.exec(metastring ?? '')?.[2];

/** `showLineNumbers` (from 1) or `showLineNumbers=N` in the meta string. */
function firstLineNumber(metastring: string | undefined, prop: boolean | number | undefined): number | undefined {
  if (typeof prop === 'number') return prop;
  if (prop === true) return 1;
  const m = /\bshowLineNumbers(?:=(\d+))?\b/.exec(metastring ?? '');
  return m ? Number(m[1] ?? 1) : undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** One line as HTML: its tokens as spans with Prism's class names. One React element per line, not per token. */
function lineHtml(text: string, line: readonly number[] | undefined, types: readonly string[]): string {
  if (!line) return escapeHtml(text);
  let html = '';
  let at = 0;
  for (let i = 0; i < line.length; i += 2) {
    const piece = escapeHtml(text.slice(at, at + line[i]!));
    const type = line[i + 1]!;
    at += line[i]!;
    html += type < 0 ? piece : `<span class="token ${types[type]}">${piece}</span>`;
  }
  return html;
}

/** The code as one string when it is one (MDX passes a string; React children may be several). */
function codeString(children: ReactNode): string | undefined {
  const parts = React.Children.toArray(children);
  if (parts.some((part) => isValidElement(part))) return undefined;
  return parts.join('');
}

function Lines({code, tokens, firstLine}: {code: string; tokens: CodeTokens | null; firstLine: number | undefined}): ReactNode {
  const lines = code.split('\n');
  const highlighted = new Set(tokens?.h ?? []);
  const numbered = firstLine !== undefined;
  return (
    <code
      className={clsx(styles.lines, numbered && styles.linesNumbered)}
      style={numbered && firstLine !== 1 ? {counterReset: `line-count ${firstLine - 1}`} : undefined}>
      {lines.map((line, i) => {
        const text = lineHtml(line, tokens?.l?.[i], tokens?.t ?? []);
        const html = numbered ? `<span class="${styles.lineNumber}"></span><span class="${styles.lineContent}">${text}</span>` : text;
        return (
          <span
            key={i}
            className={clsx('token-line', highlighted.has(i) && 'theme-code-block-highlighted-line', numbered && styles.line)}
            dangerouslySetInnerHTML={{__html: `${html}<br>`}}
          />
        );
      })}
    </code>
  );
}

export default function CodeBlock({
  children,
  className = '',
  metastring,
  title: titleProp,
  language: languageProp,
  showLineNumbers,
  'data-ld-tokens': tokensJson,
}: Props): ReactNode {
  const pre = useRef<HTMLPreElement>(null);
  const wrap = useWordWrap(pre);
  const isBrowser = useIsBrowser();
  const language = (languageProp ?? /\blanguage-(\S+)/.exec(className)?.[1])?.toLowerCase();
  const title = titleProp ?? titleOf(metastring);
  // MDX hands a fenced block's code over with its final newline.
  const code = codeString(children)?.replace(/\r?\n$/, '');
  const tokens = code === undefined ? null : parseCodeTokens(tokensJson, code.split('\n'));
  return (
    <div
      className={clsx(
        className,
        language && !className.includes(`language-${language}`) && `language-${language}`,
        ThemeClassNames.common.codeBlock,
        styles.container,
      )}>
      {/* The header strip: the file name or the language, and the buttons (they need JavaScript, so they appear with it, in room kept for them). */}
      <div className={styles.header}>
        <span className={clsx(styles.label, title && styles.labelTitle)}>{title ?? language ?? 'text'}</span>
        {isBrowser && (
          <div className={styles.buttons}>
            {wrap.offered && <WordWrapButton className={styles.button} enabled={wrap.enabled} onClick={wrap.toggle} />}
            {code !== undefined && <CopyButton className={styles.button} code={code} />}
          </div>
        )}
      </div>
      <div className={styles.content}>
        <pre
          ref={pre}
          /* A scrollable region must be reachable by keyboard. */
          tabIndex={0}
          className={clsx('prism-code', `language-${language ?? 'text'}`, styles.pre, wrap.enabled && styles.wrapped, 'thin-scrollbar')}>
          {code === undefined ? (
            <code className={styles.lines}>{children}</code>
          ) : (
            <Lines code={code} tokens={tokens} firstLine={firstLineNumber(metastring, showLineNumbers)} />
          )}
        </pre>
      </div>
    </div>
  );
}
