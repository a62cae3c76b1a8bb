/**
 * What the MCP tools refuse before they look anything up, and the words they
 * refuse it with: a control character, a ".." path segment (as written,
 * percent-encoded, encoded twice, or with backslashes), a URL that isn't
 * http(s), and an http(s) URL of another host. A pure function of the input
 * and the site's address, so ./test/refuse.test.mjs holds the whole
 * table without a build; ./docs.mjs calls it for each name a tool takes.
 * Nothing here is needed for safety alone (./source.mjs still refuses any
 * path that leaves the site): it is so that the answer says what happened.
 */

/** C0 controls, DEL and C1 controls: the Unicode "Cc" category. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A control character percent-encoded, once or more (%00, %2500, %7F, %C2%80). */
const ENCODED_CONTROL = /%(?:25)*(?:[01][0-9a-f]|7f|c2%(?:25)*[89][0-9a-f])/i;

/** A ".." segment: between slashes or backslashes, or at either end, or before a query or fragment. */
const DOT_DOT = /(?:^|[/\\])\.\.(?=$|[/\\?#])/;

/** Two dots, each written as is or percent-encoded, once or more (.%2e, %2E%2E, %252e%252e). */
const WRITTEN_DOTS = /(?:\.|%(?:25)*2e){2}/gi;

/** A URL's scheme, as a URL parser would read one (the input starts with letters and a colon). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

const METHOD = /^(?:GET|POST|PUT|PATCH|DELETE)\s+/i;

/** U+0000 for a character. @param {string} char */
export const codePoint = (char) => `U+${/** @type {number} */ (char.codePointAt(0)).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Decodes the escapes that matter here, ASCII ones and C1 controls, and
 * leaves the rest as written: a stray "%" or another language's letters
 * must not stop the check, as they would stop decodeURIComponent.
 * @param {string} text
 * @returns {string}
 */
const decodeOnce = (text) => text.replace(/%([0-7][0-9a-f])|%c2%([89][0-9a-f])/gi, (_, ascii, c1) => String.fromCharCode(parseInt(ascii ?? c1, 16)));

/**
 * The input, then as decoded once, twice and three times (a proxy or a client may encode again).
 * @param {string} text
 * @returns {string[]}
 */
function decodings(text) {
  const out = [text];
  for (let i = 0; i < 3; i++) {
    const next = decodeOnce(out[out.length - 1]);
    if (next === out[out.length - 1]) break;
    out.push(next);
  }
  return out;
}

/**
 * How each kind of name reads in a message.
 * @type {Record<'page' | 'section' | 'operation', {name: string, path: string, url: (scheme: string, siteUrl: string) => string}>}
 */
const WORDS = {
  page: {
    name: 'the page name',
    path: 'a page path',
    url: (scheme, siteUrl) => `${scheme} URLs are not pages of this site; give a path such as /docs/servers/add-server or a ${siteUrl}/docs/… URL`,
  },
  section: {
    name: 'the section name',
    path: 'a section name',
    url: (scheme) => `${scheme} URLs are not sections of this site; give a section's name such as servers (list_sections lists them)`,
  },
  operation: {
    name: 'the operation',
    path: "an operation's path",
    url: (scheme) => `${scheme} URLs are not operations of the API; give an operation ID (createServer) or a method and path (GET /servers/{server_id})`,
  },
};

/**
 * Why a tool refuses `input`, as the message it answers with, or undefined
 * when it doesn't. `kind` is what the input names: "page" (read_page), "section"
 * (search_docs's section) or "operation" (get_api_operation, whose URL is the
 * API's and may name any host: only its path is looked up). `siteUrl` is the
 * site's address (docs-index.json's siteUrl, from docusaurus.config.ts's url).
 *
 * @param {string} input
 * @param {{kind: 'page' | 'section' | 'operation', siteUrl: string}} options
 * @returns {string | undefined}
 */
export function refusalOf(input, {kind, siteUrl}) {
  const words = WORDS[kind];
  const forms = decodings(input);

  const control = CONTROL.exec(input);
  if (control) return `Refused: ${words.name} contains a control character (${codePoint(control[0])}).`;
  const encodedControl = forms.map((form) => CONTROL.exec(form)).find(Boolean);
  if (encodedControl) {
    const written = ENCODED_CONTROL.exec(input)?.[0];
    return `Refused: ${words.name} contains a control character (${codePoint(encodedControl[0])}${written ? `, written ${written}` : ''}).`;
  }

  const trimmed = input.trim();
  const scheme = SCHEME.exec(kind === 'operation' ? trimmed.replace(METHOD, '') : trimmed)?.[1].toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return `Refused: ${words.url(`${scheme}:`, siteUrl)}.`;

  if (forms.some((form) => DOT_DOT.test(form))) {
    // Name the encoded form when the dots were encoded: it is what the caller wrote.
    const written = DOT_DOT.test(input) ? undefined : [...input.matchAll(WRITTEN_DOTS)].map((m) => m[0]).find((m) => m !== '..');
    return `Refused: ".." is not allowed in ${words.path}${written ? `, percent-encoded or not (here ${written})` : ''}.`;
  }

  if (scheme && kind !== 'operation') {
    let origin;
    try {
      origin = new URL(trimmed).origin;
    } catch {
      return undefined; // The tool says it is not a URL.
    }
    if (origin !== new URL(siteUrl).origin) return `Refused: ${origin} is not this site (${siteUrl}).`;
  }
  return undefined;
}
