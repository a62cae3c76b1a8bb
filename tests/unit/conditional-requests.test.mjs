/**
 * Conditional requests, without a build: scripts/serve.mjs's isNotModified
 * and entityTag on their own, and the checks that tests/browser/hosting.test.mjs
 * runs against both servers (tests/browser/conditional-rules.mjs) failing on
 * responses made to break them and on a tiny server that ignores validators,
 * then passing on scripts/serve.mjs serving a folder of three files.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {entityTag, isNotModified, startServer} from '../../scripts/serve.mjs';
import {notModifiedProblems, revalidationProblems, validatorProblems} from '../browser/conditional-rules.mjs';
import {rawRequest} from '../helpers.mjs';

const etag = '"abc123"';
const mtime = Date.parse('2026-01-02T03:04:05.678Z');
const lastModified = new Date(mtime).toUTCString();

test('isNotModified: If-None-Match with the ETag, weakly compared, in a list, or *', () => {
  assert.equal(isNotModified({}, etag, mtime), false, 'no validator: the whole response');
  assert.equal(isNotModified({'if-none-match': etag}, etag, mtime), true);
  assert.equal(isNotModified({'if-none-match': `W/${etag}`}, etag, mtime), true, 'weak comparison');
  assert.equal(isNotModified({'if-none-match': etag}, `W/${etag}`, mtime), true, 'weak comparison, the other way');
  assert.equal(isNotModified({'if-none-match': `"old", W/"older",${etag}`}, etag, mtime), true, 'a list');
  assert.equal(isNotModified({'if-none-match': '"old", W/"older"'}, etag, mtime), false, 'a list without it');
  assert.equal(isNotModified({'if-none-match': '*'}, etag, mtime), true, '* matches any current representation');
  assert.equal(isNotModified({'if-none-match': '"abc"'}, etag, mtime), false, 'a prefix is another tag');
  assert.equal(isNotModified({'if-none-match': 'abc123'}, etag, mtime), false, 'an unquoted tag is no tag');
});

test('isNotModified: If-Modified-Since in whole seconds, and If-None-Match takes precedence over it', () => {
  assert.equal(isNotModified({'if-modified-since': lastModified}, etag, mtime), true, 'the Last-Modified sent (the milliseconds dropped)');
  assert.equal(isNotModified({'if-modified-since': new Date(mtime + 86_400_000).toUTCString()}, etag, mtime), true, 'a later date');
  assert.equal(isNotModified({'if-modified-since': new Date(mtime - 1000).toUTCString()}, etag, mtime), false, 'an earlier date');
  assert.equal(isNotModified({'if-modified-since': 'yesterday'}, etag, mtime), false, 'not a date: ignored');
  assert.equal(isNotModified({'if-none-match': '"old"', 'if-modified-since': lastModified}, etag, mtime), false, 'a stale ETag wins over a current date');
  assert.equal(
    isNotModified({'if-none-match': etag, 'if-modified-since': new Date(mtime - 60_000).toUTCString()}, etag, mtime),
    true,
    'a current ETag wins over an old date',
  );
});

test('entityTag: strong, quoted, and one per sequence of bytes', () => {
  const tag = entityTag(Buffer.from('hello'));
  assert.match(tag, /^"[\w-]+"$/);
  assert.equal(entityTag(Buffer.from('hello')), tag);
  assert.notEqual(entityTag(Buffer.from('hello!')), tag);
});

const first = {
  status: 200,
  headers: {etag: '"v1"', 'last-modified': lastModified, 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Accept-Encoding'},
  body: Buffer.from('the page'),
};

test('notModifiedProblems: a 200 where a 304 is due, and each thing a 304 must keep', () => {
  assert.deepEqual(notModifiedProblems(first, first), ['200 where a 304 is due (8 bytes sent again)']);
  assert.deepEqual(notModifiedProblems(first, {status: 304, headers: {...first.headers, etag: 'W/"v1"'}, body: Buffer.alloc(0)}), [], 'a right 304');
  assert.deepEqual(notModifiedProblems(first, {status: 304, headers: {}, body: Buffer.from('x')}), [
    'the 304 has a body of 1 bytes',
    `the 304 has no ETag (the 200's: "v1")`,
    "the 304's Cache-Control is (none), the 200's public, max-age=0, must-revalidate",
    "the 304's Vary is (none), the 200's Accept-Encoding",
  ]);
  assert.deepEqual(notModifiedProblems(first, {status: 304, headers: {...first.headers, etag: '"v2"', vary: 'accept-encoding'}, body: Buffer.alloc(0)}), [
    `the 304's ETag "v2" is not the 200's "v1"`,
  ]);
  assert.deepEqual(validatorProblems({status: 200, headers: {etag: 'v1'}}), ['the ETag v1 is not a quoted entity tag', 'the response has no Last-Modified']);
  assert.deepEqual(validatorProblems({status: 404, headers: {}}), ['the first response is 404, not 200']);
});

/**
 * A server on a free port; `handle(req, res)` answers.
 * @param {import('node:http').RequestListener} handle
 */
async function tinyServer(handle) {
  const server = http.createServer(handle);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('revalidationProblems: a server that sends validators but ignores them gets a 200 where a 304 is due, for GET and HEAD', async () => {
  const server = await tinyServer((req, res) => {
    res.writeHead(200, {'Content-Type': 'text/plain', ETag: '"v1"', 'Last-Modified': lastModified});
    res.end(req.method === 'HEAD' ? undefined : 'always the whole body');
  });
  try {
    /** @type {import('../browser/conditional-rules.mjs').Requester} */
    const request = (p, headers, method) => rawRequest(server.url + p, {headers, method});
    assert.deepEqual(await revalidationProblems(request, '/llms.txt'), [
      '/llms.txt, GET with If-None-Match: 200 where a 304 is due (21 bytes sent again)',
      '/llms.txt, HEAD with If-None-Match: 200 where a 304 is due (0 bytes sent again)',
      '/llms.txt, GET with If-Modified-Since: 200 where a 304 is due (21 bytes sent again)',
      '/llms.txt, HEAD with If-Modified-Since: 200 where a 304 is due (0 bytes sent again)',
    ]);
  } finally {
    await server.close();
  }
});

test('revalidationProblems: a server without validators is told so', async () => {
  const server = await tinyServer((req, res) => res.end('no validators'));
  try {
    /** @type {import('../browser/conditional-rules.mjs').Requester} */
    const request = (p, headers, method) => rawRequest(server.url + p, {headers, method});
    assert.deepEqual(await revalidationProblems(request, '/', {'accept-encoding': 'gzip'}), [
      '/ (accept-encoding: gzip): the response has no ETag',
      '/ (accept-encoding: gzip): the response has no Last-Modified',
    ]);
  } finally {
    await server.close();
  }
});

test('scripts/serve.mjs answers 304 for every validator, compressed or not, and never for the not-found page', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-conditional-'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Home</title>${'<p>text</p>'.repeat(200)}`);
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  fs.writeFileSync(path.join(dir, 'llms.txt'), 'llms '.repeat(500));
  const server = await startServer({dir, plain: true});
  try {
    /** @type {import('../browser/conditional-rules.mjs').Requester} */
    const request = (p, headers, method) => rawRequest(server.url + p, {headers, method});
    for (const headers of [{}, {'accept-encoding': 'gzip'}]) {
      assert.deepEqual(await revalidationProblems(request, '/llms.txt', headers), []);
    }
    const missing = await request('/nope', {});
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.etag, undefined, 'the not-found page has no validators');
    assert.equal((await request('/nope', {'if-none-match': '*'})).status, 404, 'and never a 304');
  } finally {
    await server.close();
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
