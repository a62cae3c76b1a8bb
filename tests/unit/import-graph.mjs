/**
 * The import graph of src/ and the rules it must keep (tests/unit/import-cycles.test.mjs):
 * no cycle; no import that runs back up a layer (shared building blocks, then the
 * platform of guarded internals, then the features, then the site); and no browser
 * file that reaches build-side code or a Node built-in. Imports are read with
 * TypeScript's parser, so comments and strings never count, and each import knows
 * whether it is type-only (erased before the browser sees it).
 */
import fs from 'node:fs';
import path from 'node:path';
import {builtinModules} from 'node:module';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|cjs|mjs)$/;
const RESOLVE = ['', '.ts', '.tsx', '.mjs', '.cjs', '.js', '/index.ts', '/index.tsx', '/index.js'];
const BUILTINS = new Set(builtinModules);

/**
 * Every .ts, .tsx, .cjs and .mjs file under `dir` (declaration files left out).
 * @param {string} dir
 * @returns {string[]}
 */
export function sourceFiles(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** @typedef {{specifier: string | undefined, typeOnly: boolean}} ImportSpec */
/** @typedef {{target?: string, builtin?: string, typeOnly: boolean}} Edge An import: of a file under src/ (`target`) or of a Node built-in (`builtin`). */

/**
 * What `file` imports: static, dynamic, require() and `new URL('./x', import.meta.url)` (a worker), each with whether it is type-only.
 * @param {string} file
 */
export function importSpecs(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  /** @type {ImportSpec[]} */
  const specs = [];
  /** @param {ts.Node | undefined} node */
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes = !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && allNamedTypes));
      specs.push({specifier: literal(node.moduleSpecifier), typeOnly});
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      specs.push({specifier: literal(node.moduleSpecifier), typeOnly: node.isTypeOnly});
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) specs.push({specifier: literal(arg.literal), typeOnly: true});
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        specs.push({specifier: literal(node.arguments[0]), typeOnly: false});
      }
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL' && node.arguments?.length === 2) {
      const base = node.arguments[1];
      if (ts.isPropertyAccessExpression(base) && base.name.text === 'url' && ts.isMetaProperty(base.expression)) {
        specs.push({specifier: literal(node.arguments[0]), typeOnly: false});
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return /** @type {Array<{specifier: string, typeOnly: boolean}>} */ (specs.filter((s) => typeof s.specifier === 'string'));
}

/**
 * The import graph of the files under `root`/src: for each file, the files it
 * imports (relative and @site/ imports) and the Node built-ins it imports, each
 * edge marked type-only or not.
 * @param {string} root
 */
export function importGraph(root) {
  const files = new Set(sourceFiles(path.join(root, 'src')));
  /** @type {Map<string, Edge[]>} */
  const graph = new Map();
  for (const file of files) {
    /** @type {Edge[]} */
    const edges = [];
    for (const {specifier, typeOnly} of importSpecs(file)) {
      let base;
      if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(file), specifier);
      else if (specifier.startsWith('@site/')) base = path.join(root, specifier.slice('@site/'.length));
      else {
        const name = specifier.replace(/^node:/, '');
        if (specifier.startsWith('node:') || BUILTINS.has(name) || BUILTINS.has(name.split('/')[0])) edges.push({builtin: specifier, typeOnly});
        continue;
      }
      const target = RESOLVE.map((suffix) => base + suffix).find((candidate) => files.has(candidate));
      if (target) edges.push({target, typeOnly});
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The layers of src/, lowest first. A module imports its own layer or a lower
 * one, never a higher one: shared building blocks know no feature, the
 * platform of guarded internals knows no feature, and features know nothing of
 * the site that assembles them.
 */
export const LAYERS = [
  {level: 0, name: 'shared building blocks (src/config, src/utils)', match: /^src\/(config|utils)\//},
  {level: 1, name: 'platform (src/internals)', match: /^src\/internals\//},
  {level: 2, name: 'features (src/plugins/<feature>)', match: /^src\/plugins\//},
  {level: 3, name: 'site (src/theme, src/pages, src/css)', match: /^src\/(theme|pages|css)\//},
];

/** @param {string} rel */
export const layerOf = (rel) => LAYERS.find((layer) => layer.match.test(rel)) ?? LAYERS[LAYERS.length - 1];

/**
 * Which side of the browser/build boundary a file is on: `browser` for what
 * the reader's browser runs (a feature's client/ and theme/, the platform's
 * client/ and theme/, the site's theme and pages), `build` for a
 * feature's or the platform's build side, `shared` for the rest (config, utils,
 * a feature's seams/, which hold both).
 * @param {string} rel
 */
export function sideOf(rel) {
  if (/^src\/plugins\/[^/]+\/(client|theme)\//.test(rel) || /^src\/internals\/(client|theme)\//.test(rel) || /^src\/(theme|pages)\//.test(rel))
    return 'browser';
  if (/^src\/plugins\/[^/]+\/seams\//.test(rel) || /^src\/(config|utils)\//.test(rel)) return 'shared';
  return 'build';
}

/**
 * @param {string} root
 * @param {string} file
 */
const relOf = (root, file) => path.relative(root, file).split(path.sep).join('/');

/**
 * Each import that runs up a layer, as "importer → imported (layer → higher layer)".
 * @param {string} root
 * @param {Map<string, Edge[]>} [graph]
 */
export function directionProblems(root, graph = importGraph(root)) {
  /** @type {string[]} */
  const problems = [];
  for (const [file, edges] of graph) {
    const from = layerOf(relOf(root, file));
    for (const edge of edges) {
      if (!edge.target) continue;
      const to = layerOf(relOf(root, edge.target));
      if (to.level > from.level) problems.push(`${relOf(root, file)} → ${relOf(root, edge.target)} (${from.name} imports ${to.name})`);
    }
  }
  return problems.sort();
}

/**
 * Each browser file that reaches build-side code or a Node built-in through
 * imports that are not type-only, with the chain that gets there.
 * @param {string} root
 * @param {Map<string, Edge[]>} [graph]
 */
export function boundaryProblems(root, graph = importGraph(root)) {
  /** @type {string[]} */
  const problems = [];
  for (const [file] of graph) {
    if (sideOf(relOf(root, file)) !== 'browser') continue;
    // Breadth-first over value imports: the shortest chain to each offence.
    const seen = new Map([[file, [relOf(root, file)]]]);
    const queue = [file];
    const found = new Set();
    while (queue.length) {
      const node = /** @type {string} */ (queue.shift());
      const chain = /** @type {string[]} */ (seen.get(node));
      for (const edge of graph.get(node) ?? []) {
        if (edge.typeOnly) continue;
        if (edge.builtin) {
          const problem = `${chain.join(' → ')} imports the Node built-in ${edge.builtin}`;
          if (!found.has(problem)) found.add(problem);
          continue;
        }
        // An import that is not of a built-in is of a file: it has a target.
        const rel = relOf(root, /** @type {string} */ (edge.target));
        if (sideOf(rel) === 'build') {
          found.add(`${[...chain, rel].join(' → ')}: browser code imports build-side code`);
          continue;
        }
        if (!seen.has(/** @type {string} */ (edge.target))) {
          seen.set(/** @type {string} */ (edge.target), [...chain, rel]);
          queue.push(/** @type {string} */ (edge.target));
        }
      }
    }
    problems.push(...found);
  }
  return problems.sort();
}
