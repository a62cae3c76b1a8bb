/**
 * Every API example of the guides holds to the contract (api/openapi.yaml),
 * checked with a JSON Schema validator (Ajv, JSON Schema 2020-12, as OpenAPI
 * 3.1 uses): request bodies of curl commands against the operation's request
 * schema, and JSON blocks after a curl command against the response it shows
 * (the status named in the text between them, else the first success).
 * Required fields, types, formats, enumerations and unknown fields all count.
 * An example titled "… (shortened)" is checked as a subset: its fields must
 * be right, but it may leave fields out. An example titled as an event ("Event:
 * deployment.failed") or an error body is checked against the WebhookEvent or
 * Error schema instead; a heading ends the pairing with the last request.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import createJiti from 'jiti';
import {readDocs} from './docs-model.mjs';
import {repoRoot} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {loadSiteContract, requestBody, responsesOf} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);
const {findOperation} = /** @type {typeof import('../../src/plugins/api-reference/calls.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/calls.ts'))
);
// Examples are checked as readers see them: with the product URLs in place of their tokens.
const {replaceUrlTokens} = /** @type {typeof import('../../src/utils/productUrls.ts')} */ (jiti(path.join(repoRoot, 'src/utils/productUrls.ts')));

const contract = loadSiteContract(repoRoot);
const ID = 'https://launchdeck.test/openapi.json';

/**
 * The contract with every `required` removed: the schema of a shortened example.
 * @param {Json} node
 * @returns {Json}
 */
function relaxed(node) {
  if (Array.isArray(node)) return node.map(relaxed);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => k !== 'required')
      .map(([k, v]) => [k, relaxed(v)]),
  );
}

/**
 * @param {ContractNode} doc
 * @returns {(pointer: string) => ValidateFunction}
 */
function validatorFor(doc) {
  // Both packages are CommonJS whose module.exports is the class (the function): Node's default import, not their types' `default`.
  const ajv = new /** @type {typeof Ajv2020.default} */ (/** @type {unknown} */ (Ajv2020))({strict: false, allErrors: true, validateFormats: true});
  /** @type {typeof addFormats.default} */ (/** @type {unknown} */ (addFormats))(ajv);
  ajv.addSchema({...doc, $id: ID});
  /** @type {Map<string, ValidateFunction>} */
  const cache = new Map();
  return (pointer) => {
    if (!cache.has(pointer)) cache.set(pointer, ajv.compile({$ref: `${ID}${pointer}`}));
    return /** @type {ValidateFunction} */ (cache.get(pointer));
  };
}
const strict = validatorFor(contract.doc);
const subset = validatorFor(/** @type {ContractNode} */ (relaxed(contract.doc)));

/**
 * JSON pointer of an operation's request or response schema in the contract.
 * @param {string} s
 */
const escape = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** @param {Operation} op */
function requestPointer(op) {
  return `#/paths/${escape(op.path)}/${op.method}/requestBody/content/application~1json/schema`;
}
/**
 * @param {Operation} op
 * @param {string} status
 */
function responsePointer(op, status) {
  const response = /** @type {Record<string, ContractNode | undefined>} */ (op.node.responses)[status];
  if (response?.$ref) return `${response.$ref}/content/application~1json/schema`;
  return `#/paths/${escape(op.path)}/${op.method}/responses/${status}/content/application~1json/schema`;
}

/**
 * An example of a guide: a request body or a response of an operation, or a JSON block of a schema (an event, an error body).
 * @typedef {import('../../src/plugins/api-reference/contract.ts').Operation} Operation
 * @typedef {import('../../src/plugins/api-reference/contract.ts').Node} ContractNode
 * @typedef {import('../../src/plugins/api-reference/contract.ts').Json} Json
 * @typedef {import('ajv/dist/2020.js').ValidateFunction} ValidateFunction
 * @typedef {import('ajv/dist/2020.js').ErrorObject} ErrorObject
 * @typedef {{json: string, shortened: boolean, line: number}} ExampleText
 * @typedef {ExampleText & ({kind: 'request', op: Operation} | {kind: 'response', op: Operation, status: string | undefined} | {kind: 'schema', pointer: string})} Example
 */

/**
 * The examples of one guide: [{kind: 'request'|'response'|'schema', op, status?, pointer?, json, shortened, line}].
 * @param {import('./docs-model.mjs').Doc} doc
 */
function examplesOf(doc) {
  /** @type {Example[]} */
  const out = [];
  const lines = doc.body.split('\n');
  const offset = doc.raw.split('\n').length - lines.length;
  /** @type {Operation | undefined} */
  let lastCall;
  let textSinceCall = '';
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(```|~~~)(\w*)(.*)$/.exec(lines[i]);
    if (!open) {
      // A new heading starts a new story: a JSON block there answers no earlier request.
      if (/^#{1,6}\s/.test(lines[i])) lastCall = undefined;
      if (lastCall) textSinceCall += `${lines[i]}\n`;
      continue;
    }
    const [, indent, fence, lang, meta] = open;
    const start = i;
    const body = [];
    for (i += 1; i < lines.length && !new RegExp(`^${indent}${fence}\\s*$`).test(lines[i]); i += 1) body.push(lines[i].slice(indent.length));
    const code = body.join('\n');
    if (/^(bash|sh|shell)$/.test(lang) && /\bcurl\b/.test(code)) {
      const command = code.replace(/\\\n/g, ' ');
      const method = (/(?:^|\s)(?:-X|--request)\s+([A-Z]+)/.exec(command)?.[1] ?? 'GET').toUpperCase();
      const url = /%API_URL%(\/[^"'\s?#]*)/.exec(command)?.[1];
      const op = url ? findOperation(contract, method, url) : undefined;
      lastCall = op;
      textSinceCall = '';
      const data = /(?:-d|--data(?:-raw)?)\s+'([\s\S]*?)'(?=\s|$)/.exec(command)?.[1];
      if (op && data !== undefined) out.push({kind: 'request', op, json: replaceUrlTokens(data), shortened: false, line: offset + start + 1});
    } else if (lang === 'json' && /title="[^"]*\b(event|error)\b/i.test(meta)) {
      // An example titled as an event (what an outgoing webhook sends) or an error body.
      const pointer = /\bevent\b/i.test(/** @type {RegExpExecArray} */ (/title="([^"]*)"/.exec(meta))[1])
        ? '#/components/schemas/WebhookEvent'
        : '#/components/schemas/Error';
      out.push({kind: 'schema', pointer, json: replaceUrlTokens(code), shortened: /title="[^"]*shortened/i.test(meta), line: offset + start + 1});
    } else if (lang === 'json' && lastCall) {
      const statuses = [...textSinceCall.matchAll(/`?\b([1-5]\d\d)(?: [A-Z][A-Za-z ]+)?`?/g)].map((m) => m[1]);
      const status = statuses
        .reverse()
        .find((s) => /** @type {Record<string, unknown> | undefined} */ (/** @type {Operation} */ (lastCall).node.responses)?.[s]);
      out.push({
        kind: 'response',
        op: lastCall,
        status,
        json: replaceUrlTokens(code),
        shortened: /title="[^"]*shortened/i.test(meta),
        line: offset + start + 1,
      });
      textSinceCall = '';
    }
  }
  return out;
}

const docs = readDocs();
const examples = docs.flatMap((doc) => examplesOf(doc).map((e) => ({...e, file: doc.file})));

test('the guides show request and response examples of the API', () => {
  assert.ok(examples.filter((e) => e.kind === 'request').length > 50, 'request bodies');
  assert.ok(examples.filter((e) => e.kind === 'response').length > 100, 'responses');
});

test("every request body in the guides validates against its operation's request schema", () => {
  const failures = [];
  for (const e of examples.filter((x) => x.kind === 'request')) {
    if (!requestBody(contract, e.op)) {
      failures.push(`${e.file}:${e.line}: ${e.op.method.toUpperCase()} ${e.op.path} takes no body`);
      continue;
    }
    let value;
    try {
      value = JSON.parse(e.json);
    } catch (/** @type {any} */ error) {
      failures.push(`${e.file}:${e.line}: the body is not JSON (${error.message})`);
      continue;
    }
    const validate = strict(requestPointer(e.op));
    if (!validate(value))
      failures.push(
        `${e.file}:${e.line}: ${e.op.id}: ${/** @type {ErrorObject[]} */ (validate.errors).map((x) => `${x.instancePath || '/'} ${x.message}`).join('; ')}`,
      );
  }
  assert.deepEqual(failures, []);
});

test('every JSON response in the guides validates against the response its text names (shortened ones as a subset)', () => {
  const failures = [];
  let checked = 0;
  for (const e of examples.filter((x) => x.kind === 'response')) {
    const status = e.status ?? responsesOf(contract, e.op).find((r) => /^2/.test(r.status) && r.contentType === 'application/json')?.status;
    if (!status) continue;
    const response = responsesOf(contract, e.op).find((r) => r.status === status);
    if (!response?.schema || response.contentType !== 'application/json') continue;
    let value;
    try {
      value = JSON.parse(e.json);
    } catch {
      continue; // examples.test.mjs reports JSON that doesn't parse
    }
    checked += 1;
    const validate = (e.shortened ? subset : strict)(responsePointer(e.op, status));
    if (!validate(value)) {
      failures.push(
        `${e.file}:${e.line}: ${e.op.id} ${status}${e.shortened ? ' (shortened)' : ''}: ${
          /** @type {ErrorObject[]} */ (validate.errors)
            .slice(0, 4)
            .map((x) => `${x.instancePath || '/'} ${x.message}${x.params?.additionalProperty ? ` (${x.params.additionalProperty})` : ''}`)
            .join('; ')
        }`,
      );
    }
  }
  assert.ok(checked > 100, `${checked} responses checked`);
  assert.deepEqual(failures, []);
});

test('every example titled as an event or an error body validates against the WebhookEvent or Error schema', () => {
  const schemaExamples = examples.filter((x) => x.kind === 'schema');
  assert.ok(schemaExamples.length >= 2, `${schemaExamples.length} events and error bodies`);
  const failures = [];
  for (const e of schemaExamples) {
    const validate = (e.shortened ? subset : strict)(e.pointer);
    if (!validate(JSON.parse(e.json)))
      failures.push(
        `${e.file}:${e.line}: ${e.pointer}: ${
          /** @type {ErrorObject[]} */ (validate.errors)
            .slice(0, 4)
            .map((x) => `${x.instancePath || '/'} ${x.message}`)
            .join('; ')
        }`,
      );
  }
  assert.deepEqual(failures, []);
});
