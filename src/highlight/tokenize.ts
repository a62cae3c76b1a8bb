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

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Returns one HTML string per line of `code`: text with `<span class="token …">`
 * elements around each highlighted token (prism-react-renderer's class names),
 * or null when Prism has no grammar for `language`.
 */
export function highlightLines(code: string, language: string): string[] | null {
  const name = language.toLowerCase();
  const grammar = Prism.languages[name];
  if (!grammar || name === 'text' || name === 'plain') return null;
  const lines = normalizeTokens(Prism.tokenize(code, grammar));
  // Plain text needs no element: it takes the code block's own colour.
  return lines.map((line) =>
    line
      .map((token) => {
        if (token.empty || token.content === '') return '';
        const content = escapeHtml(token.content);
        if (token.types.length === 1 && token.types[0] === 'plain') return content;
        return `<span class="token ${token.types.map(escapeHtml).join(' ')}">${content}</span>`;
      })
      .join(''),
  );
}
