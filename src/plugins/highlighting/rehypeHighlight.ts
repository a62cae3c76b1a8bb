/**
 * Rehype plugin: prepares every fenced code block at build time for the code
 * block component (src/plugins/highlighting/theme/CodeBlock), which runs no highlighter in the
 * browser:
 * - tokenizes the code with Prism and hands the result over as a
 *   `data-ld-tokens` attribute (src/plugins/highlighting/client/codeTokens.ts: the token types
 *   and, per line, each token's length and type; a few numbers per token, not
 *   markup);
 * - highlights lines: `{1,3-4}` in the fence's meta string or, without one,
 *   the magic comments `highlight-next-line`, `highlight-start` and
 *   `highlight-end` (in `//`, `#`, `--`, `;`, `/* … *\/` or `<!-- … -->`
 *   comments), which are removed from the code, as Docusaurus does.
 * The fence's title and `showLineNumbers` stay in the meta string, which the
 * component reads.
 */
import {highlightTokens, loadLanguages} from './tokenize';
import type {CodeTokens} from './client/codeTokens';
import type {HastNode} from '../../utils/hast';

export interface Options {
  /** Prism grammars to load on top of prism-react-renderer's own (the `prism.additionalLanguages` list). */
  languages: readonly string[];
}

const textOf = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

function languageOf(code: HastNode): string | undefined {
  const className = code.properties?.className;
  const classes = Array.isArray(className) ? className : typeof className === 'string' ? className.split(' ') : [];
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length);
  }
  return undefined;
}

const MAGIC_COMMENT = /^\s*(?:\/\/|#|--|;|\/\*|<!--)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/|-->)?\s*$/;

/** Line numbers (1-based) listed as `{1,3-4}` in a meta string. */
export function metaRanges(meta: string): Set<number> {
  const lines = new Set<number>();
  const braces = /(?:^|\s)\{([\d,\s-]+)\}/.exec(meta);
  for (const part of braces?.[1]?.split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (!from) continue;
    for (let n = from; n <= (to || from); n++) lines.add(n);
  }
  return lines;
}

/**
 * The code to show and the indexes of its highlighted lines. As in
 * Docusaurus: line ranges in the meta string win and leave the code as it is;
 * otherwise the magic comments mark the lines and are removed.
 */
export function highlightedLines(code: string, meta: string): {code: string; highlighted: number[]} {
  const fromMeta = metaRanges(meta);
  const lines = code.split('\n');
  if (fromMeta.size > 0) return {code, highlighted: lines.flatMap((_, i) => (fromMeta.has(i + 1) ? [i] : []))};
  const kept: string[] = [];
  const highlighted: number[] = [];
  let nextLine = false;
  let inBlock = 0;
  for (const line of lines) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic === 'highlight-next-line') nextLine = true;
    else if (magic === 'highlight-start') inBlock += 1;
    else if (magic === 'highlight-end') inBlock = Math.max(0, inBlock - 1);
    else {
      if (nextLine || inBlock > 0) highlighted.push(kept.length);
      nextLine = false;
      kept.push(line);
    }
  }
  return {code: kept.join('\n'), highlighted};
}

function visit(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'pre') {
    const code = node.children?.find((child) => child.type === 'element' && child.tagName === 'code');
    if (code && code.children?.every((child) => child.type === 'text')) {
      const meta = typeof code.properties?.metastring === 'string' ? code.properties.metastring : '';
      // The component strips one trailing newline before splitting into lines; do the same.
      const source = textOf(code).replace(/\r?\n$/, '');
      const {code: text, highlighted} = highlightedLines(source, meta);
      if (text !== source) code.children = [{type: 'text', value: `${text}\n`}];
      const language = languageOf(code);
      const tokens: CodeTokens | null = (language && highlightTokens(text, language)) || null;
      const data: CodeTokens | null = tokens
        ? {...tokens, ...(highlighted.length ? {h: highlighted} : {})}
        : highlighted.length
          ? {t: [], h: highlighted}
          : null;
      if (data) code.properties = {...code.properties, dataLdTokens: JSON.stringify(data)};
    }
    return;
  }
  node.children?.forEach(visit);
}

export default function rehypeHighlight(options: Options) {
  loadLanguages(options.languages);
  return (tree: HastNode) => {
    visit(tree);
  };
}
