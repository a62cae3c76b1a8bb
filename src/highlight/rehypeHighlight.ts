/**
 * Rehype plugin: tokenizes every fenced code block at build time and hands the
 * result to the code block component as a `data-ld-lines` attribute (a JSON
 * array with the HTML of each line). See src/theme/CodeBlock/Content/String.tsx.
 */
import {highlightLines, loadLanguages} from './tokenize';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export interface Options {
  /** Prism grammars to load on top of prism-react-renderer's own (the `prism.additionalLanguages` list). */
  languages: readonly string[];
}

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

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
      const lines = highlightLines(textOf(code).replace(/\r?\n$/, ''), language);
      if (lines) code.properties = {...code.properties, dataLdLines: JSON.stringify(lines)};
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
