/**
 * Rehype plugin: tokenizes every fenced code block at build time and hands the
 * result to the code block component as a `data-ld-tokens` attribute: the
 * token types and, per line, each token's length and type (compact: pages
 * carry a few numbers per token, not markup). See
 * src/theme/CodeBlock/Content/String.tsx.
 */
import {highlightTokens, loadLanguages} from './tokenize';
import type {HastNode} from '../rehype/hast';

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

function visit(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'pre') {
    const code = node.children?.find((child) => child.type === 'element' && child.tagName === 'code');
    const language = code && languageOf(code);
    if (code && language && code.children?.every((child) => child.type === 'text')) {
      // The component strips one trailing newline before splitting into lines; do the same.
      const tokens = highlightTokens(textOf(code).replace(/\r?\n$/, ''), language);
      if (tokens) code.properties = {...code.properties, dataLdTokens: JSON.stringify(tokens)};
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
