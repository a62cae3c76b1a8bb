/**
 * Syntax highlighting at build time (Node only).
 *
 * Code blocks are tokenized once, when the site is built, with the same Prism
 * grammars Docusaurus would load in the browser. Pages then ship ready-made
 * token markup, so readers never download Prism (about 30 KB gzip).
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import type {CodeTokens} from './client/codeTokens';

export type {CodeTokens};

const requireFromSite = createRequire(path.join(process.cwd(), 'package.json'));
const loaded = new Set<string>();

/** Adds Prism grammars that prism-react-renderer does not bundle (bash, nginx…). */
export function loadLanguages(languages: readonly string[]): void {
  const globalScope = globalThis as {Prism?: unknown};
  const before = globalScope.Prism;
  globalScope.Prism = Prism;
  try {
    for (const language of languages) {
      if (loaded.has(language)) continue;
      requireFromSite(`prismjs/components/prism-${language}`);
      loaded.add(language);
    }
  } finally {
    if (before === undefined) delete globalScope.Prism;
    else globalScope.Prism = before;
  }
}

/**
 * The tokens of `code`, or null when Prism has no grammar for `language`.
 * Only lengths and types travel to the page; the text is the code block's own.
 */
export function highlightTokens(code: string, language: string): CodeTokens | null {
  const name = language.toLowerCase();
  const grammar = Prism.languages[name];
  if (!grammar || name === 'text' || name === 'plain') return null;
  const types: string[] = [];
  const index = new Map<string, number>();
  const lines = normalizeTokens(Prism.tokenize(code, grammar)).map((line) => {
    const out: number[] = [];
    for (const token of line) {
      if (token.empty || token.content === '') continue;
      // Nested grammars repeat a type ("variable parameter variable"): each class once.
      const kind = [...new Set(token.types.filter((t) => t !== 'plain'))].join(' ');
      let type = -1;
      if (kind) {
        type = index.get(kind) ?? types.length;
        if (type === types.length) {
          types.push(kind);
          index.set(kind, type);
        }
      }
      // Runs of the same type merge.
      if (out.length >= 2 && out[out.length - 1] === type) out[out.length - 2]! += token.content.length;
      else out.push(token.content.length, type);
    }
    return out;
  });
  return {t: types, l: lines};
}
