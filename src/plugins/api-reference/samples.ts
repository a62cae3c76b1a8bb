/**
 * Code samples of one API operation, generated from the contract: curl,
 * JavaScript (fetch, as an ES module) and Python (requests), written by
 * ./sampleCode.ts, which the API console shares. The tests run `bash -n`,
 * `node --check` and `python3 -m py_compile` on every one.
 */
import {examplePath, isPublic, parameterExample, requestBody, type Operation, type Contract} from './contract';
import {sampleCode, type Sample} from './client/sampleCode';

export {pythonLiteral, type Sample} from './client/sampleCode';

/** An `Idempotency-Key` for samples whose contract example is a placeholder. */
export const SAMPLE_IDEMPOTENCY_KEY = '2f1c6b9e-7a41-4c55-9c3e-0d8a1b6f4e21';

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
    .map((p) => [p.name, parameterExample(p).startsWith('<') ? SAMPLE_IDEMPOTENCY_KEY : parameterExample(p)]);
}

/**
 * The samples, with `apiUrl` as the base URL (the page passes the %API_URL%
 * token, which the build replaces with the product's API URL).
 */
export function samplesFor(contract: Contract, op: Operation, apiUrl: string): Sample[] {
  return sampleCode({
    method: op.method,
    url: `${apiUrl}${examplePath(op)}${queryString(op)}`,
    authorized: !isPublic(op),
    headers: extraHeaders(op),
    body: requestBody(contract, op)?.example,
    jsonResponse: responseIsJson(contract, op),
  });
}

/** Whether the operation's success response is JSON. */
export function responseIsJson(contract: Contract, op: Operation): boolean {
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
