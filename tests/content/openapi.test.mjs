/**
 * api/openapi.yaml is the single source of the API examples: it must be a
 * well-formed OpenAPI 3.1 document whose every reference resolves.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadOpenApi} from './docs-model.mjs';

const doc = loadOpenApi();
const methods = ['get', 'post', 'put', 'patch', 'delete'];

test('the OpenAPI document is version 3.1 with the default API server and bearer authentication', () => {
  assert.match(doc.openapi, /^3\.1\./);
  assert.equal(doc.servers?.[0]?.url, 'https://api.launchdeck.io/v1');
  assert.equal(doc.components?.securitySchemes?.bearerAuth?.scheme, 'bearer');
});

test('every operation has a unique operationId, a summary and a success response', () => {
  const ids = new Set();
  const failures = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const method of methods.filter((m) => item[m])) {
      const op = item[method];
      if (!op.operationId || ids.has(op.operationId)) failures.push(`${method} ${route}: operationId`);
      ids.add(op.operationId);
      if (!op.summary) failures.push(`${method} ${route}: summary`);
      if (!Object.keys(op.responses ?? {}).some((code) => /^2\d\d$/.test(code))) failures.push(`${method} ${route}: no 2xx response`);
      for (const param of route.match(/\{[^}]+\}/g) ?? []) {
        const name = param.slice(1, -1);
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => (p.$ref ? resolve(p.$ref) : p));
        if (!params.some((p) => p?.in === 'path' && p.name === name)) failures.push(`${method} ${route}: path parameter ${name} not declared`);
      }
    }
  }
  assert.ok(ids.size > 100, `${ids.size} operations`);
  assert.deepEqual(failures, []);
});

/**
 * @param {string} ref
 * @returns {unknown}
 */
function resolve(ref) {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      /**
       * @param {unknown} node
       * @param {string} key
       */
      (node, key) => (node == null ? undefined : /** @type {Record<string, unknown>} */ (node)[key]),
      doc,
    );
}

test('every $ref resolves', () => {
  const missing = new Set();
  /** @param {import('../../src/plugins/api-reference/contract.ts').Json} node */
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      if (typeof node.$ref === 'string' && resolve(node.$ref) === undefined) missing.add(node.$ref);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  assert.deepEqual([...missing], []);
});
