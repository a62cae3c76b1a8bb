/**
 * ../refuse.mjs: what the MCP server's tools refuse, and the exact words
 * they refuse it with (../README.md has the same table), without a build.
 * The repository's tests/browser/mcp.test.mjs sends some of the same inputs through the
 * server itself.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {refusalOf} from '../refuse.mjs';

const siteUrl = 'https://docs.launchdeck.io';
const pageUrl = `give a path such as /docs/servers/add-server or a ${siteUrl}/docs/… URL`;

/** [input, kind, the refusal]. */
/** @type {[string, 'page' | 'section' | 'operation', string][]} */
const HOSTILE = [
  // Control characters, anywhere, as written or percent-encoded.
  ['/docs/servers/add-server\u0000.md', 'page', 'Refused: the page name contains a control character (U+0000).'],
  ['/docs/servers/\u001b[31madd-server', 'page', 'Refused: the page name contains a control character (U+001B).'],
  ['/docs/servers/add-server\u007f', 'page', 'Refused: the page name contains a control character (U+007F).'],
  ['/docs/servers/add-server\n', 'page', 'Refused: the page name contains a control character (U+000A).'],
  ['/docs/servers/add-server\u0085', 'page', 'Refused: the page name contains a control character (U+0085).'],
  ['/docs/servers/add-server%00.md', 'page', 'Refused: the page name contains a control character (U+0000, written %00).'],
  ['/docs/servers/add-server%2500.md', 'page', 'Refused: the page name contains a control character (U+0000, written %2500).'],
  // ".." segments, plain, encoded, encoded twice, with backslashes, inside a URL of the site.
  ['../../package.json', 'page', 'Refused: ".." is not allowed in a page path.'],
  ['/docs/../../package.json', 'page', 'Refused: ".." is not allowed in a page path.'],
  ['/docs/%2e%2e/%2e%2e/package.json', 'page', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here %2e%2e).'],
  ['/docs/%2E%2E/package.json', 'page', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here %2E%2E).'],
  ['/docs/.%2e/package.json', 'page', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here .%2e).'],
  ['/docs/%252e%252e/%252e%252e/package.json', 'page', 'Refused: ".." is not allowed in a page path, percent-encoded or not (here %252e%252e).'],
  ['..\\..\\package.json', 'page', 'Refused: ".." is not allowed in a page path.'],
  ['/docs/..%5c..%5cpackage.json', 'page', 'Refused: ".." is not allowed in a page path.'],
  [`${siteUrl}/docs/../../etc/passwd`, 'page', 'Refused: ".." is not allowed in a page path.'],
  // URLs that aren't http(s), whatever their host; http(s) URLs of another host.
  ['file:///etc/passwd', 'page', `Refused: file: URLs are not pages of this site; ${pageUrl}.`],
  ['FILE:///etc/passwd', 'page', `Refused: file: URLs are not pages of this site; ${pageUrl}.`],
  ['data:text/plain,hi', 'page', `Refused: data: URLs are not pages of this site; ${pageUrl}.`],
  ['javascript:alert(1)', 'page', `Refused: javascript: URLs are not pages of this site; ${pageUrl}.`],
  ['ftp://docs.launchdeck.io/docs/servers/add-server', 'page', `Refused: ftp: URLs are not pages of this site; ${pageUrl}.`],
  ['mailto:someone@example.com', 'page', `Refused: mailto: URLs are not pages of this site; ${pageUrl}.`],
  ['https://evil.example.com/docs/servers/add-server', 'page', `Refused: https://evil.example.com is not this site (${siteUrl}).`],
  ['https://docs.launchdeck.io@evil.example.com/docs/', 'page', `Refused: https://evil.example.com is not this site (${siteUrl}).`],
  // The same rules for a section's name and an operation's path, in their own words.
  ['servers\u0000', 'section', 'Refused: the section name contains a control character (U+0000).'],
  ['../servers', 'section', 'Refused: ".." is not allowed in a section name.'],
  ['file:///etc', 'section', "Refused: file: URLs are not sections of this site; give a section's name such as servers (list_sections lists them)."],
  ['https://evil.example.com/docs/servers/', 'section', `Refused: https://evil.example.com is not this site (${siteUrl}).`],
  ['createServer\u001b', 'operation', 'Refused: the operation contains a control character (U+001B).'],
  ['GET /servers/%2e%2e/tokens', 'operation', `Refused: ".." is not allowed in an operation's path, percent-encoded or not (here %2e%2e).`],
  [
    'GET file:///etc/passwd',
    'operation',
    'Refused: file: URLs are not operations of the API; give an operation ID (createServer) or a method and path (GET /servers/{server_id}).',
  ],
];

/** Names the tools answer as before: they are looked up (and may still be "No page at …"). */
/** @type {[string, 'page' | 'section' | 'operation'][]} */
const ACCEPTED = [
  ['/docs/servers/add-server', 'page'],
  ['servers/add-server', 'page'],
  ['docs/servers/add-server.md', 'page'],
  [`${siteUrl}/docs/servers/add-server`, 'page'],
  [`${siteUrl}/docs/servers/add-server#steps`, 'page'],
  ['/docs/servers/add-server?tab=aws#steps', 'page'],
  ['  /docs/servers/add-server  ', 'page'],
  ['/docs/servers/add-server...', 'page'],
  ['/docs/caf%C3%A9', 'page'],
  ['/docs/it%E2%80%99s', 'page'],
  ['100%', 'page'],
  ['servers', 'section'],
  [`${siteUrl}/docs/servers/`, 'section'],
  ['Servers', 'section'],
  ['createServer', 'operation'],
  ['POST /environments/{environment_id}/servers', 'operation'],
  ['GET https://api.launchdeck.io/v1/servers/srv_6Yp2Mx9K', 'operation'],
];

test('each hostile name is refused, with words that say what and why', () => {
  for (const [input, kind, refusal] of HOSTILE) {
    assert.equal(refusalOf(input, {kind, siteUrl}), refusal, JSON.stringify(input));
  }
});

test('the names readers and agents use are not refused', () => {
  for (const [input, kind] of ACCEPTED) {
    assert.equal(refusalOf(input, {kind, siteUrl}), undefined, JSON.stringify(input));
  }
});

test("a refusal names the site's own address, whatever it is", () => {
  const other = /** @type {const} */ ({kind: 'page', siteUrl: 'https://docs.example.org'});
  assert.equal(refusalOf('https://docs.launchdeck.io/docs/', other), 'Refused: https://docs.launchdeck.io is not this site (https://docs.example.org).');
  assert.match(refusalOf('file:///etc/passwd', other) ?? '', /or a https:\/\/docs\.example\.org\/docs\/… URL\.$/);
  assert.equal(refusalOf('https://docs.example.org/docs/servers/add-server', other), undefined);
});
