// Ejected as a no-op: code is highlighted at build time (src/plugins/highlighting), so the browser never loads Prism grammars.
export default function prismIncludeLanguages(): void {}
