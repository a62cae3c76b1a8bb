/**
 * The API reference page's two-column layout (maintainers/design.md): which
 * of a page's blocks (./pageData.ts) go on the left, which on the right.
 * Decided at build time, into the page's data: the browser only draws it.
 */
import type {PageBlock} from './pageData';

/** The page in two columns' worth of parts (see `layoutOf`). */
export interface OperationLayout {
  /** The operation and its request: parameters, headers, body. */
  top: PageBlock[];
  /** Example request (the samples), then Try it (the console): the right-hand column from 1200 px. */
  aside: PageBlock[];
  /** Each response's example, by status, shown in the right-hand column under the request. */
  responses: Array<{status: string; block: PageBlock}>;
  /** Responses (without their examples), errors, rate limits, guides, changelog. */
  rest: PageBlock[];
}

const plain = (html: string): string => html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');

/**
 * Splits a page's blocks for the two-column layout, keeping their order
 * within each part; null when the page doesn't have the usual sections (the
 * page is then drawn in one column, as written).
 */
export function layoutOf(blocks: PageBlock[]): OperationLayout | null {
  const at = (id: string) => blocks.findIndex((block) => 'h' in block && block.id === id);
  const example = at('example-request');
  const responsesAt = at('responses');
  if (example < 0 || responsesAt < example) return null;
  const responses: OperationLayout['responses'] = [];
  const rest: PageBlock[] = [];
  let status = '';
  for (const block of blocks.slice(responsesAt)) {
    if ('h' in block) status = block.h === 3 && /^\d{3}\b/.test(plain(block.html)) ? plain(block.html) : '';
    if (status && 'code' in block && !responses.some((r) => r.status === status)) responses.push({status, block});
    else rest.push(block);
  }
  return {top: blocks.slice(0, example), aside: blocks.slice(example, responsesAt), responses, rest};
}
