/**
 * The code of an API request's samples (curl, JavaScript with fetch as an ES
 * module, Python with requests), from a plain description of the request.
 * No Node and no contract: the build writes the reference pages' samples
 * with it (./samples.ts), and the API console rewrites them in the browser
 * with the reader's own values (./console/Console.tsx). The token never
 * appears: every sample reads it from `LAUNCHDECK_TOKEN`.
 */
import type {Json} from '../contract';

export interface Sample {
  language: 'bash' | 'javascript' | 'python';
  label: string;
  code: string;
}

export interface SampleRequest {
  /** Lowercase: "get", "post"… */
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** Sends `Authorization: Bearer $LAUNCHDECK_TOKEN`. */
  authorized: boolean;
  /** Headers besides Authorization and Content-Type. */
  headers: Array<[string, string]>;
  body?: Json;
  /** The success response is JSON (the samples print it parsed). */
  jsonResponse: boolean;
}

/** Single-quoted for bash: safe for any text. */
const bashQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Double-quoted for bash, for a URL or header: `$`, backquotes, `"` and `\` escaped. */
const bashDouble = (text: string) => `"${text.replace(/[$`"\\]/g, '\\$&')}"`;

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

/** The three samples of a request. */
export function sampleCode({method: lower, url, authorized, headers, body, jsonResponse}: SampleRequest): Sample[] {
  const method = lower.toUpperCase();
  const printsBody = !(lower === 'delete' && !jsonResponse);

  // curl
  const curl = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${bashDouble(url)}`];
  if (authorized) curl.push(`-H "Authorization: Bearer $LAUNCHDECK_TOKEN"`);
  for (const [name, value] of headers) curl.push(`-H ${bashDouble(`${name}: ${value}`)}`);
  if (body !== undefined) {
    curl.push(`-H "Content-Type: application/json"`);
    curl.push(`-d ${bashQuote(JSON.stringify(body, null, 2))}`);
  }

  // JavaScript (fetch), an ES module: top-level await.
  const jsHeaders: string[] = [];
  if (authorized) jsHeaders.push('Authorization: `Bearer ${process.env.LAUNCHDECK_TOKEN}`');
  for (const [name, value] of headers) jsHeaders.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  if (body !== undefined) jsHeaders.push(`'Content-Type': 'application/json'`);
  const jsOptions: string[] = [`  method: '${method}',`];
  if (jsHeaders.length) jsOptions.push(`  headers: {\n${jsHeaders.map((h) => `    ${h},`).join('\n')}\n  },`);
  if (body !== undefined) jsOptions.push(`  body: JSON.stringify(${jsLiteral(body, 1)}),`);
  const js = [
    `const response = await fetch('${url.replace(/[\\']/g, '\\$&')}', {`,
    ...jsOptions,
    `});`,
    `if (!response.ok) throw new Error(\`Launchdeck API: \${response.status}\`);`,
    ...(printsBody ? [jsonResponse ? 'console.log(await response.json());' : 'console.log(await response.text());'] : []),
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
    `response = requests.${lower}(`,
    ...pyArgs,
    ')',
    'response.raise_for_status()',
    ...(printsBody ? [jsonResponse ? 'print(response.json())' : 'print(response.text)'] : []),
  ].join('\n');

  return [
    {language: 'bash', label: 'curl', code: curl.join(' \\\n  ')},
    {language: 'javascript', label: 'JavaScript', code: js},
    {language: 'python', label: 'Python', code: python},
  ];
}
