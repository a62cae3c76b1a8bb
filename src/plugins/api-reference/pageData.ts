/**
 * One output of the API reference (see ./blocks.ts): what the site's page of
 * an operation is made of, read by src/plugins/api-reference/client/Operation.tsx. The blocks'
 * static parts are already HTML (tables, descriptions, notes), code is
 * highlighted and product URLs are filled in. The page's MDX (./docsFiles.ts)
 * is a few lines that import this data: compiling 169 pages of Markdown tables
 * cost the build about eight seconds, and hydrating their tables cost every
 * reader's browser.
 */
import {createSlugger} from '@docusaurus/utils';
import {highlightTokens, loadLanguages} from '../highlighting/tokenize';
import {CODE_LANGUAGES} from '../highlighting/languages';
import {escapeHtml} from '../../utils/html';
import {docRoute} from '../../utils/docRoutes';
import {inlineHtml, inlineText, proseHtml, tableHtml} from './html';
import {linkResolver, type Block, type OperationContent} from './blocks';
import type {Sample} from './samples';

/** The site's one tab group for code languages: a reader's choice holds on every page. */
export const LANGUAGE_TAB_GROUP = 'api-language';

/** A sample's tab: "curl", "javascript", "python". */
export const sampleValue = (sample: Sample): string => (sample.label === 'curl' ? 'curl' : sample.language);

export interface PageSample {
  value: string;
  label: string;
  language: string;
  code: string;
  /** Build-time tokens (src/plugins/highlighting), as the code block component reads them. */
  tokens?: string;
}

/** One piece of a reference page, as src/plugins/api-reference/client/Operation.tsx renders it. */
export type PageBlock =
  /** A heading, with the id Docusaurus would give it. */
  | {h: 2 | 3 | 4; id: string; html: string}
  /** Static HTML: rendered on the server, never hydrated. */
  | {html: string}
  /**
   * Parameters or fields as rows (name, type, required tag, description). With `anchor`, each row has its
   * own anchor, `<anchor>-<name>` unless the row names another; the response's folded fields have none.
   */
  | {params: ParamRow[]; anchor?: string}
  /** The page in two columns (see `layoutOf`): only ever the page's one block. */
  | {columns: OperationLayout}
  /** A collapsed section (the theme's Details), around static HTML. */
  | {details: string; blocks: PageBlock[]}
  | {code: string; language: string; tokens?: string}
  /** The code samples, in the site's one tab group for languages. */
  | {tabs: string; samples: PageSample[]}
  /** Links to other pages of the docs (client-side navigation, checked by the build). */
  | {links: Array<{to: string; title: string}>}
  /** The API console's panel (src/plugins/api-reference/client/console), loaded when a reader opens it. */
  | {console: true}
  /**
   * Variants of a body ("One of these objects"), behind one selector (tabs): `variants` is what tells them apart
   * ("provider"); each option has its label ("aws"), the id its heading had, and its fields.
   */
  | {variants: string; options: Array<{label: string; id: string; blocks: PageBlock[]}>};

/*
 * The two-column layout (maintainers/design.md): which of a page's blocks go
 * on the left, which on the right, decided at build time into the page's
 * data; the browser only draws it.
 */

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

/** An entry of the page's table of contents, as Docusaurus's own (HTML value). */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

export interface OperationPageData {
  blocks: PageBlock[];
  toc: TocItem[];
}

/** A table of parameters or fields (name, type, required, description), which the page shows as a list of rows instead. */
const isParameterTable = (head: string[]): boolean =>
  head.length === 4 && (head[0] === 'Name' || head[0] === 'Field') && head[1] === 'Type' && head[2] === 'Required' && head[3] === 'Description';

/**
 * A row of parameters or fields: the name (plain text: the page shows it as
 * code), the type and the description as HTML, 1 when required, and the
 * row's anchor when it is not the list's `anchor` and its name.
 */
export type ParamRow = [name: string, type: string, required: 0 | 1, description: string, id?: string];

/**
 * Parameters or fields as rows, as the reference sites list them: the name (a
 * link to its own anchor), its type and a "Required" tag on one line, the
 * description under it. Nothing is wider than a phone, and each row of the
 * request can be linked to (`sectionId`: its anchor's prefix). A response's
 * fields, folded under "Fields of the response", have no anchor (`null`).
 * Data, not HTML: the page's data is part of its first load, and the markup
 * and anchors of every row are the same (on Add a server, 0.6 KB gzip less).
 */
function parameterList(rows: string[][], sectionId: string | null, slugger: ReturnType<typeof createSlugger>, link: (url: string) => string): PageBlock {
  const params = rows.map(([name = '', type = '', required = '', description = '']): ParamRow => {
    const code = /^`([^`<&]+)`$/.exec(name.trim())?.[1];
    if (code === undefined) throw new Error(`api-reference: a parameter's name is not one code span: ${name}`);
    const row: ParamRow = [code, inlineHtml(type, link), required === 'Yes' ? 1 : 0, description ? inlineHtml(description, link) : ''];
    if (sectionId !== null) {
      const id = slugger.slug(`${sectionId}-${code}`);
      if (id !== `${sectionId}-${code.toLowerCase()}`) row.push(id);
    }
    return row;
  });
  return sectionId === null ? {params} : {params, anchor: sectionId};
}

/** A variant's heading, as ./blocks.ts writes it: "provider: `aws`". */
const VARIANT_HEADING = /^([\w.]+): <code>([^<]+)<\/code>$/;

/**
 * Runs of two or more variant headings of one property (each followed by its
 * fields) become one block of variants, which the page shows behind one
 * selector instead of one list of fields after another.
 */
export function groupVariants(blocks: PageBlock[]): {blocks: PageBlock[]; grouped: Set<string>} {
  const out: PageBlock[] = [];
  const grouped = new Set<string>();
  for (let i = 0; i < blocks.length; i++) {
    const options: Array<{label: string; id: string; blocks: PageBlock[]}> = [];
    let property = '';
    let j = i;
    for (;;) {
      const heading = blocks[j];
      const match = heading && 'h' in heading ? VARIANT_HEADING.exec(heading.html) : null;
      if (!match || !heading || !('h' in heading) || (property && match[1] !== property)) break;
      property = match[1]!;
      const body: PageBlock[] = [];
      let k = j + 1;
      while (k < blocks.length && !('h' in blocks[k]!)) body.push(blocks[k++]!);
      options.push({label: match[2]!, id: heading.id, blocks: body});
      j = k;
    }
    if (options.length >= 2) {
      out.push({variants: property, options});
      for (const option of options) grouped.add(option.id);
      i = j - 1;
    } else out.push(blocks[i]!);
  }
  return {blocks: out, grouped};
}

const highlighted = (code: string, language: string): string | undefined => {
  loadLanguages(CODE_LANGUAGES);
  const tokens = highlightTokens(code, language);
  return tokens ? JSON.stringify(tokens) : undefined;
};

/** The page data of an operation, from its page's content. */
export function operationPageData(page: Pick<OperationContent, 'file' | 'heading' | 'blocks'>): OperationPageData {
  const link = linkResolver(page.file);
  const slugger = createSlugger();
  // The heading (h1) takes its slug first, as it does in a Markdown page.
  slugger.slug(page.heading);
  const toc: TocItem[] = [];
  let heading = '';
  let headingId = '';

  /** `anchors`: rows get their own anchor (the request's parameters and fields); a response's fields, folded away, don't. */
  const convert = (list: Block[], anchors = true): PageBlock[] => {
    const out: PageBlock[] = [];
    const html = (fragment: string) => {
      const last = out.at(-1);
      if (last && 'html' in last && !('h' in last)) last.html += fragment;
      else out.push({html: fragment});
    };
    for (const block of list) {
      switch (block.type) {
        case 'heading': {
          const text = block.text;
          const value = inlineHtml(text, link);
          const id = slugger.slug(inlineText(text));
          heading = inlineText(text);
          headingId = id;
          toc.push({value, id, level: block.depth});
          out.push({h: block.depth, id, html: value});
          break;
        }
        case 'paragraph':
          html(`<p>${inlineHtml(block.text, link)}</p>`);
          break;
        case 'prose':
          html(proseHtml(block.text, link));
          break;
        case 'list':
          html(`<ul>${block.items.map((item) => `<li>${inlineHtml(item, link)}</li>`).join('')}</ul>`);
          break;
        case 'table':
          if (isParameterTable(block.head)) out.push(parameterList(block.rows, anchors ? headingId : null, slugger, link));
          else html(tableHtml(block.head, block.rows, heading ? `Table: ${heading}` : 'Table', link));
          break;
        case 'endpoint':
          html(
            `<p class="api-endpoint"><span class="api-method-badge api-method-badge--${block.method}">${block.method.toUpperCase()}</span> <code>${escapeHtml(block.path)}</code></p>`,
          );
          break;
        case 'details':
          out.push({details: block.summary, blocks: convert(block.blocks, false)});
          break;
        case 'code': {
          const code = block.code;
          out.push({code, language: block.language, tokens: highlighted(code, block.language)});
          break;
        }
        case 'samples':
          out.push({
            tabs: LANGUAGE_TAB_GROUP,
            samples: block.samples.map((sample) => {
              const code = sample.code;
              return {value: sampleValue(sample), label: sample.label, language: sample.language, code, tokens: highlighted(code, sample.language)};
            }),
          });
          break;
        case 'guides':
          out.push({links: block.guides.map((g) => ({to: docRoute(g.file), title: g.title}))});
          break;
        case 'console':
          convert([
            {type: 'heading', depth: 2, text: block.heading},
            {type: 'paragraph', text: block.text},
          ]).forEach((piece) => out.push(piece));
          out.push({console: true});
          break;
      }
    }
    return out;
  };
  const {blocks, grouped} = groupVariants(convert(page.blocks));
  const columns = layoutOf(blocks);
  // A variant's heading became its tab: "On this page" links to the body, not to hidden panels.
  return {blocks: columns ? [{columns}] : blocks, toc: toc.filter((item) => !grouped.has(item.id))};
}
