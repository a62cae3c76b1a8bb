// Ejected: renders the tokens computed at build time (src/highlight) instead of running Prism in the browser.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {useThemeConfig} from '@docusaurus/theme-common';
import {
  parseCodeBlockTitle,
  parseLanguage,
  parseLines,
  containsLineNumbers,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import Container from '@theme/CodeBlock/Container';
import type {Props as BaseProps} from '@theme/CodeBlock/Content/String';

import styles from './styles.module.css';

type Props = BaseProps & {
  /** JSON array of each line's token HTML, added by src/highlight/rehypeHighlight.ts. */
  'data-ld-lines'?: string;
};

function normalizeLanguage(language: string | undefined): string | undefined {
  return language?.toLowerCase();
}

/** The build-time lines, or null when they are missing or no longer match the code. */
function prebuiltLines(json: string | undefined, code: string): string[] | null {
  if (!json) return null;
  try {
    const lines: unknown = JSON.parse(json);
    if (Array.isArray(lines) && lines.length === code.split('\n').length && lines.every((l) => typeof l === 'string')) {
      return lines as string[];
    }
  } catch {
    // Fall through to plain text.
  }
  return null;
}

export default function CodeBlockString({
  children,
  className: blockClassName = '',
  metastring,
  title: titleProp,
  showLineNumbers: showLineNumbersProp,
  language: languageProp,
  'data-ld-lines': linesJson,
}: Props): ReactNode {
  const {
    prism: {defaultLanguage, magicComments},
  } = useThemeConfig();
  const language = normalizeLanguage(languageProp ?? parseLanguage(blockClassName) ?? defaultLanguage);
  const wordWrap = useCodeWordWrap();
  const title = parseCodeBlockTitle(metastring) || titleProp;
  const {lineClassNames, code} = parseLines(children, {metastring, language, magicComments});
  const showLineNumbers = showLineNumbersProp ?? containsLineNumbers(metastring);
  // Magic comments remove lines, so build-time tokens only apply when the code is unchanged.
  const lines = prebuiltLines(linesJson, code);

  return (
    <Container
      as="div"
      className={clsx(
        blockClassName,
        language && !blockClassName.includes(`language-${language}`) && `language-${language}`,
      )}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.codeBlockContent}>
        <pre
          /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${language ?? 'text'}`, styles.codeBlock, 'thin-scrollbar')}>
          <code className={clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering)}>
            {(lines ?? code.split('\n')).map((line, i) => {
              const lineClassName = clsx('token-line', lineClassNames[i], showLineNumbers && styles.codeLine);
              if (lines && !showLineNumbers) {
                return <span key={i} className={lineClassName} dangerouslySetInnerHTML={{__html: `${line}<br>`}} />;
              }
              const content = lines ? (
                <span className={styles.codeLineContent} dangerouslySetInnerHTML={{__html: line}} />
              ) : (
                <span className={clsx(showLineNumbers && styles.codeLineContent)}>{line}</span>
              );
              return (
                <span key={i} className={lineClassName}>
                  {showLineNumbers && <span className={styles.codeLineNumber} />}
                  {content}
                  <br />
                </span>
              );
            })}
          </code>
        </pre>
        <div className={styles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton
              className={styles.codeButton}
              onClick={() => wordWrap.toggle()}
              isEnabled={wordWrap.isEnabled}
            />
          )}
          <CopyButton className={styles.codeButton} code={code} />
        </div>
      </div>
    </Container>
  );
}
