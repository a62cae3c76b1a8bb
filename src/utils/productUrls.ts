/**
 * Replaces the URL tokens of src/config/urls.ts (%APP_URL%, %API_URL%, …) in
 * text, inline code, code blocks, links and JSX attributes, so that every
 * product URL is defined once and pages never hard-code one.
 */
import {urlTokens} from '../config/urls';

interface MdNode {
  type: string;
  value?: unknown;
  url?: string;
  // JSX elements have an array of attributes; directives (admonitions) a record.
  attributes?: Array<{type: string; name?: string; value?: unknown}> | Record<string, unknown>;
  children?: MdNode[];
}

const tokenPattern = new RegExp(
  Object.keys(urlTokens)
    .map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
  'g',
);

export function replaceUrlTokens(input: string): string {
  return input.replace(tokenPattern, (token) => urlTokens[token] ?? token);
}

function visit(node: MdNode): void {
  if (typeof node.value === 'string') {
    node.value = replaceUrlTokens(node.value);
  }
  if (typeof node.url === 'string') {
    node.url = replaceUrlTokens(node.url);
  }
  if (Array.isArray(node.attributes)) {
    for (const attribute of node.attributes) {
      if (typeof attribute.value === 'string') {
        attribute.value = replaceUrlTokens(attribute.value);
      }
    }
  } else if (node.attributes) {
    for (const [name, value] of Object.entries(node.attributes)) {
      if (typeof value === 'string') node.attributes[name] = replaceUrlTokens(value);
    }
  }
  for (const child of node.children ?? []) {
    visit(child);
  }
}

export default function remarkProductUrls() {
  return (tree: MdNode): void => visit(tree);
}
