/**
 * The API calls that a guide shows, and the contract operation each one is:
 * curl commands in code blocks (method from -X, path after %API_URL%) and
 * `METHOD /path` in inline code. Used by the reference pages ("Guides that
 * use it"), the links from guides to the reference, and the content tests.
 */
import type {Contract, Operation} from './contract';

export interface ApiCall {
  method: string;
  path: string;
  /** 1-based line in the Markdown. */
  line: number;
  /** A curl command in a code block (rather than a mention in the text). */
  curl: boolean;
}

export function apiCallsIn(markdown: string): ApiCall[] {
  const calls: ApiCall[] = [];
  const lines = markdown.split('\n');
  let fence: {marker: string} | null = null;
  let command = '';
  let commandLine = 0;
  const flush = () => {
    if (/\bcurl\b/.test(command)) {
      const method = (/(?:^|\s)(?:-X|--request)\s+([A-Z]+)/.exec(command)?.[1] ?? 'GET').toUpperCase();
      for (const m of command.matchAll(/%API_URL%(\/[^"'\s?#]*)/g)) {
        calls.push({method, path: m[1]!, line: commandLine, curl: true});
      }
    }
    command = '';
  };
  lines.forEach((line, index) => {
    const open = /^\s*(```|~~~)(\w*)/.exec(line);
    if (open && !fence) {
      fence = {marker: open[1]!};
      return;
    }
    if (fence && new RegExp(`^\\s*${fence.marker}\\s*$`).test(line)) {
      flush();
      fence = null;
      return;
    }
    if (fence) {
      if (!command) commandLine = index + 1;
      command += ` ${line.replace(/\\\s*$/, '')}`;
      if (!/\\\s*$/.test(line)) flush();
      return;
    }
    for (const m of line.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (?:%API_URL%)?(\/[^`\s?]*)[^`]*`/g)) {
      calls.push({method: m[1]!, path: m[2]!, line: index + 1, curl: false});
    }
  });
  return calls;
}

/** The operation that `METHOD path` calls ("/servers/srv_6Yp2Mx9K/start" is POST /servers/{server_id}/start). */
export function findOperation(contract: Contract, method: string, requestPath: string): Operation | undefined {
  const clean = requestPath.replace(/\/+$/, '') || '/';
  const candidates = contract.operations.filter((op) => op.method === method.toLowerCase());
  // A literal segment beats a parameter: /servers/{id} must not take /servers/{id}/start.
  return candidates
    .filter((op) => new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`).test(clean))
    .sort((a, b) => (a.path.match(/\{/g) ?? []).length - (b.path.match(/\{/g) ?? []).length)[0];
}
