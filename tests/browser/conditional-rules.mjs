/**
 * The rules of a conditional request (RFC 9110, sections 13 and 15.4.5), as
 * checks that return what breaks them, as sentences (none when all is
 * right): tests/browser/hosting.test.mjs runs them against scripts/serve.mjs
 * and nginx, and tests/unit/conditional-requests.test.mjs shows each one
 * failing on responses made to break it and on a server that ignores
 * validators. A response is what tests/helpers.mjs rawRequest returns:
 * {status, headers (lower-case names), body (a Buffer)}.
 *
 * @typedef {{status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body?: Buffer}} Answer
 *   A response, as rawRequest returns it (a response made up by a test may have no body).
 * @typedef {(path: string, headers: import('node:http').OutgoingHttpHeaders, method?: string) => Promise<Answer>} Requester
 *   Sends a request for `path` (GET unless `method` says otherwise) and returns its answer.
 */

/**
 * An entity tag without its weakness mark: If-None-Match compares tags weakly.
 * @param {string} tag
 */
const opaque = (tag) => String(tag).trim().replace(/^W\//, '');

/**
 * A Vary value as a set of names, whatever their order, case and spacing.
 * @param {string | undefined} value
 */
const varyNames = (value) =>
  String(value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .sort()
    .join(', ');

/**
 * The request headers that must make a server answer 304 after `first` (a
 * 200): its ETag in If-None-Match, and its Last-Modified in If-Modified-Since,
 * each alone. A validator the response lacks gives no request (validatorProblems says so).
 * @param {Answer} first
 */
export function conditionalRequests(first) {
  const requests = [];
  if (first.headers.etag) requests.push({validator: 'If-None-Match', headers: {'if-none-match': first.headers.etag}});
  if (first.headers['last-modified']) requests.push({validator: 'If-Modified-Since', headers: {'if-modified-since': first.headers['last-modified']}});
  return requests;
}

/**
 * What `first`, a plain GET's answer, lacks to be revalidated cheaply: an ETag and a Last-Modified.
 * @param {Answer} first
 */
export function validatorProblems(first) {
  if (first.status !== 200) return [`the first response is ${first.status}, not 200`];
  /** @type {string[]} */
  const problems = [];
  if (!first.headers.etag) problems.push('the response has no ETag');
  else if (!/^(W\/)?"[^"]*"$/.test(first.headers.etag)) problems.push(`the ETag ${first.headers.etag} is not a quoted entity tag`);
  if (!first.headers['last-modified']) problems.push('the response has no Last-Modified');
  else if (Number.isNaN(Date.parse(first.headers['last-modified']))) problems.push(`the Last-Modified ${first.headers['last-modified']} is not a date`);
  return problems;
}

/**
 * What is wrong with `conditional`, the answer to the same GET or HEAD as
 * `first` with one of `first`'s validators sent back: it must be a 304 with
 * no body that repeats the 200's ETag (compared weakly: nginx's gzip makes the
 * 200's weak and its 304 keeps the strong one), Cache-Control and Vary.
 * @param {Answer} first
 * @param {Answer} conditional
 */
export function notModifiedProblems(first, conditional) {
  if (conditional.status !== 304) {
    return [`${conditional.status} where a 304 is due (${conditional.body?.length ?? 0} bytes sent again)`];
  }
  /** @type {string[]} */
  const problems = [];
  if (conditional.body?.length) problems.push(`the 304 has a body of ${conditional.body.length} bytes`);
  if (first.headers.etag) {
    if (!conditional.headers.etag) problems.push(`the 304 has no ETag (the 200's: ${first.headers.etag})`);
    else if (opaque(conditional.headers.etag) !== opaque(first.headers.etag))
      problems.push(`the 304's ETag ${conditional.headers.etag} is not the 200's ${first.headers.etag}`);
  }
  if (first.headers['cache-control'] !== undefined && conditional.headers['cache-control'] !== first.headers['cache-control']) {
    problems.push(`the 304's Cache-Control is ${conditional.headers['cache-control'] ?? '(none)'}, the 200's ${first.headers['cache-control']}`);
  }
  if (first.headers.vary !== undefined && varyNames(conditional.headers.vary) !== varyNames(first.headers.vary)) {
    problems.push(`the 304's Vary is ${conditional.headers.vary ?? '(none)'}, the 200's ${first.headers.vary}`);
  }
  return problems;
}

/**
 * Every problem of revalidating `path` on a server: `request(path, headers)`
 * returns a response. A first GET with `headers` (Accept-Encoding, Accept…),
 * then the same with each validator of its answer sent back, as GET and as HEAD.
 * Each problem names the path, the request headers and the validator.
 * @param {Requester} request
 * @param {string} path
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 */
export async function revalidationProblems(request, path, headers = {}) {
  const label = `${path}${
    Object.keys(headers).length
      ? ` (${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}`)
          .join(', ')})`
      : ''
  }`;
  const first = await request(path, headers);
  const problems = validatorProblems(first).map((problem) => `${label}: ${problem}`);
  if (first.status !== 200) return problems;
  for (const {validator, headers: conditional} of conditionalRequests(first)) {
    for (const method of ['GET', 'HEAD']) {
      const answer = await request(path, {...headers, ...conditional}, method);
      problems.push(...notModifiedProblems(first, answer).map((problem) => `${label}, ${method} with ${validator}: ${problem}`));
    }
  }
  return problems;
}
