/**
 * The body of an API reference page, from the data the build wrote next to
 * it (src/api/pageData.ts). Headings, code samples, code blocks and links to
 * guides are React, as on any page; tables and notes arrive as HTML that the
 * server renders and the browser never hydrates, so a page of 2,000 table
 * cells costs no more to start than a guide.
 */
import React, {type MouseEvent, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import Details from '@theme/Details';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import type {PageBlock} from '../pageData';

/** Text, or HTML when it has markup. */
const inline = (html: string): ReactNode =>
  /[<&]/.test(html) ? <span dangerouslySetInnerHTML={{__html: html}} /> : html;

/** Links inside the static HTML move within the site without a full page load, like every other link. */
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

function Blocks({blocks, onClick}: {blocks: PageBlock[]; onClick: (event: MouseEvent<HTMLElement>) => void}): ReactNode {
  return blocks.map((block, i) => {
    if ('h' in block) {
      return (
        <Heading key={i} as={`h${block.h}`} id={block.id}>
          {inline(block.html)}
        </Heading>
      );
    }
    if ('html' in block) {
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates the clicks of the links inside
      return <div key={i} className="api-static" onClick={onClick} dangerouslySetInnerHTML={{__html: block.html}} />;
    }
    if ('details' in block) {
      return (
        <Details key={i} summary={<summary>{block.details}</summary>}>
          <Blocks blocks={block.blocks} onClick={onClick} />
        </Details>
      );
    }
    if ('code' in block) {
      return (
        <CodeBlock key={i} language={block.language} data-ld-tokens={block.tokens}>
          {block.code}
        </CodeBlock>
      );
    }
    if ('tabs' in block) {
      return (
        <Tabs key={i} groupId={block.tabs} lazy>
          {block.samples.map((sample, j) => (
            <TabItem key={sample.value} value={sample.value} label={sample.label} default={j === 0}>
              <CodeBlock language={sample.language} data-ld-tokens={sample.tokens}>
                {sample.code}
              </CodeBlock>
            </TabItem>
          ))}
        </Tabs>
      );
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

export default function Operation({blocks}: {blocks: PageBlock[]}): ReactNode {
  const onClick = useInternalLinks();
  return <Blocks blocks={blocks} onClick={onClick} />;
}
