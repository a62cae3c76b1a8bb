/**
 * What the site's reference page of an operation is made of: the blocks of
 * ./render.ts with their static parts already HTML (tables, descriptions,
 * notes), code highlighted and product URLs filled in, read by
 * src/api/client/Operation.tsx. The page's MDX is a few lines that import
 * this data: compiling 169 pages of Markdown tables cost the build about eight
 * seconds, and hydrating their tables cost every reader's browser.
 */
import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';
import {highlightTokens, loadLanguages} from '../highlight/tokenize';
import {CODE_LANGUAGES} from '../highlight/languages';
import {replaceUrlTokens} from '../remark/productUrls';
import {escapeHtml} from '../utils/html';
import {docRoute} from '../utils/docRoutes';
import {inlineHtml, inlineText, proseHtml, tableHtml, type LinkResolver} from './html';
import {LANGUAGE_TAB_GROUP, sampleValue, type Block} from './render';

export interface PageSample {
  value: string;
  label: string;
  language: string;
  code: string;
  /** Build-time tokens (src/highlight), as the code block component reads them. */
  tokens?: string;
}

/** One piece of a reference page, as src/api/client/Operation.tsx renders it. */
export type PageBlock =
  /** A heading, with the id Docusaurus would give it. */
  | {h: 2 | 3 | 4; id: string; html: string}
  /** Static HTML: rendered on the server, never hydrated. */
  | {html: string}
  /** A collapsed section (the theme's Details), around static HTML. */
  | {details: string; blocks: PageBlock[]}
  | {code: string; language: string; tokens?: string}
  /** The code samples, in the site's one tab group for languages. */
  | {tabs: string; samples: PageSample[]}
  /** Links to other pages of the docs (client-side navigation, checked by the build). */
  | {links: Array<{to: string; title: string}>};

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

/** Resolves the Markdown links of a page at `file` (under docs/) to the site's addresses. */
export function linkResolver(file: string): LinkResolver {
  return (url) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
    const [target = '', hash] = url.split('#');
    const route = docRoute(path.posix.normalize(path.posix.join(path.posix.dirname(file), target)));
    return hash ? `${route}#${hash}` : route;
  };
}

const highlighted = (code: string, language: string): string | undefined => {
  loadLanguages(CODE_LANGUAGES);
  const tokens = highlightTokens(code, language);
  return tokens ? JSON.stringify(tokens) : undefined;
};

/**
 * The page data of an operation whose page is `file` (under docs/) and whose
 * title is `title`, from its blocks (./render.ts operationBlocks).
 */
export function operationPageData(blocks: Block[], file: string, title: string): OperationPageData {
  const link = linkResolver(file);
  const slugger = createSlugger();
  // The title (h1) takes its slug first, as it does in a Markdown page.
  slugger.slug(title);
  const toc: TocItem[] = [];
  let heading = '';

  const convert = (list: Block[]): PageBlock[] => {
    const out: PageBlock[] = [];
    const html = (fragment: string) => {
      const last = out.at(-1);
      if (last && 'html' in last && !('h' in last)) last.html += fragment;
      else out.push({html: fragment});
    };
    for (const block of list) {
      switch (block.type) {
        case 'heading': {
          const text = replaceUrlTokens(block.text);
          const value = inlineHtml(text, link);
          const id = slugger.slug(inlineText(text));
          heading = inlineText(text);
          toc.push({value, id, level: block.depth});
          out.push({h: block.depth, id, html: value});
          break;
        }
        case 'paragraph':
          html(`<p>${inlineHtml(replaceUrlTokens(block.text), link)}</p>`);
          break;
        case 'prose':
          html(proseHtml(replaceUrlTokens(block.text), link));
          break;
        case 'list':
          html(`<ul>${block.items.map((item) => `<li>${inlineHtml(replaceUrlTokens(item), link)}</li>`).join('')}</ul>`);
          break;
        case 'table':
          html(
            tableHtml(
              block.head,
              block.rows.map((row) => row.map(replaceUrlTokens)),
              heading ? `Table: ${heading}` : 'Table',
              link,
            ),
          );
          break;
        case 'endpoint':
          html(
            `<p class="api-endpoint"><span class="api-method-badge api-method-badge--${block.method}">${block.method.toUpperCase()}</span> <code>${escapeHtml(block.path)}</code></p>`,
          );
          break;
        case 'details':
          out.push({details: block.summary, blocks: convert(block.blocks)});
          break;
        case 'code': {
          const code = replaceUrlTokens(block.code);
          out.push({code, language: block.language, tokens: highlighted(code, block.language)});
          break;
        }
        case 'samples':
          out.push({
            tabs: LANGUAGE_TAB_GROUP,
            samples: block.samples.map((sample) => {
              const code = replaceUrlTokens(sample.code);
              return {value: sampleValue(sample), label: sample.label, language: sample.language, code, tokens: highlighted(code, sample.language)};
            }),
          });
          break;
        case 'guides':
          out.push({links: block.guides.map((g) => ({to: docRoute(g.file), title: g.title}))});
          break;
      }
    }
    return out;
  };
  return {blocks: convert(blocks), toc};
}

/**
 * The Markdown for readers' tools of an operation's page (what src/markdown
 * makes of every other page, written here from the blocks without parsing
 * anything): front matter, product URLs filled in, the samples as sections
 * headed by their language, every link absolute.
 */
export function operationToolsMarkdown(
  blocks: Block[],
  page: {file: string; route: string; title: string; description: string; heading: string; siteUrl: string},
): string {
  const resolve = linkResolver(page.file);
  const absolute = (url: string) => {
    const target = resolve(url);
    return target.startsWith('/') ? `${page.siteUrl}${target}` : target.startsWith('#') ? `${page.siteUrl}${page.route}${target}` : target;
  };
  const inline = (text: string) =>
    replaceUrlTokens(text).replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => `[${label}](${absolute(url)})`);
  const fence = (language: string, code: string) => {
    const marker = code.includes('```') ? '~~~~' : '```';
    return `${marker}${language}\n${replaceUrlTokens(code)}\n${marker}`;
  };
  let depth = 1;
  const write = (list: Block[]): string[] =>
    list.flatMap((block): string[] => {
      switch (block.type) {
        case 'heading':
          depth = block.depth;
          return [`${'#'.repeat(block.depth)} ${inline(block.text)}`];
        case 'paragraph':
        case 'prose':
          return [inline(block.text)];
        case 'list':
          return [block.items.map((item) => `- ${inline(item)}`).join('\n')];
        case 'table':
          return [
            [
              `| ${block.head.join(' | ')} |`,
              `| ${block.head.map(() => '---').join(' | ')} |`,
              ...block.rows.map((row) => `| ${row.map((c) => inline(c).replace(/\|/g, '\\|')).join(' | ')} |`),
            ].join('\n'),
          ];
        case 'details':
          return [`**${block.summary}**`, ...write(block.blocks)];
        case 'code':
          return [fence(block.language, block.code)];
        case 'samples':
          return block.samples.flatMap((sample) => [`${'#'.repeat(Math.min(depth + 1, 6))} ${sample.label}`, fence(sample.language, sample.code)]);
        case 'endpoint':
          return [`${block.method.toUpperCase()} \`${block.path}\``];
        case 'guides':
          return [block.guides.map((g) => `- [${g.title}](${page.siteUrl}${docRoute(g.file)})`).join('\n')];
      }
    });
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(page.title)}`,
    `description: ${JSON.stringify(page.description)}`,
    `url: ${page.siteUrl}${page.route}`,
    '---',
  ];
  return `${frontMatter.join('\n')}\n\n${[`# ${page.heading}`, ...write(blocks)].join('\n\n')}\n`;
}
