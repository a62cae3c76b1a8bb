/**
 * The direction of src/'s imports (the rules and the reader of imports are in
 * ./import-graph.mjs):
 * - no import cycle: every module's imports go one way, so a module can be
 *   read, changed and tested from the ones it imports (type-only imports
 *   included, since they tie modules together just the same);
 * - no import runs back up a layer: shared building blocks (src/config,
 *   src/utils), then the platform of guarded internals (src/internals), then
 *   the features (src/plugins/<feature>), then the site (src/theme, src/pages);
 * - the browser/build boundary: no file the browser runs (a feature's client/
 *   and theme/, the platform's client/, theme/ and reference/) reaches
 *   build-side code or a Node built-in through imports that are not type-only.
 * Each rule is shown failing on the fixture site in __fixtures__/direction.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {boundaryProblems, directionProblems, importGraph} from './import-graph.mjs';
import {repoRoot} from '../helpers.mjs';

const fixtureRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'direction');

/**
 * Every cycle of a graph (one per strongly connected component), each as a path that ends where it starts.
 * @param {Map<string, string[]>} graph
 */
function findCycles(graph) {
  // Tarjan's strongly connected components (recursive: a few hundred modules are no depth for it).
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const components = [];
  /** @param {string} node */
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
      /** @type {string[]} */
      const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
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
    /** @type {Map<string, string | null>} */
    const previous = new Map([[start, null]]);
    const queue = [start];
    let closing;
    while (queue.length && !closing) {
      const node = /** @type {string} */ (queue.shift());
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
    // Each node of the way back has the one before it, up to the start.
    for (let node = /** @type {string} */ (closing); node !== start; node = /** @type {string} */ (previous.get(node))) cycle.splice(1, 0, node);
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

/**
 * The graph as findCycles reads it: each file and the files it imports, type-only imports included.
 * @param {ReturnType<typeof importGraph>} graph
 */
const targetsOf = (graph) =>
  new Map([...graph].map(([file, edges]) => [file, [...new Set(edges.filter((e) => e.target).map((e) => /** @type {string} */ (e.target)))]]));

test('no module under src/ imports itself through other modules', () => {
  const graph = targetsOf(importGraph(repoRoot));
  assert.ok(graph.size > 50, `${graph.size} modules read`);
  const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  assert.ok(edges > 50, `${edges} imports between them`);
  const name = (/** @type {string} */ file) => path.relative(repoRoot, file).split(path.sep).join('/');
  const cycles = findCycles(graph).map((cycle) => cycle.map(name).join(' → '));
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
});

test('no import under src/ runs back up a layer', () => {
  assert.deepEqual(directionProblems(repoRoot), [], 'imports that run up a layer (tests/unit/import-graph.mjs, LAYERS)');
});

test('no browser file of src/ reaches build-side code or a Node built-in', () => {
  assert.deepEqual(boundaryProblems(repoRoot), [], 'browser code that would pull build code or Node into the bundle');
});

test('the fixture site fails each rule where it breaks it, and only there', () => {
  const graph = importGraph(fixtureRoot);
  assert.deepEqual(
    findCycles(targetsOf(graph)).map((cycle) => cycle.map((file) => path.relative(fixtureRoot, file).split(path.sep).join('/')).join(' → ')),
    ['src/plugins/demo/a.ts → src/plugins/demo/b.ts → src/plugins/demo/a.ts'],
  );
  assert.deepEqual(directionProblems(fixtureRoot, graph), [
    'src/config/reachesUp.ts → src/plugins/demo/plugin.ts (shared building blocks (src/config, src/utils) imports features (src/plugins/<feature>))',
    'src/internals/reachesUp.ts → src/plugins/demo/client/widget.ts (platform (src/internals) imports features (src/plugins/<feature>))',
  ]);
  assert.deepEqual(boundaryProblems(fixtureRoot, graph), [
    'src/plugins/demo/client/readsDisk.ts imports the Node built-in node:fs',
    'src/plugins/demo/client/usesBuild.ts → src/plugins/demo/plugin.ts: browser code imports build-side code',
    'src/plugins/demo/theme/Widget/index.tsx → src/plugins/demo/client/readsDisk.ts imports the Node built-in node:fs',
  ]);
});
