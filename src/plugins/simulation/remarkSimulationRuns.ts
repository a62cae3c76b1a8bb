/**
 * Makes a page's API calls runnable in the simulation: after each curl code
 * block whose meta says `run` (```bash run), a `<SimulationRun>` element with
 * the call (method, path, body) and the JSON the page shows for its answer
 * (the next `json` block), which the component sends to the simulation in the
 * reader's browser and pairs with the answer to carry IDs to the next calls
 * (client/SimulationRun.tsx, client/ids.ts). The page imports the component.
 * Runs before the URL tokens are replaced, so calls read `%API_URL%/…`.
 */
import {curlCalls} from './runner/page';

interface MdNode {
  type: string;
  value?: string;
  lang?: string | null;
  meta?: string | null;
  name?: string;
  attributes?: Array<{type: string; name: string; value: string}>;
  children?: MdNode[];
}

export const RUN_COMPONENT = 'SimulationRun';

function runElement(code: MdNode, answer: MdNode | undefined, file: string): MdNode {
  const calls = curlCalls(code.value ?? '', 0);
  if (calls.length !== 1) throw new Error(`${file}: a \`run\` code block holds ${calls.length} curl calls of the API; it must hold exactly 1`);
  const {method, path, body} = calls[0]!;
  const request = JSON.stringify({method, path, ...(body !== undefined ? {body: JSON.parse(body) as unknown} : {})});
  const attributes = [{type: 'mdxJsxAttribute', name: 'request', value: request}];
  if (answer?.value) attributes.push({type: 'mdxJsxAttribute', name: 'answer', value: JSON.stringify(JSON.parse(answer.value))});
  return {type: 'mdxJsxFlowElement', name: RUN_COMPONENT, attributes, children: []};
}

function visit(node: MdNode, file: string): number {
  const children = node.children;
  if (!children) return 0;
  let count = 0;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i]!;
    // `run` as a word of its own in a bash block's meta, outside quoted values (a diagram's title may say "runs").
    if (child.type === 'code' && child.lang === 'bash' && /(^|\s)run(\s|$)/.test((child.meta ?? '').replace(/"[^"]*"|'[^']*'/g, ''))) {
      // The page's answer: the next JSON block before another code block of a call.
      const next = children.slice(i + 1).find((c) => c.type === 'code');
      const answer = next?.lang === 'json' ? next : undefined;
      const at = answer ? children.indexOf(answer) : i;
      children.splice(at + 1, 0, runElement(child, answer, file));
      count += 1;
      if (at > i) i = at;
      i += 1;
    } else {
      count += visit(child, file);
    }
  }
  return count;
}

export default function remarkSimulationRuns() {
  return (tree: MdNode, vfile: {path?: string; history?: string[]}) => {
    const file = vfile.path ?? vfile.history?.[0] ?? 'a page';
    const count = visit(tree, file);
    if (count === 0) return;
    const imported = (tree.children ?? []).some((c) => c.type === 'mdxjsEsm' && new RegExp(`\\bimport\\s+${RUN_COMPONENT}\\b`).test(c.value ?? ''));
    if (!imported)
      throw new Error(`${file}: its \`run\` code blocks need \`import ${RUN_COMPONENT} from '@site/src/plugins/simulation/client/SimulationRun';\``);
  };
}
