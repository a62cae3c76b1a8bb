/**
 * What the MCP server knows about the docs, from one site source
 * (./source.mjs): the site's own search engine on its own index files
 * (src/plugins/search/client/engine, the code the search box runs, bundled into
 * ./lib/site.mjs by ./scripts/bundle.mjs), every page's Markdown, and the
 * API contract. The MCP tools (./server.mjs) are thin wrappers of
 * these methods; tests/browser/mcp.test.mjs drives them through the SDK's
 * client.
 */
import {SiteError} from './source.mjs';
import {refusalOf} from './refuse.mjs';
// The site's own code (the search engine and the API contract helpers), bundled from its TypeScript by ./scripts/bundle.mjs.
import {
  SearchEngine,
  editDistance,
  contractOf,
  requiredPermission,
  tokenTypes,
  isPublic,
  responsesOf,
  requestBody,
  typeOf,
  statusText,
  findOperation,
  samplesFor,
} from './lib/site.mjs';

/** Queries longer than this are cut (the search box reads no more either). */
export const MAX_QUERY_LENGTH = 200;
export const MAX_RESULTS = 20;

/** @typedef {import('../src/plugins/api-reference/contract.ts').Json} Json */
/** @typedef {import('../src/plugins/api-reference/contract.ts').Node} Node */
/**
 * A request body or a response of the contract, as far as the server reads it.
 * @typedef {{content?: {[mediaType: string]: {schema?: Node}}}} WithContent
 */

/** @param {string} text */
const cleanText = (text) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A passage of `text` around its first matched word, at most `max` characters.
 * @param {string} text
 * @param {number[][]} positions
 * @param {number} [max]
 * @returns {string}
 */
function snippetOf(text, positions, max = 220) {
  if (text.length <= max) return text;
  const start = Math.max(0, (positions[0]?.[0] ?? 0) - 60);
  const cut = text.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${cut.replace(/\s+\S*$/, '')}…`;
}

/**
 * Inlines local $refs, at most `depth` levels deep (deeper: the reference's name).
 * @param {Json | undefined} node
 * @param {Node} doc
 * @param {number} [depth]
 * @param {string[]} [seen]
 * @returns {unknown}
 */
function inline(node, doc, depth = 6, seen = []) {
  if (Array.isArray(node)) return node.map((item) => inline(item, doc, depth, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop();
    if (depth <= 0 || seen.includes(node.$ref)) return {$ref: node.$ref, title: name};
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce(
        (/** @type {Node | undefined} */ at, /** @type {string} */ key) => /** @type {Node | undefined} */ (at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')]),
        doc,
      );
    const {$ref, ...siblings} = node;
    return inline({...target, ...siblings}, doc, depth - 1, [...seen, /** @type {string} */ ($ref)]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, doc, depth, seen)]));
}

export class Docs {
  /** The site's search engine on its index, set by load(), which every other method runs after. @type {InstanceType<typeof SearchEngine>} */
  engine = /** @type {any} */ (null);

  /** @param {import('./source.mjs').Source} source */
  constructor(source) {
    this.source = source;
  }

  /** @param {string} sitePathname */
  async text(sitePathname) {
    return this.source.read(sitePathname);
  }

  /** Loads the search index (first tier and every section's text) and finds the site's address. */
  async load() {
    const manifestText = await this.source.read('/docs-index.json');
    if (manifestText === null) {
      throw new SiteError(`${this.source.describe()} has no docs-index.json: it isn't a Launchdeck docs build. Build the site with "npm run build".`);
    }
    /** @type {{siteUrl: string, search: {pages: string, text: Record<string, string>}}} */
    const manifest = JSON.parse(manifestText);
    /** @type {ConstructorParameters<typeof SearchEngine>[0] | null} */
    const pagesFile = JSON.parse((await this.source.read(`/${manifest.search.pages}`)) ?? 'null');
    if (!pagesFile) throw new SiteError(`The search index ${manifest.search.pages} is missing from ${this.source.describe()}.`);
    this.engine = new SearchEngine(pagesFile);
    this.contexts = pagesFile.contexts;
    for (const [context, file] of Object.entries(manifest.search.text)) {
      const rows = JSON.parse((await this.source.read(`/${file}`)) ?? '[]');
      this.engine.addText(context, rows);
    }
    this.siteUrl = manifest.siteUrl.replace(/\/+$/, '');
    this.urls = new Set(this.engine.pages.map((page) => page.url));
    return this;
  }

  /**
   * Throws the refusal of a name a tool was given (./refuse.mjs), if it has one.
   * @param {string} input
   * @param {'page' | 'section' | 'operation'} kind
   */
  refuse(input, kind) {
    const refusal = refusalOf(input, {kind, siteUrl: /** @type {string} */ (this.siteUrl)});
    if (refusal) throw new SiteError(refusal);
  }

  /** An absolute address of the site. @param {string} sitePathname */
  absolute(sitePathname) {
    return `${this.siteUrl}${sitePathname}`;
  }

  /** The section pages: `/docs/<section>/` (and nested ones), with their title and description. */
  sections() {
    const pages = this.engine.pages;
    return pages
      .filter((page) => /^\/docs\/.+\/$/.test(page.url) && !page.url.startsWith('/docs/api/reference/'))
      .map((page) => ({
        section: page.url.slice('/docs/'.length, -1),
        title: page.title,
        url: this.absolute(page.url),
        description: page.description,
        pages: pages.filter((p) => p.url.startsWith(page.url) && p.url !== page.url).length,
      }))
      .concat([
        {
          section: 'api/reference',
          title: 'API reference',
          url: this.absolute('/docs/api/reference/'),
          description: 'One page per operation of the Launchdeck REST API.',
          pages: pages.filter((p) => p.url.startsWith('/docs/api/reference/') && p.url !== '/docs/api/reference/').length,
        },
      ])
      .sort((a, b) => a.section.localeCompare(b.section));
  }

  /**
   * A section of list_sections by its name ("servers", "teams/invitations", "api/reference"), path, URL or
   * title: the prefix of its pages' URLs, and the search context that holds them (none for a section outside
   * every context). Or a SiteError listing the sections.
   * @param {string} section
   * @returns {{prefix: string, context: string | undefined}}
   */
  sectionOf(section) {
    this.refuse(section, 'section');
    const wanted = cleanText(section)
      .toLowerCase()
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/^\/+|\/+$/g, '')
      .replace(/^docs\//, '');
    const sections = this.sections();
    const found = sections.find((s) => s.section === wanted) ?? sections.find((s) => s.title.toLowerCase() === wanted);
    if (!found) throw new SiteError(`Unknown section ${JSON.stringify(section)}. Sections: ${sections.map((s) => s.section).join(', ')}.`);
    const prefix = `/docs/${found.section}/`;
    // The longest search context that holds the section: "docs/teams" for "teams/invitations".
    const context = /** @type {string[]} */ (this.contexts).filter((c) => prefix.startsWith(`/${c}/`)).sort((x, y) => y.length - x.length)[0];
    return {prefix, context};
  }

  /**
   * The site's search: the same engine and ranking as its search box and /search page.
   * @param {unknown} query
   * @param {{section?: string, limit?: number}} [options]
   */
  search(query, {section, limit = 5} = {}) {
    if (typeof query !== 'string') throw new SiteError('The query must be text.');
    let text = cleanText(query);
    const truncated = text.length > MAX_QUERY_LENGTH;
    if (truncated) text = text.slice(0, MAX_QUERY_LENGTH);
    if (!text) throw new SiteError('The query is empty: say what you are looking for, for example "add a server on AWS".');
    const count = Math.min(MAX_RESULTS, Math.max(1, Math.floor(limit)));
    const scope = section ? this.sectionOf(section) : undefined;
    // A section inside a context (or outside every one) is the context's results on its pages: ask for more, keep its own.
    const {hits, partial} = this.engine.search(text, {limit: scope ? MAX_RESULTS * 10 : count, context: scope?.context, typing: false});
    const inScope = hits.filter((hit) => !scope || this.engine.pages[hit.page].url.startsWith(scope.prefix)).slice(0, count);
    const results = inScope.map((hit) => {
      const page = this.engine.pages[hit.page];
      let anchor = '';
      let passage = page.description;
      if (hit.target.kind === 'heading') {
        const heading = this.engine.headings[hit.target.heading];
        anchor = heading.anchor;
        const part = page.sections.map((id) => this.engine.sections[id]).find((s) => s.anchor === anchor);
        if (part) passage = part.text;
      } else if (hit.target.kind === 'text') {
        const part = this.engine.sections[hit.target.section];
        anchor = part.anchor;
        passage = part.text;
      }
      const sectionPage = page.context ? this.engine.pages.find((p) => p.url === `/${page.context}/`) : undefined;
      const firstWord = [...hit.matched][0];
      const at = firstWord ? passage.toLowerCase().indexOf(firstWord.slice(0, 4)) : -1;
      return {
        title: page.title,
        url: this.absolute(`${page.url}${anchor}`),
        markdown_url: this.absolute(page.url.endsWith('/') ? `${page.url}index.md` : `${page.url}.md`),
        section: sectionPage?.title ?? (page.breadcrumbs?.[0] || 'Documentation'),
        snippet: snippetOf(passage, at >= 0 ? [[at]] : []),
      };
    });
    return {query: text, truncated, partial, results};
  }

  /**
   * The site path of a page from what a reader or an agent might pass: a URL, a route, a file.
   * @param {unknown} ref
   * @returns {string}
   */
  route(ref) {
    if (typeof ref !== 'string' || !ref.trim()) throw new SiteError('Say which page: its URL or path, for example /docs/servers/add-server.');
    this.refuse(ref, 'page');
    let text = cleanText(ref);
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
      let url;
      try {
        url = new URL(text);
      } catch {
        throw new SiteError(`Not a URL: ${JSON.stringify(ref)}.`);
      }
      // refuse() has answered other hosts already; this stays so that no path below can come from one.
      if (url.origin !== new URL(/** @type {string} */ (this.siteUrl)).origin)
        throw new SiteError(`Refused: ${url.origin} is not this site (${this.siteUrl}).`);
      text = url.pathname;
    }
    text = text.replace(/[?#].*$/, '');
    if (!text.startsWith('/')) text = text.startsWith('docs/') ? `/${text}` : `/docs/${text}`;
    if (!text.startsWith('/docs/') && text !== '/docs')
      throw new SiteError(`Refused: ${JSON.stringify(ref)} is not a page of the docs (they are under /docs/).`);
    return text
      .replace(/\/index\.mdx?$/, '/')
      .replace(/\.mdx?$/, '')
      .replace(/^\/docs$/, '/docs/');
  }

  /**
   * Pages whose address or title is closest to what was asked.
   * @param {string} ref
   * @param {number} [n]
   */
  closest(ref, n = 5) {
    const wanted = ref.toLowerCase();
    const scored = this.engine.pages.map((page) => ({
      page,
      distance: editDistance(wanted.replace(/\/$/, ''), page.url.toLowerCase().replace(/\/$/, ''), Infinity),
    }));
    const byUrl = scored
      .sort((a, b) => a.distance - b.distance)
      .slice(0, n)
      .map((s) => s.page.url);
    const words = wanted
      .replace(/^\/docs\//, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const bySearch = words ? this.engine.search(words, {limit: n}).hits.map((hit) => this.engine.pages[hit.page].url) : [];
    // A near miss of an address (a typo: "add-sever") first, then what the words find, then the other near addresses.
    const typos = scored.filter((s) => s.distance <= 3).map((s) => s.page.url);
    return [...new Set([...typos, ...bySearch.slice(0, 3), ...byUrl])].slice(0, n).map((url) => {
      const page = this.engine.pages.find((p) => p.url === url);
      return {title: page?.title ?? url, url: this.absolute(url)};
    });
  }

  /** A page's Markdown, guides and reference pages alike. @param {unknown} ref */
  async readPage(ref) {
    const route = this.route(ref);
    const file = route.endsWith('/') ? `${route}index.md` : `${route}.md`;
    const markdown = /** @type {Set<string>} */ (this.urls).has(route) ? await this.source.read(file) : null;
    if (markdown === null) {
      const suggestions = this.closest(route);
      const error = /** @type {SiteError & {suggestions?: typeof suggestions}} */ (
        new SiteError(`No page at ${route}. Closest: ${suggestions.map((s) => `${s.title} (${s.url})`).join('; ')}.`)
      );
      error.suggestions = suggestions;
      throw error;
    }
    return {url: this.absolute(route), markdown};
  }

  async contract() {
    if (!this.contractCache) {
      const json = await this.source.read('/openapi.json');
      if (json === null) throw new SiteError(`${this.source.describe()} has no /openapi.json.`);
      this.contractCache = contractOf(JSON.parse(json));
    }
    return this.contractCache;
  }

  /** An API operation by its ID ("createServer") or "METHOD /path" (a template or a real path). @param {unknown} ref */
  async operation(ref) {
    if (typeof ref === 'string') this.refuse(ref, 'operation');
    const contract = await this.contract();
    const text = cleanText(typeof ref === 'string' ? ref : '');
    if (!text || text.length > 300)
      throw new SiteError('Say which operation: its ID (createServer) or its method and path (POST /environments/{environment_id}/servers).');
    const call = /^(GET|POST|PUT|PATCH|DELETE)\s+(?:https?:\/\/[^/\s]+(?:\/v\d+)?)?(\/\S*)$/i.exec(text);
    const op = call
      ? findOperation(contract, call[1], call[2].replace(/[?#].*$/, ''))
      : contract.operations.find((o) => o.id.toLowerCase() === text.toLowerCase());
    if (!op) {
      const close = contract.operations
        .map((o) => ({
          o,
          d: Math.min(editDistance(text.toLowerCase(), o.id.toLowerCase(), Infinity), editDistance(text.toLowerCase(), `${o.method} ${o.path}`, Infinity)),
        }))
        .sort((a, b) => a.d - b.d)
        .slice(0, 5)
        .map(({o}) => `${o.id} (${o.method.toUpperCase()} ${o.path})`);
      throw new SiteError(`No operation ${JSON.stringify(text)}. Closest: ${close.join('; ')}.`);
    }
    const doc = contract.doc;
    const reference = `/docs/api/reference/${op.resource.slug}/${op.slug}`;
    const referenceMarkdown = (await this.source.read(`${reference}.md`)) ?? '';
    const guidesPart = /## Guides that use it\n([\s\S]*?)(\n## |$)/.exec(referenceMarkdown)?.[1] ?? '';
    const guides = [...guidesPart.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => ({title: m[1], url: m[2]}));
    const body = requestBody(contract, op);
    const apiUrl = String(/** @type {{url?: Json}[] | undefined} */ (doc.servers)?.[0]?.url ?? 'https://api.launchdeck.io/v1');
    return {
      operation_id: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      summary: op.summary,
      description: op.description,
      resource: op.resource.name,
      reference_url: this.absolute(reference),
      authentication: isPublic(op)
        ? 'none'
        : tokenTypes(op).length
          ? `bearer token: ${tokenTypes(op).join(', ')} only`
          : 'bearer token: personal access token or project API token',
      required_permission: requiredPermission(op) ?? null,
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        type: typeOf(contract, p.schema),
        description: p.description,
        ...(p.example !== undefined ? {example: p.example} : {}),
      })),
      request_body: body
        ? {
            required: body.required,
            schema: inline(/** @type {WithContent | undefined} */ (op.node.requestBody)?.content?.['application/json']?.schema ?? body.schema, doc),
            example: body.example ?? null,
          }
        : null,
      responses: responsesOf(contract, op).map((r) => ({
        status: statusText(r.status),
        description: r.description,
        ...(r.codes.length ? {error_codes: r.codes} : {}),
        ...(r.schema && /^2/.test(r.status)
          ? {
              schema: inline(
                /** @type {Record<string, WithContent> | undefined} */ (op.node.responses)?.[r.status]?.content?.['application/json']?.schema ?? r.schema,
                doc,
              ),
            }
          : {}),
        ...(r.example !== undefined && /^2/.test(r.status) ? {example: r.example} : {}),
      })),
      curl: samplesFor(contract, op, apiUrl)[0].code,
      guides,
    };
  }
}
