/**
 * Turns a page's source (MDX) into clean, self-contained Markdown for readers'
 * tools (`/docs/<page>.md`, /llms-full.txt): its title and description as
 * front matter, product URLs resolved, tabs flattened into labelled sections,
 * card lists as lists of links, admonitions as quotes, diagrams as their
 * description and source, the changelog's lists and entry dates as on the
 * site, no imports or JSX, and every link absolute.
 */
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import remarkProductUrls from '../../utils/productUrls';
import remarkApiReferenceLinks from '../api-reference/remarkReferenceLinks';
import remarkChangelog from '../changelog/remarkChangelog';
import {docsDirOf} from '../../utils/docsSource';

/** A page as the export needs it. */
export interface ExportPage {
  /** Path of the source under docs/ ("servers/add-server.md"). */
  file: string;
  /** Its route ("/docs/servers/add-server"). */
  route: string;
  title: string;
  description: string;
  source: string;
}

export interface ExportContext {
  siteUrl: string;
  /** A doc's route from its path under docs/ ("servers/index.md" → "/docs/servers/"), or undefined. */
  routeOf(file: string): string | undefined;
  /** A doc's title from its path under docs/, or undefined (the changelog's entries name their sections by it). */
  titleOf(file: string): string | undefined;
  /** The pages a section's card list shows. */
  childrenOf(route: string): Array<{title: string; route: string; description: string}>;
  /** The site's folder: with it, each curl example links to its API reference page, as on the site. */
  siteDir?: string;
}

interface Node {
  type: string;
  value?: string;
  url?: string;
  depth?: number;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  attributes?: Array<{type: string; name?: string; value?: unknown}>;
  children?: Node[];
  data?: Record<string, unknown>;
  ordered?: boolean;
  spread?: boolean;
}

/** The Markdown URL of a page route ("/docs/servers/" → "/docs/servers/index.md"). */
export const markdownPath = (route: string): string => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);

const text = (value: string): Node => ({type: 'text', value});
const attribute = (node: Node, name: string): string | undefined => {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
};
const plainText = (node: Node): string => (node.value ?? '') + (node.children ?? []).map(plainText).join('');

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
};

function transform(nodes: Node[], page: ExportPage, context: ExportContext, depth: number): Node[] {
  const out: Node[] = [];
  let sectionDepth = depth;
  for (const node of nodes) {
    if (node.type === 'heading') sectionDepth = node.depth ?? sectionDepth;
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
        continue;
      case 'mdxTextExpression': {
        // A string literal ({"/servers/{id}"}) is text; anything else has no place in Markdown.
        const literal = /^\s*(["'])(.*)\1\s*$/.exec(node.value ?? '');
        if (literal) out.push(text(JSON.parse(`"${literal[2]!.replace(/\\?"/g, '\\"')}"`)));
        continue;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        out.push(...jsx(node, page, context, sectionDepth));
        continue;
      }
      case 'containerDirective': {
        const label = ADMONITION_LABELS[node.name ?? ''] ?? 'Note';
        const children = transform(node.children ?? [], page, context, sectionDepth).filter(
          (c) => !(c.data as {directiveLabel?: boolean} | undefined)?.directiveLabel,
        );
        const [first, ...rest] = children;
        const lead: Node = {type: 'strong', children: [text(`${label}:`)]};
        const blocks =
          first?.type === 'paragraph'
            ? [{...first, children: [lead, text(' '), ...(first.children ?? [])]}, ...rest]
            : [{type: 'paragraph', children: [lead]}, ...children];
        out.push({type: 'blockquote', children: blocks});
        continue;
      }
      case 'textDirective':
      case 'leafDirective': {
        // Not a directive the site uses ("server:create" in prose): the text it was written as.
        const marker = node.type === 'textDirective' ? ':' : '::';
        const inner = transform(node.children ?? [], page, context, sectionDepth);
        const written: Node[] = [text(`${marker}${node.name ?? ''}`), ...(inner.length ? [text('['), ...inner, text(']')] : [])];
        out.push(...(node.type === 'leafDirective' ? [{type: 'paragraph', children: written}] : written));
        continue;
      }
      case 'link':
      case 'definition':
        out.push({...node, url: absolute(node.url ?? '', page, context), children: node.children && transform(node.children, page, context, sectionDepth)});
        continue;
      case 'code': {
        if (node.lang === 'dot') {
          // A diagram: its description for people, its source for tools.
          const alt = /alt="([^"]*)"/.exec(node.meta ?? '')?.[1];
          const title = /title="([^"]*)"/.exec(node.meta ?? '')?.[1];
          out.push({type: 'paragraph', children: [{type: 'strong', children: [text(`Diagram${title ? `: ${title}` : ''}.`)]}, text(alt ? ` ${alt}` : '')]});
          out.push({...node, meta: null});
        } else {
          out.push(node);
        }
        continue;
      }
      default:
        out.push(node.children ? {...node, children: transform(node.children, page, context, sectionDepth)} : node);
    }
  }
  return out;
}

function jsx(node: Node, page: ExportPage, context: ExportContext, depth: number): Node[] {
  const children = node.children ?? [];
  switch (node.name) {
    case 'Tabs':
      // Each tab becomes a section, headed by its label.
      return children.flatMap((child) =>
        child.type === 'mdxJsxFlowElement' && child.name === 'TabItem' ? tab(child, page, context, depth) : transform([child], page, context, depth),
      );
    case 'TabItem':
      return tab(node, page, context, depth);
    case 'DocCardList':
    case 'SectionCards': {
      const items = context.childrenOf(page.route);
      if (items.length === 0) return [];
      return [
        {
          type: 'list',
          ordered: false,
          spread: false,
          children: items.map((item) => ({
            type: 'listItem',
            spread: false,
            children: [
              {
                type: 'paragraph',
                children: [
                  {type: 'link', url: `${context.siteUrl}${markdownPath(item.route)}`, children: [text(item.title)]},
                  text(item.description ? `: ${item.description}` : ''),
                ],
              },
            ],
          })),
        },
      ];
    }
    case 'details': {
      const summary = children.find((c) => c.name === 'summary');
      const rest = children.filter((c) => c !== summary);
      return [
        ...(summary ? [{type: 'paragraph', children: [{type: 'strong', children: [text(plainText(summary).trim())]}]}] : []),
        ...transform(rest, page, context, depth),
      ];
    }
    case 'code':
      return [{type: 'inlineCode', value: plainText({type: 'x', children: transform(children, page, context, depth)})}];
    case 'br':
      return [text(' ')];
    case 'head':
      // Feed links (the changelog's) belong to the page's HTML head.
      return [];
    default: {
      // Any other element: its content, without the element.
      const inner = transform(children, page, context, depth);
      if (node.type === 'mdxJsxTextElement') return inner;
      const inline = inner.every((c) => !['paragraph', 'heading', 'list', 'code', 'table', 'blockquote'].includes(c.type));
      return inline && inner.length ? [{type: 'paragraph', children: inner}] : inner;
    }
  }
}

function tab(node: Node, page: ExportPage, context: ExportContext, depth: number): Node[] {
  const label = attribute(node, 'label') ?? attribute(node, 'value') ?? 'Tab';
  const heading: Node = {type: 'heading', depth: Math.min(depth + 1, 6), children: [text(label)]};
  return [heading, ...transform(node.children ?? [], page, context, Math.min(depth + 1, 6))];
}

/** An absolute URL for a link: Markdown files become their page's address, site paths get the site's origin. */
function absolute(url: string, page: ExportPage, context: ExportContext): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('pathname://')) return url;
  if (url.startsWith('pathname://')) return `${context.siteUrl}${url.slice('pathname://'.length)}`;
  if (url.startsWith('#')) return `${context.siteUrl}${page.route}${url}`;
  if (url.startsWith('/')) return `${context.siteUrl}${url}`;
  const [target = '', hash = ''] = url.split('#');
  if (/\.mdx?$/.test(target)) {
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(page.file), target));
    const route = context.routeOf(file);
    if (route) return `${context.siteUrl}${route}${hash ? `#${hash}` : ''}`;
  }
  return url;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm).use(remarkDirective);
// Written as plain Markdown: no MDX or directive syntax is left, so none of their escaping ("mailto\:").
const writer = unified().use(remarkGfm).use(remarkStringify, {bullet: '-', fences: true, emphasis: '*', strong: '*', rule: '-', listItemIndent: 'one'});

export function exportPage(page: ExportPage, context: ExportContext): string {
  // Custom heading ids ("## Servers {#servers}") dropped before parsing.
  const source = page.source.replace(/^(#{1,6} .*?)\s*\{#[\w-]+\}\s*$/gm, '$1');
  const tree = parser.parse(source) as Node;
  // As on the site: the curl examples' reference links read the calls first, then the URL tokens are replaced.
  if (context.siteDir) remarkApiReferenceLinks({siteDir: context.siteDir})(tree as never, {path: path.join(docsDirOf(context.siteDir), page.file)});
  remarkProductUrls()(tree as never);
  if (context.siteDir) {
    // The changelog's lists and an entry's date and tags, as on the site.
    remarkChangelog({docsDir: 'docs', siteUrl: context.siteUrl, toolbar: false, sectionTitle: (section) => context.titleOf(`${section}/index.md`)})(
      tree as never,
      {
        path: path.join(docsDirOf(context.siteDir), page.file),
        cwd: context.siteDir,
      },
    );
  }
  const body = transform(tree.children ?? [], page, context, 1);
  const hasTitle = body.some((n) => n.type === 'heading' && n.depth === 1);
  const root: Node = {type: 'root', children: hasTitle ? body : [{type: 'heading', depth: 1, children: [text(page.title)]}, ...body]};
  const markdown = String(writer.stringify(root as never)).trim();
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(page.title)}`,
    `description: ${JSON.stringify(page.description)}`,
    `url: ${context.siteUrl}${page.route}`,
    '---',
  ].join('\n');
  return `${frontMatter}\n\n${markdown}\n`;
}
