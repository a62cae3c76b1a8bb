/**
 * The build-time description of a code block that travels to the browser
 * (the `data-ld-tokens` attribute): written by src/plugins/highlighting/rehypeHighlight.ts
 * and src/plugins/api-reference (reference pages), read by src/plugins/highlighting/theme/CodeBlock. Browser-safe:
 * no Node modules here.
 */
export interface CodeTokens {
  /** The token types used, joined ("property", "string", "attr-name attr-value"). */
  t: string[];
  /** Per line: token lengths and indexes into `t` ([length, type, length, type, …]; type -1 is plain text). Absent when the language has no grammar. */
  l?: number[][];
  /** Indexes of the highlighted lines (`{1,3-4}` in the fence's meta string, or magic comments). */
  h?: number[];
}

/** The tokens of a block, or null when they are missing, malformed or no longer match the code's lines. */
export function parseCodeTokens(json: string | undefined, lines: readonly string[]): CodeTokens | null {
  if (!json) return null;
  try {
    const tokens = JSON.parse(json) as CodeTokens;
    if (!Array.isArray(tokens.t)) return null;
    if (tokens.h !== undefined && !(Array.isArray(tokens.h) && tokens.h.every((n) => Number.isInteger(n)))) return null;
    if (tokens.l === undefined) return tokens;
    const fits =
      Array.isArray(tokens.l) &&
      tokens.l.length === lines.length &&
      tokens.l.every((line, i) => Array.isArray(line) && line.reduce((sum, n, j) => (j % 2 === 0 ? sum + n : sum), 0) === lines[i]!.length);
    return fits ? tokens : null;
  } catch {
    return null;
  }
}
