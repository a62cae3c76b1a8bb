/**
 * Links each curl example of a guide to the API reference page of the
 * operation it calls: after the code block, "API reference: `POST /…`". The
 * operations come from api/openapi.yaml, so the links follow the contract
 * without anyone maintaining them; the build's link check proves each exists.
 * It runs before the URL tokens are replaced (first of docusaurus.config.ts's
 * beforeDefaultRemarkPlugins, and first in the Markdown export), where a call
 * still reads `curl %API_URL%/servers`.
 */
import path from 'node:path';
import {loadSiteContract, type Contract} from './contract';
import {apiCallsIn, findOperation} from './calls';
import {REFERENCE_DIR, referenceRoute} from './client/routes';
import {docsDirOf} from '../../utils/docsSource';

interface MdNode {
  type: string;
  value?: string;
  lang?: string | null;
  url?: string;
  children?: MdNode[];
}

interface Options {
  siteDir: string;
}

/** The paragraph that links a code block's calls to the reference, or undefined. */
function referenceParagraph(contract: Contract, code: string): MdNode | undefined {
  // Runs before the URL tokens are replaced (src/utils/productUrls.ts), so the calls still read `%API_URL%/…`.
  const calls = apiCallsIn(`\`\`\`bash\n${code}\n\`\`\``).filter((c) => c.curl);
  const operations = [...new Set(calls.map((c) => findOperation(contract, c.method, c.path)).filter((op) => op !== undefined))];
  if (operations.length === 0) return undefined;
  const children: MdNode[] = [{type: 'text', value: operations.length > 1 ? 'API reference: ' : 'API reference: '}];
  operations.forEach((op, i) => {
    if (i > 0) children.push({type: 'text', value: ', '});
    children.push({type: 'link', url: referenceRoute(op), children: [{type: 'inlineCode', value: `${op.method.toUpperCase()} ${op.path}`}]});
  });
  return {type: 'paragraph', children};
}

function visit(node: MdNode, contract: Contract): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i]!;
    if (child.type === 'code' && /^(bash|sh|shell)$/.test(child.lang ?? '') && /\bcurl\b/.test(child.value ?? '')) {
      const paragraph = referenceParagraph(contract, child.value ?? '');
      if (paragraph) {
        children.splice(i + 1, 0, paragraph);
        i += 1;
      }
    } else {
      visit(child, contract);
    }
  }
}

export default function remarkApiReferenceLinks(options: Options) {
  const referenceDir = path.join(docsDirOf(options.siteDir), ...REFERENCE_DIR.split('/'));
  return (tree: MdNode, file: {path?: string; history?: string[]}) => {
    const source = file.path ?? file.history?.[0] ?? '';
    // The reference pages are the targets, not guides.
    if (source.startsWith(referenceDir)) return;
    // The plugin's own contract: loadSiteContract parses the file once (until it changes).
    visit(tree, loadSiteContract(options.siteDir));
  };
}
