/**
 * No import cycles in src/: every module's imports go one way, so a module
 * can be read, changed and tested from the ones it imports. Reads the
 * imports of every .ts, .tsx, .cjs and .mjs file under src/ (relative ones and
 * @site/src/ ones, type-only imports included, since they tie modules
 * together just the same) with TypeScript's own scanner, which skips
 * comments and strings, and fails naming each cycle it finds.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {repoRoot} from '../helpers.mjs';

const srcDir = path.join(repoRoot, 'src');
const SOURCE = /\.(ts|tsx|cjs|mjs)$/;
const RESOLVE = ['', '.ts', '.tsx', '.mjs', '.cjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

function sourceFiles(dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The files under src/ that `file` imports. */
function importsOf(file, files) {
  const {importedFiles} = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const found = new Set();
  for (const {fileName: specifier} of importedFiles) {
    let base;
    if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.resolve(path.dirname(file), specifier);
    else if (specifier.startsWith('@site/')) base = path.join(repoRoot, specifier.slice('@site/'.length));
    else continue;
    const target = RESOLVE.map((suffix) => base + suffix).find((candidate) => files.has(candidate));
    if (target) found.add(target);
  }
  return [...found];
}

/** Every cycle of a graph (one per strongly connected component), each as a path that ends where it starts. */
function findCycles(graph) {
  // Tarjan's strongly connected components (recursive: a few hundred modules are no depth for it).
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);

  const cycles = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...members].sort()[0];
    if (members.size === 1 && !(graph.get(start) ?? []).includes(start)) continue;
    // A shortest way back to the start, inside the component.
    const previous = new Map([[start, null]]);
    const queue = [start];
    let closing;
    while (queue.length && !closing) {
      const node = queue.shift();
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const cycle = [start];
    for (let node = closing; node !== start; node = previous.get(node)) cycle.splice(1, 0, node);
    cycle.push(start);
    cycles.push(cycle);
  }
  return cycles;
}

test('the cycle finder names each cycle, and only cycles', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', []],
    ['e', ['e']],
    ['f', ['d']],
  ]);
  assert.deepEqual(
    findCycles(graph)
      .map((cycle) => cycle.join(' → '))
      .sort(),
    ['a → b → c → a', 'e → e'],
  );
  assert.deepEqual(
    findCycles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
    [],
  );
});

test('no module under src/ imports itself through other modules', () => {
  const files = new Set(sourceFiles(srcDir));
  assert.ok(files.size > 50, `${files.size} modules read`);
  const graph = new Map([...files].map((file) => [file, importsOf(file, files)]));
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  assert.ok(edges > 50, `${edges} imports between them`);
  const name = (file) => path.relative(repoRoot, file).split(path.sep).join('/');
  const cycles = findCycles(graph).map((cycle) => cycle.map(name).join(' → '));
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
});
