// Ejected: renders the tokens computed at build time (src/highlight) instead of running Prism in the browser.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {useThemeConfig} from '@docusaurus/theme-common';
import {parseCodeBlockTitle, parseLanguage, parseLines, containsLineNumbers, useCodeWordWrap} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import Container from '@theme/CodeBlock/Container';
import type {Props as BaseProps} from '@theme/CodeBlock/Content/String';

import styles from './styles.module.css';

type Props = BaseProps & {
  /** The build-time tokens (src/highlight/tokenize.ts, CodeTokens), added by src/highlight/rehypeHighlight.ts. */
  'data-ld-tokens'?: string;
};

interface CodeTokens {
  t: string[];
  l: number[][];
}

function normalizeLanguage(language: string | undefined): string | undefined {
  return language?.toLowerCase();
}

/** The build-time tokens, or null when they are missing or no longer match the code. */
function prebuiltTokens(json: string | undefined, lines: string[]): CodeTokens | null {
  if (!json) return null;
  try {
    const tokens = JSON.parse(json) as CodeTokens;
    const fits =
      Array.isArray(tokens.t) &&
      Array.isArray(tokens.l) &&
      tokens.l.length === lines.length &&
      tokens.l.every((line, i) => line.reduce((sum, n, j) => (j % 2 === 0 ? sum + n : sum), 0) === lines[i]!.length);
    return fits ? tokens : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * One line as HTML: its tokens as spans with prism-react-renderer's class
 * names. Lines are HTML rather than React elements, so a long code block
 * costs React one element per line to hydrate (and to mount again once the
 * page knows it runs in a browser), not one per token.
 */
function tokenLineHtml(text: string, line: number[], types: string[]): string {
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

export default function CodeBlockString({
  children,
  className: blockClassName = '',
  metastring,
  title: titleProp,
  showLineNumbers: showLineNumbersProp,
  language: languageProp,
  'data-ld-tokens': tokensJson,
}: Props): ReactNode {
  const {
    prism: {defaultLanguage, magicComments},
  } = useThemeConfig();
  const language = normalizeLanguage(languageProp ?? parseLanguage(blockClassName) ?? defaultLanguage);
  const wordWrap = useCodeWordWrap();
  const title = parseCodeBlockTitle(metastring) || titleProp;
  const {lineClassNames, code} = parseLines(children, {metastring, language, magicComments});
  const showLineNumbers = showLineNumbersProp ?? containsLineNumbers(metastring);
  const codeLines = code.split('\n');
  // Magic comments remove lines, so build-time tokens only apply when the code is unchanged.
  const tokens = prebuiltTokens(tokensJson, codeLines);

  return (
    <Container as="div" className={clsx(blockClassName, language && !blockClassName.includes(`language-${language}`) && `language-${language}`)}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.codeBlockContent}>
        <pre
          /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${language ?? 'text'}`, styles.codeBlock, 'thin-scrollbar')}>
          <code className={clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering)}>
            {codeLines.map((line, i) => {
              const text = tokens ? tokenLineHtml(line, tokens.l[i]!, tokens.t) : escapeHtml(line);
              const html = showLineNumbers ? `<span class="${styles.codeLineNumber}"></span><span class="${styles.codeLineContent}">${text}</span>` : text;
              return (
                <span
                  key={i}
                  className={clsx('token-line', lineClassNames[i], showLineNumbers && styles.codeLine)}
                  dangerouslySetInnerHTML={{__html: `${html}<br>`}}
                />
              );
            })}
          </code>
        </pre>
        <div className={styles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton className={styles.codeButton} onClick={() => wordWrap.toggle()} isEnabled={wordWrap.isEnabled} />
          )}
          <CopyButton className={styles.codeButton} code={code} />
        </div>
      </div>
    </Container>
  );
}
