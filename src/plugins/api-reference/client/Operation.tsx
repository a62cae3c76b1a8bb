/**
 * The body of an API reference page, from the data the build wrote next to
 * it (src/plugins/api-reference/pageData.ts). Headings, code samples, code blocks and links to
 * guides are React, as on any page; tables and notes arrive as HTML that the
 * server renders and the browser never hydrates (on a large page, more than
 * half of its elements).
 */
import React, {useEffect, useState, type ComponentType, type ElementType, type MouseEvent, type ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {useMDXComponents} from '@mdx-js/react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import type {PageBlock, PageSample, ParamRow} from '../pageData';
import {LIVE_SAMPLES_EVENT, OPEN_KEY} from './console/keys';
import type {TryItProps} from './console/TryIt';

/** Text, or HTML when it has markup. */
const inline = (html: string): ReactNode => (/[<&]/.test(html) ? <span dangerouslySetInnerHTML={{__html: html}} /> : html);

/** Links inside the static HTML move within the site without a full page load, like every other link (one handler for the page's body: clicks bubble to it). */
function useInternalLinks(): (event: MouseEvent<HTMLElement>) => void {
  const history = useHistory();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    const href = anchor?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//') || anchor?.getAttribute('target')) return;
    event.preventDefault();
    history.push(href);
  };
}

/**
 * The "Try it" panel's button. The console (src/plugins/api-reference/client/console, from TryIt.tsx)
 * loads when the reader presses it, or by itself in a tab where the reader
 * left it open on another reference page: the page's first load carries none
 * of it.
 */
function ConsolePlace({data}: {data: string}): ReactNode {
  const [host, setHost] = useState<{Host: ComponentType<TryItProps>; focus: boolean}>();
  const [failed, setFailed] = useState(false);
  const open = (focus: boolean) =>
    import('./console/TryIt').then(
      (m) => setHost({Host: m.default, focus}),
      () => setFailed(true),
    );
  useEffect(() => {
    try {
      if (sessionStorage.getItem(OPEN_KEY) === '1') void open(false);
    } catch {
      // No sessionStorage: the button opens it.
    }
  }, []);
  if (host) return <host.Host data={data} focus={host.focus} onClose={() => setHost(undefined)} />;
  return (
    <div className="api-console-launch">
      <button type="button" className="button button--primary" onClick={() => void open(true)}>
        Open the console
      </button>
      {failed && <p role="alert">The console couldn&apos;t load. Check your connection and press the button again.</p>}
    </div>
  );
}

/** Parameters or fields as rows (../pageData.ts, ParamRow); the type and description are static HTML. */
function Params({rows, anchor}: {rows: ParamRow[]; anchor?: string}): ReactNode {
  return (
    <ul className="api-params">
      {rows.map(([name, type, required, description, id = anchor && `${anchor}-${name.toLowerCase()}`], j) => (
        <li key={j} id={id}>
          {id ? (
            // eslint-disable-next-line @docusaurus/no-html-links -- the row's own anchor
            <a href={`#${id}`}>
              <code>{name}</code>
            </a>
          ) : (
            // No anchor (a response's folded fields): the name alone, since a link without an address is not one.
            <code>{name}</code>
          )}
          <span dangerouslySetInnerHTML={{__html: type}} />
          {required ? <b>Required</b> : null}
          {description && <div dangerouslySetInnerHTML={{__html: description}} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Headings, code blocks and collapsed sections come from the MDX components of
 * the page (as a Markdown page gets them), not from imports of their own: the
 * reference pages then share the JavaScript chunks of every other page.
 */
type Components = ReturnType<typeof useMDXComponents>;

interface BlocksProps {
  blocks: PageBlock[];
  components: Components;
  consoleData?: string;
}

type CodeBlockOf = (language: string, code: string, tokens?: string) => ReactNode;

/** The code samples; while the console is open, with the reader's values (highlighted only where they equal the example). */
function SampleTabs({group, samples, codeBlock}: {group: string; samples: PageSample[]; codeBlock: CodeBlockOf}): ReactNode {
  const [live, setLive] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    const follow = (event: Event) => setLive((event as CustomEvent<Record<string, string> | null>).detail);
    window.addEventListener(LIVE_SAMPLES_EVENT, follow);
    return () => window.removeEventListener(LIVE_SAMPLES_EVENT, follow);
  }, []);
  return (
    <Tabs groupId={group} lazy>
      {samples.map((sample, j) => {
        const code = live?.[sample.value] ?? sample.code;
        return (
          <TabItem key={sample.value} value={sample.value} label={sample.label} default={j === 0}>
            {codeBlock(sample.language, code, code === sample.code ? sample.tokens : undefined)}
          </TabItem>
        );
      })}
    </Tabs>
  );
}

function Blocks({blocks, components, consoleData}: BlocksProps): ReactNode {
  const c = components as Record<string, ElementType | undefined>;
  const Code = c.code ?? 'code';
  const Details = c.details ?? 'details';
  const headings: Record<2 | 3 | 4, ElementType> = {2: c.h2 ?? 'h2', 3: c.h3 ?? 'h3', 4: c.h4 ?? 'h4'};
  // A fenced code block as MDX renders one: the code ends with a newline, so it's never inline code.
  const codeBlock: CodeBlockOf = (language, code, tokens) => <Code className={`language-${language}`} data-ld-tokens={tokens}>{`${code}\n`}</Code>;
  return blocks.map((block, i) => {
    if ('h' in block) {
      const Heading = headings[block.h];
      return (
        <Heading key={i} id={block.id}>
          {inline(block.html)}
        </Heading>
      );
    }
    if ('html' in block) {
      return <div key={i} className="api-static" dangerouslySetInnerHTML={{__html: block.html}} />;
    }
    if ('params' in block) {
      return <Params key={i} rows={block.params} anchor={block.anchor} />;
    }
    if ('columns' in block) {
      const {top, aside, responses, rest} = block.columns;
      const parts = (list: PageBlock[]) => <Blocks blocks={list} components={components} consoleData={consoleData} />;
      return (
        <div key={i} className="api-layout">
          <div className="api-layout__top">{parts(top)}</div>
          <div className="api-layout__aside">
            {parts(aside)}
            {responses.length > 0 && (
              <div className="api-layout__responses">
                <p className="api-layout__label">Response examples</p>
                <Tabs lazy>
                  {responses.map(({status, block: example}) => (
                    <TabItem key={status} value={status} label={status}>
                      {parts([example])}
                    </TabItem>
                  ))}
                </Tabs>
              </div>
            )}
          </div>
          <div className="api-layout__rest">{parts(rest)}</div>
        </div>
      );
    }
    if ('details' in block) {
      return (
        <Details key={i}>
          <summary>{block.details}</summary>
          <Blocks blocks={block.blocks} components={components} consoleData={consoleData} />
        </Details>
      );
    }
    if ('code' in block) {
      return <React.Fragment key={i}>{codeBlock(block.language, block.code, block.tokens)}</React.Fragment>;
    }
    if ('tabs' in block) {
      return <SampleTabs key={i} group={block.tabs} samples={block.samples} codeBlock={codeBlock} />;
    }
    if ('variants' in block) {
      // One selector for the variants of a body: the first is shown until the reader picks another.
      return (
        <div key={i} className="api-variants">
          <p className="api-variants__label">
            <code>{block.variants}</code>
          </p>
          <Tabs>
            {block.options.map((option) => (
              <TabItem key={option.id} value={option.label} label={option.label}>
                <div id={option.id}>
                  <Blocks blocks={option.blocks} components={components} consoleData={consoleData} />
                </div>
              </TabItem>
            ))}
          </Tabs>
        </div>
      );
    }
    if ('console' in block) {
      return consoleData ? <ConsolePlace key={i} data={consoleData} /> : null;
    }
    return (
      <ul key={i}>
        {block.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.title}</Link>
          </li>
        ))}
      </ul>
    );
  });
}

export default function Operation({blocks, consoleData}: {blocks: PageBlock[]; consoleData?: string}): ReactNode {
  return (
    // Delegates the clicks of the links inside the static HTML.
    <div onClick={useInternalLinks()}>
      <Blocks blocks={blocks} components={useMDXComponents()} consoleData={consoleData} />
    </div>
  );
}
