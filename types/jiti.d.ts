/**
 * jiti 1.x as Node runs it: its lib/index.js is CommonJS (`module.exports = createJITI`),
 * but its own types say `export default`, which under NodeNext makes the default import of
 * an ES module the namespace, not the function. This declares what `import createJiti from
 * 'jiti'` really gives (used by scripts/ and tests/, checked by tsconfig.node.json).
 */
declare module 'jiti' {
  function createJITI(filename: string, opts?: import('jiti/dist/types').JITIOptions): import('jiti/dist/jiti').JITI;
  export = createJITI;
}
