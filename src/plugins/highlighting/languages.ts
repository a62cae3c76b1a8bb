/** Prism grammars loaded on top of prism-react-renderer's own; code is highlighted at build time (see ./tokenize.ts). */
export const CODE_LANGUAGES = ['bash', 'json', 'yaml', 'powershell', 'nginx', 'ini'];
