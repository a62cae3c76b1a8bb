/**
 * Fixture tests: an input file, the code under test, and the output a reader
 * can compare with the input. Fixtures live in tests/unit/__fixtures__/<name>/
 * as `<case>.input.<ext>` beside `<case>.output.<suffix>` (one input may have
 * several outputs, each named by what it is: `.output.md`, `.output.html`,
 * `.output.nginx.conf`…; an input the code rejects has `.output.error.txt`).
 *
 * `UPDATE_FIXTURES=1 node --test tests/unit/<file>` writes what the code
 * produces now over the expected outputs (and deletes outputs it no longer
 * produces): run it after a deliberate change, then read the diff.
 *
 * Also here: the Markdown pipeline the site's remark and rehype plugins run
 * in, as Docusaurus's MDX loader runs it, and a readable HTML dump of the
 * tree the rehype plugins leave.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkStringify from 'remark-stringify';
import remarkRehype from 'remark-rehype';
import {find, html as htmlSchema, svg as svgSchema} from 'property-information';
import createJiti from 'jiti';
import {repoRoot} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');

/** A small made-up site that several fixtures share: its API contract (api/openapi.yaml) and a few pages (docs/). */
export const fixtureSite = path.join(fixturesDir, 'site');

// The outputs are written with the product URLs of src/config/urls.ts; an
// override from the environment (a staging build's) would change every one.
for (const name of Object.keys(process.env)) if (/^LAUNCHDECK_[A-Z]+_URL$/.test(name)) delete process.env[name];

const updating = process.env.UPDATE_FIXTURES === '1';
const inputPattern = /^(.+)\.input\.[^.]+$/;
/** @param {string} file */
const relative = (file) => path.relative(repoRoot, file).split(path.sep).join('/');

/**
 * The __fixtures__ folder beside a test file (`import.meta.url`): a feature keeps its fixtures with its tests.
 * @param {string} metaUrl
 */
export const fixturesBeside = (metaUrl) => path.join(path.dirname(fileURLToPath(metaUrl)), '__fixtures__');

/**
 * Registers one test per input of __fixtures__/<name>/ (or of the folder `name`, when it is an absolute path). `run(input, {name,
 * file})` gets the input's text and returns the outputs as {suffix: text};
 * an error it throws is the output `error.txt` (its message).
 * @param {string} name
 * @param {(input: string, context: {name: string, file: string}) => Record<string, string> | Promise<Record<string, string>>} run
 */
export function testFixtures(name, run) {
  // A feature's test names its own folder (src/plugins/<feature>/__tests__/__fixtures__/<name>); others, a folder here.
  const dir = path.isAbsolute(name) ? name : path.join(fixturesDir, name);
  name = path.basename(dir);
  const files = fs.readdirSync(dir).filter((file) => fs.statSync(path.join(dir, file)).isFile());
  const cases = files.filter((file) => inputPattern.test(file)).sort();

  test(`${name}: every expected output has its input`, () => {
    assert.ok(cases.length > 0, `no <case>.input.* in ${relative(dir)}`);
    const names = new Set(cases.map((file) => /** @type {RegExpExecArray} */ (inputPattern.exec(file))[1]));
    const orphans = files.filter((file) => /\.output\./.test(file) && !names.has(file.slice(0, file.indexOf('.output.'))));
    if (updating) for (const file of orphans) fs.rmSync(path.join(dir, file));
    else assert.deepEqual(orphans, [], `outputs without an input in ${relative(dir)}`);
  });

  for (const input of cases) {
    const caseName = /** @type {RegExpExecArray} */ (inputPattern.exec(input))[1];
    test(`${name}: ${caseName}`, async () => {
      const file = path.join(dir, input);
      /** @type {Record<string, string>} */
      let outputs;
      try {
        outputs = await run(fs.readFileSync(file, 'utf8'), {name: caseName, file});
      } catch (/** @type {any} */ error) {
        outputs = {'error.txt': `${error.message}\n`};
      }
      const expected = files.filter((f) => f.startsWith(`${caseName}.output.`)).map((f) => f.slice(`${caseName}.output.`.length));
      if (updating) {
        for (const suffix of expected) if (!(suffix in outputs)) fs.rmSync(path.join(dir, `${caseName}.output.${suffix}`));
        for (const [suffix, text] of Object.entries(outputs)) fs.writeFileSync(path.join(dir, `${caseName}.output.${suffix}`), text);
        return;
      }
      const hint = 'If the change is meant, UPDATE_FIXTURES=1 rewrites the expected files: read their diff before committing it.';
      assert.deepEqual(
        Object.keys(outputs).sort(),
        [...expected].sort(),
        `${relative(file)}: the outputs produced (${Object.keys(outputs).join(', ')}) are not the ones expected. ${outputs['error.txt'] ?? ''}${hint}`,
      );
      for (const [suffix, text] of Object.entries(outputs)) {
        const expectedFile = path.join(dir, `${caseName}.output.${suffix}`);
        assert.equal(text, fs.readFileSync(expectedFile, 'utf8'), `${relative(expectedFile)} is not what the code produces now. ${hint}`);
      }
    });
  }
}

/**
 * A unified processor that parses a page as Docusaurus's MDX loader does
 * (remark-parse and remark-mdx, with front matter, directives and GFM), runs
 * `plugins` ([plugin, options] pairs or plugins) on it and writes the tree
 * back as MDX. The loader's own plugins (admonitions, headings, table of
 * contents…) are left out: the fixtures show what this site's plugins change,
 * and nothing else. Text is written as the tree holds it, without the escapes
 * Markdown would add ("https\://"), so that a URL a plugin wrote reads as it.
 * @param {import('unified').PluggableList} [plugins]
 */
export function markdownProcessor(plugins = []) {
  return unified()
    .use(remarkParse)
    .use(remarkMdx, {quoteSmart: true})
    .use(remarkFrontmatter)
    .use(remarkDirective)
    .use(remarkGfm)
    .use(plugins)
    .use(remarkStringify, {
      bullet: '-',
      rule: '-',
      emphasis: '*',
      strong: '*',
      fences: true,
      listItemIndent: 'one',
      handlers: {text: (/** @type {import('mdast').Text} */ node) => node.value},
    });
}

/**
 * `source` through the remark `plugins`, written back as MDX. `file` is the page's path (some plugins read it).
 * @param {string} source
 * @param {import('unified').PluggableList} plugins
 * @param {import('vfile').VFileOptions} [file]
 */
export async function runRemark(source, plugins, file = {}) {
  return String(await markdownProcessor(plugins).process({value: source, ...file}));
}

/**
 * As Docusaurus's MDX loader does (its codeCompat remark plugin): a fenced
 * block's meta string becomes the code element's `metastring` property.
 */
function remarkCodeMetastring() {
  /** @param {import('mdast').Nodes & {children?: import('mdast').RootContent[]}} node any node, a parent or a leaf */
  const visit = (node) => {
    if (node.type === 'code') {
      node.data ??= {};
      node.data.hProperties = {...node.data.hProperties, metastring: node.meta ?? undefined};
    }
    for (const child of node.children ?? []) visit(child);
  };
  return visit;
}

/** The MDX node types that remark-rehype passes through untouched, as the MDX compiler asks it to. */
const MDX_NODES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/**
 * `source` through the remark plugins, remark-rehype (with the MDX compiler's
 * settings) and the rehype plugins; returns the HTML tree as readable text
 * (hastToText).
 * @param {string} source
 * @param {{remarkPlugins?: any[], rehypePlugins?: any[]}} plugins
 * @param {{path?: string}} [file]
 */
export async function runRehype(source, {remarkPlugins = [], rehypePlugins = []}, file = {}) {
  const processor = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkFrontmatter)
    .use(remarkDirective)
    .use(remarkGfm)
    .use(remarkCodeMetastring)
    .use(remarkPlugins)
    .use(remarkRehype, /** @type {import('remark-rehype').Options} */ ({allowDangerousHtml: true, passThrough: MDX_NODES}))
    .use(rehypePlugins);
  const tree = await processor.run(processor.parse({value: source, ...file}), {value: source, ...file});
  return hastToText(tree);
}

// ------------------------------------------------------------------ the HTML dump

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose whitespace is content: always written on one line, as they are. */
const VERBATIM = new Set(['pre', 'textarea', 'script', 'style']);
/** Elements that sit inside a line of text: a parent holding one stays on one line. */
const PHRASING = new Set(['a', 'abbr', 'b', 'br', 'code', 'del', 'em', 'i', 'img', 'ins', 'kbd', 'mark', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u']);

/** @param {string} text */
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * An attribute value in the quote it needs least (JSON reads better in single quotes).
 * @param {string} value
 */
function quoted(value) {
  const quote = value.includes('"') && !value.includes("'") ? "'" : '"';
  return `${quote}${value.replace(/&/g, '&amp;').replaceAll(quote, quote === '"' ? '&quot;' : '&#39;')}${quote}`;
}

/**
 * @param {import('hast').Element} node
 * @param {import('property-information').Schema} schema
 */
function elementAttributes(node, schema) {
  return Object.entries(node.properties ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([key, value]) => {
      const info = find(schema, key);
      if (value === true) return ` ${info.attribute}`;
      return ` ${info.attribute}=${quoted(Array.isArray(value) ? value.join(info.commaSeparated ? ', ' : ' ') : String(value))}`;
    })
    .join('');
}

/** @param {JsxElement} node */
function jsxAttributes(node) {
  return (node.attributes ?? [])
    .map((attribute) => {
      if (attribute.type === 'mdxJsxExpressionAttribute') return ` {${attribute.value}}`;
      if (attribute.value === null || attribute.value === undefined) return ` ${attribute.name}`;
      if (typeof attribute.value === 'object') return ` ${attribute.name}={${attribute.value.value}}`;
      return ` ${attribute.name}=${quoted(attribute.value)}`;
    })
    .join('');
}

/**
 * Opening and closing tags of an element or a JSX element, and the schema of its children.
 * @param {import('hast').Element | JsxElement} node
 * @param {import('property-information').Schema} schema
 */
function tagsOf(node, schema) {
  if (node.type === 'element') {
    const inner = node.tagName === 'svg' ? svgSchema : schema;
    return {open: `<${node.tagName}${elementAttributes(node, inner)}>`, close: VOID_ELEMENTS.has(node.tagName) ? '' : `</${node.tagName}>`, schema: inner};
  }
  const name = node.name ?? '';
  if (!node.children?.length) return {open: `<${name}${jsxAttributes(node)} />`, close: '', schema};
  return {open: `<${name}${jsxAttributes(node)}>`, close: `</${name}>`, schema};
}

/**
 * @typedef {import('mdast-util-mdx-jsx').MdxJsxFlowElementHast | import('mdast-util-mdx-jsx').MdxJsxTextElementHast} JsxElement
 * @param {import('hast').Nodes} node
 * @returns {node is import('hast').Element | JsxElement}
 */
const isElement = (node) => node.type === 'element' || node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
/** @param {import('hast').Nodes} node */
const isBlank = (node) => node.type === 'text' && !node.value.trim();

/**
 * A node on one line, exactly as it is.
 * @param {import('hast').Nodes} node
 * @param {import('property-information').Schema} schema
 * @returns {string}
 */
function inline(node, schema) {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'raw':
    case 'mdxjsEsm':
      return node.value;
    case 'comment':
      return `<!--${node.value}-->`;
    case 'doctype':
      return '<!doctype html>';
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return `{${node.value}}`;
    default: {
      if (!isElement(node)) return (node.children ?? []).map((child) => inline(child, schema)).join('');
      const tags = tagsOf(node, schema);
      return `${tags.open}${(node.children ?? []).map((child) => inline(child, tags.schema)).join('')}${tags.close}`;
    }
  }
}

/**
 * Writes a node on indented lines: an element whose children are only block
 * elements (and the whitespace between them) gets one line per child; one
 * that holds text or inline elements stays on one line, as written.
 * @param {import('hast').Nodes & {children?: import('hast').RootContent[]}} node any node, a parent or a leaf
 * @param {number} depth
 * @param {import('property-information').Schema} schema
 * @returns {string[]}
 */
function lines(node, depth, schema) {
  const pad = '  '.repeat(depth);
  const blockChildren = (node.children ?? []).filter((child) => !isBlank(child));
  const isBlock =
    (node.type === 'root' || isElement(node)) &&
    !(node.type === 'element' && VERBATIM.has(node.tagName)) &&
    blockChildren.length > 0 &&
    blockChildren.every(
      (child) =>
        (child.type === 'element' && !PHRASING.has(child.tagName)) || ['mdxJsxFlowElement', 'comment', 'mdxFlowExpression', 'mdxjsEsm'].includes(child.type),
    );
  if (!isBlock) return [pad + inline(node, schema)];
  if (node.type === 'root') return blockChildren.flatMap((child) => lines(child, depth, schema));
  const tags = tagsOf(node, schema);
  return [pad + tags.open, ...blockChildren.flatMap((child) => lines(child, depth + 1, tags.schema)), pad + tags.close];
}

/**
 * An HTML tree (hast, MDX nodes included) as indented HTML, one block per line.
 * @param {import('hast').Nodes} tree
 */
export function hastToText(tree) {
  return `${lines(tree, 0, htmlSchema).join('\n')}\n`;
}

/**
 * The site model (src/utils/siteModel.ts) of the made-up site's docs, as the
 * docs plugin would load them: every Markdown file under docs/ except those
 * whose name or folder starts with `_`, its front matter and title read by
 * Docusaurus's own parser, its description the front matter's or, without
 * one, the excerpt Docusaurus makes from the first paragraph.
 * @param {string} [siteDir]
 */
export async function fixtureSiteModel(siteDir = fixtureSite) {
  const {parseMarkdownFile, DEFAULT_PARSE_FRONT_MATTER} = await import('@docusaurus/utils');
  const {createSiteModel} = jiti(path.join(repoRoot, 'src/utils/siteModel.ts'));
  const {docIdOfFile, docRoute} = jiti(path.join(repoRoot, 'src/utils/docRoutes.ts'));
  const docsDir = path.join(siteDir, 'docs');
  /** @type {(dir: string) => string[]} */
  const files = (dir) =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      if (entry.name.startsWith('_')) return [];
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return files(full);
      return /\.mdx?$/.test(entry.name) ? [full] : [];
    });
  const pages = [];
  for (const full of files(docsDir).sort()) {
    const file = path.relative(docsDir, full).split(path.sep).join('/');
    const fileContent = fs.readFileSync(full, 'utf8');
    const {frontMatter, contentTitle, excerpt} = await parseMarkdownFile({
      filePath: full,
      fileContent,
      parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
      removeContentTitle: true,
    });
    pages.push({
      id: docIdOfFile(file),
      file,
      permalink: docRoute(file),
      title: frontMatter.title ?? contentTitle ?? file,
      description: frontMatter.description ?? excerpt ?? '',
      frontMatter,
    });
  }
  return createSiteModel(pages);
}
