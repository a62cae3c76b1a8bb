/**
 * Code samples of one API operation, generated from the contract: curl,
 * JavaScript (fetch, as an ES module) and Python (requests). The tests run
 * `bash -n`, `node --check` and `python3 -m py_compile` on every one.
 */
import {examplePath, isPublic, parameterExample, requestBody, type Json, type Operation, type Contract} from './contract';

export interface Sample {
  language: 'bash' | 'javascript' | 'python';
  label: string;
  code: string;
}

/** Required query parameters, with their example values, as a query string. */
function queryString(op: Operation): string {
  const params = op.parameters.filter((p) => p.in === 'query' && p.required);
  if (params.length === 0) return '';
  return `?${params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(parameterExample(p))}`).join('&')}`;
}

/** Headers a sample sends besides Authorization and Content-Type (Idempotency-Key on POST). */
function extraHeaders(op: Operation): Array<[string, string]> {
  return op.parameters
    .filter((p) => p.in === 'header' && p.name === 'Idempotency-Key' && op.method === 'post')
    .map((p) => [p.name, parameterExample(p).startsWith('<') ? '2f1c6b9e-7a41-4c55-9c3e-0d8a1b6f4e21' : parameterExample(p)]);
}

/** Single-quoted for bash: safe for any JSON. */
const bashQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A JSON value as a Python literal. */
export function pythonLiteral(value: Json, indent = 0): string {
  const pad = '    '.repeat(indent);
  const inner = '    '.repeat(indent + 1);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pythonLiteral(v, indent + 1)},`).join('\n')}\n${pad}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 1)},`).join('\n')}\n${pad}}`;
}

/** A JSON value as a JavaScript literal (JSON with unquoted simple keys). */
function jsLiteral(value: Json, indent = 0): string {
  const pad = '  '.repeat(indent);
  const inner = '  '.repeat(indent + 1);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${jsLiteral(v, indent + 1)},`).join('\n')}\n${pad}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const key = (k: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${jsLiteral(v, indent + 1)},`).join('\n')}\n${pad}}`;
}

/**
 * The samples, with `apiUrl` as the base URL (the page passes the %API_URL%
 * token, which the build replaces with the product's API URL).
 */
export function samplesFor(contract: Contract, op: Operation, apiUrl: string): Sample[] {
  const url = `${apiUrl}${examplePath(op)}${queryString(op)}`;
  const body = requestBody(contract, op)?.example;
  const method = op.method.toUpperCase();
  const authorized = !isPublic(op);
  const headers = extraHeaders(op);

  // curl
  const curl = [`curl${method === 'GET' ? '' : ` -X ${method}`} "${url}"`];
  if (authorized) curl.push(`-H "Authorization: Bearer $LAUNCHDECK_TOKEN"`);
  for (const [name, value] of headers) curl.push(`-H "${name}: ${value}"`);
  if (body !== undefined) {
    curl.push(`-H "Content-Type: application/json"`);
    curl.push(`-d ${bashQuote(JSON.stringify(body, null, 2))}`);
  }
  const curlCode = curl.join(' \\\n  ');

  // JavaScript (fetch), an ES module: top-level await.
  const jsHeaders: string[] = [];
  if (authorized) jsHeaders.push('Authorization: `Bearer ${process.env.LAUNCHDECK_TOKEN}`');
  for (const [name, value] of headers) jsHeaders.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (body !== undefined) jsHeaders.push(`'Content-Type': 'application/json'`);
  const jsOptions: string[] = [`  method: '${method}',`];
  if (jsHeaders.length) jsOptions.push(`  headers: {\n${jsHeaders.map((h) => `    ${h},`).join('\n')}\n  },`);
  if (body !== undefined) jsOptions.push(`  body: JSON.stringify(${jsLiteral(body, 1)}),`);
  const jsonResponse = responseIsJson(contract, op);
  const js = [
    `const response = await fetch('${url}', {`,
    ...jsOptions,
    `});`,
    `if (!response.ok) throw new Error(\`Launchdeck API: \${response.status}\`);`,
    ...(op.method === 'delete' && !jsonResponse ? [] : [jsonResponse ? 'console.log(await response.json());' : 'console.log(await response.text());']),
  ].join('\n');

  // Python (requests)
  const pyArgs: string[] = [`    ${JSON.stringify(url)},`];
  const pyHeaders: string[] = [];
  if (authorized) pyHeaders.push(`"Authorization": f"Bearer {os.environ['LAUNCHDECK_TOKEN']}"`);
  for (const [name, value] of headers) pyHeaders.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (pyHeaders.length) pyArgs.push(`    headers={${pyHeaders.join(', ')}},`);
  if (body !== undefined) pyArgs.push(`    json=${pythonLiteral(body, 1)},`);
  pyArgs.push('    timeout=30,');
  const python = [
    ...(authorized ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${op.method}(`,
    ...pyArgs,
    ')',
    'response.raise_for_status()',
    ...(op.method === 'delete' && !jsonResponse ? [] : [jsonResponse ? 'print(response.json())' : 'print(response.text)']),
  ].join('\n');

  return [
    {language: 'bash', label: 'curl', code: curlCode},
    {language: 'javascript', label: 'JavaScript', code: js},
    {language: 'python', label: 'Python', code: python},
  ];
}

/** Whether the operation's success response is JSON. */
function responseIsJson(contract: Contract, op: Operation): boolean {
  const responses = op.node.responses;
  if (!responses || typeof responses !== 'object' || Array.isArray(responses)) return false;
  for (const [status, json] of Object.entries(responses)) {
    if (!/^2/.test(status)) continue;
    const response = contract.deref(json);
    const content = response?.content;
    if (content && typeof content === 'object' && !Array.isArray(content)) return 'application/json' in content;
  }
  return false;
}
