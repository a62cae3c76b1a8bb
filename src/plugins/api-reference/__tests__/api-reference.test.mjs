/**
 * The API reference generator (src/plugins/api-reference): every operation gets one page, the
 * code samples of every operation are valid programs, and the contract
 * passes a real OpenAPI linter (Redocly CLI, with zero errors).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {loadSiteContract, METHODS} = /** @type {typeof import('../contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {samplesFor} = /** @type {typeof import('../samples.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/samples.ts')));
const {pageDescription, linkResolver, describedWithFacts} = /** @type {typeof import('../blocks.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/blocks.ts'))
);
const {mdText} = /** @type {typeof import('../docsFiles.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/docsFiles.ts')));
const {guidesByOperation, referenceFiles} = jiti(path.join(repoRoot, 'src/plugins/api-reference/plugin.ts'));
const {inlineHtml, proseHtml} = /** @type {typeof import('../html.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/html.ts')));
const {docRoute} = /** @type {typeof import('../../../utils/docRoutes.ts')} */ (jiti(path.join(repoRoot, 'src/utils/docRoutes.ts')));

/** @typedef {import('../plugin.ts').GeneratedFile} GeneratedFile */
/**
 * A block of an operation's page data read back from its JSON file (PageBlock, src/plugins/api-reference/pageData.ts): of any kind, so each field may be absent.
 * @typedef {{html?: string, params?: import('../pageData.ts').ParamRow[], anchor?: string, links?: Array<{to: string, title: string}>, tabs?: string, samples?: import('../pageData.ts').PageSample[]}} PageBlockJson
 */

/**
 * A page's blocks, with the two columns' parts in place of the block that holds them (pageData.ts, `columns`).
 * Typed as the parsed JSON it reads (each test names the fields it uses).
 * @param {any[]} blocks
 * @returns {any[]}
 */
const flat = (blocks) =>
  blocks.flatMap((b) =>
    b.columns ? [...b.columns.top, ...b.columns.aside, ...b.columns.responses.map((/** @type {{block: unknown}} */ r) => r.block), ...b.columns.rest] : [b],
  );

const contract = loadSiteContract(repoRoot);
const API_URL = 'https://api.launchdeck.io/v1';

test('every operation of the contract has exactly one page, and every resource a sidebar group', () => {
  let count = 0;
  for (const item of Object.values(/** @type {any} */ (contract.doc).paths)) count += METHODS.filter((m) => item[m]).length;
  assert.equal(contract.operations.length, count);
  const files = referenceFiles(contract, () => []);
  const pages = files.filter((/** @type {GeneratedFile} */ f) => f.file.endsWith('.md') && f.file !== 'index.md');
  assert.equal(pages.length, count, 'one page per operation');
  assert.equal(new Set(pages.map((/** @type {GeneratedFile} */ f) => f.file)).size, count, 'no two operations share a page');
  assert.equal(files.filter((/** @type {GeneratedFile} */ f) => f.file.endsWith('_category_.json')).length, contract.resources.length);
  for (const op of contract.operations)
    assert.ok(
      files.some((/** @type {GeneratedFile} */ f) => f.file === `${op.resource.slug}/${op.slug}.md`),
      op.id,
    );
});

test('every page has a unique one-sentence description of 50–160 characters', () => {
  const seen = new Map();
  const failures = [];
  for (const op of contract.operations) {
    const d = pageDescription(op);
    if (d.length < 50 || d.length > 160 || !d.endsWith('.')) failures.push(`${op.id}: ${d.length} characters: ${d}`);
    if (seen.has(d)) failures.push(`${op.id} and ${seen.get(d)} share "${d}"`);
    seen.set(d, op.id);
  }
  assert.deepEqual(failures, []);
});

test('text from the contract is escaped for MDX: braces and angle brackets outside code', () => {
  assert.equal(mdText('Send `{"a": 1}` to {id} <b>'), 'Send `{"a": 1}` to \\{id\\} &lt;b>');
});

/** `node --check` for many files in one process: V8 parses each as an ES module (vm.SourceTextModule), as --check does an .mjs file. */
const CHECK_JS = `
const fs = require('node:fs');
const vm = require('node:vm');
for (const file of process.argv.slice(1)) {
  try {
    new vm.SourceTextModule(fs.readFileSync(file, 'utf8'), {identifier: file});
  } catch (error) {
    console.log(file + ': ' + error.name + ': ' + error.message);
  }
}
`;
/** python3 -m py_compile for many files in one process, each refusal printed. */
const CHECK_PYTHON = `
import sys, py_compile
for f in sys.argv[1:]:
    try:
        py_compile.compile(f, doraise=True)
    except py_compile.PyCompileError as e:
        print(f + ": " + str(e.msg).strip().splitlines()[-1])
`;

test('every code sample is a valid program: bash -n, node --check, python3 -m py_compile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-samples-'));
  /** Each sample's file, by language, with the operation and label it stands for. */
  /** @type {Record<string, Array<{file: string, name: string}>>} */
  const files = {bash: [], javascript: [], python: []};
  const failures = [];
  try {
    for (const op of contract.operations) {
      for (const sample of samplesFor(contract, op, API_URL)) {
        const file = path.join(dir, `${op.slug}.${sample.language === 'bash' ? 'sh' : sample.language === 'javascript' ? 'mjs' : 'py'}`);
        fs.writeFileSync(file, `${sample.code}\n`);
        files[sample.language].push({file, name: `${op.id} ${sample.label}`});
      }
      // The request body that curl sends is the contract's example, as JSON.
      const curl = samplesFor(contract, op, API_URL)[0].code;
      const data = /-d '([\s\S]*)'$/.exec(curl)?.[1];
      if (data) JSON.parse(data.replace(/'\\''/g, "'"));
    }
    // One process per language (not per sample): each prints the files it refuses, with the reason.
    /** @type {Record<string, [string, string[]]>} */
    const checks = {
      bash: ['bash', ['-c', 'for f; do bash -n "$f" 2>&1 | tail -1 | sed "s|^|$f: |"; done', 'bash']],
      javascript: [process.execPath, ['--experimental-vm-modules', '--no-warnings', '-e', CHECK_JS]],
      python: ['python3', ['-c', CHECK_PYTHON]],
    };
    for (const [language, [command, commandArgs]] of Object.entries(checks)) {
      const list = files[language];
      assert.ok(list.length > 100, `${list.length} ${language} samples`);
      const run = spawnSync(command, [...commandArgs, ...list.map((f) => f.file)], {encoding: 'utf8'});
      assert.equal(run.status, 0, run.stderr);
      for (const line of run.stdout.split('\n').filter(Boolean)) {
        const entry = list.find((f) => line.startsWith(`${f.file}: `));
        failures.push(`${entry?.name ?? language}: ${entry ? line.slice(entry.file.length + 2) : line}`);
      }
    }
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
  assert.deepEqual(failures, []);
});

test('samples call the right URL and send the token, except where the contract needs none', () => {
  const byId = Object.fromEntries(contract.operations.map((op) => [op.id, op]));
  const [curl, js, python] = samplesFor(contract, byId.startServer, API_URL).map((s) => s.code);
  assert.match(curl, /^curl -X POST "https:\/\/api\.launchdeck\.io\/v1\/servers\/srv_[A-Za-z0-9]+\/start"/);
  assert.match(curl, /Authorization: Bearer \$LAUNCHDECK_TOKEN/);
  assert.match(js, /method: 'POST'/);
  assert.match(python, /requests\.post\(/);
  const hook = contract.operations.find((op) => op.path === '/hooks/{hook_secret}');
  assert.ok(hook, 'the incoming webhook operation');
  for (const sample of samplesFor(contract, hook, API_URL)) assert.doesNotMatch(sample.code, /Authorization/, `${sample.label} sends no token`);
});

test('guides and reference link both ways: every guide that calls an operation is listed on its page', () => {
  const guides = guidesByOperation(repoRoot, contract);
  assert.ok(guides.size > 60, `${guides.size} operations are used by guides`);
  const files = referenceFiles(contract, (/** @type {import('../contract.ts').Operation} */ op) => guides.get(op.id) ?? []);
  const data = JSON.parse(files.find((/** @type {GeneratedFile} */ f) => f.file === 'servers/start-server.json').content);
  const links = flat(data.blocks)
    .filter((/** @type {PageBlockJson} */ b) => b.links)
    .flatMap((/** @type {PageBlockJson} */ b) => b.links ?? []);
  assert.ok(
    links.some((/** @type {{to: string, title: string}} */ l) => l.to === '/docs/servers/start-server' && l.title === 'Start a server'),
    JSON.stringify(links),
  );
  // And in the page's Markdown for readers' tools, as an absolute link.
  const markdown = files.find((/** @type {GeneratedFile} */ f) => f.file === 'servers/start-server.md').markdown;
  assert.match(markdown, /^- \[Start a server\]\(https:\/\/docs\.launchdeck\.io\/docs\/servers\/start-server\)$/m);
});

test("an operation's page is a few lines of MDX that render its data; headings get unique ids, as Docusaurus gives them", () => {
  const files = referenceFiles(contract, () => []);
  for (const op of contract.operations) {
    const stub = files.find((/** @type {GeneratedFile} */ f) => f.file === `${op.resource.slug}/${op.slug}.md`);
    assert.match(stub.content, new RegExp(`^import data from '\\./${op.slug}\\.json';$`, 'm'), op.id);
    assert.match(stub.content, /^export const toc = data\.toc;$/m);
    assert.match(stub.content, /^<Operation blocks=\{data\.blocks\} \/>$/m);
    assert.ok(stub.content.length < 1500, `${op.id}: the MDX stays small (${stub.content.length} characters)`);
    const data = JSON.parse(files.find((/** @type {GeneratedFile} */ f) => f.file === `${op.resource.slug}/${op.slug}.json`).content);
    const ids = data.toc.map((/** @type {import('../pageData.ts').TocItem} */ t) => t.id);
    assert.equal(new Set(ids).size, ids.length, `${op.id}: unique heading ids`);
    assert.deepEqual(ids.slice(0, 1), ['request']);
    assert.ok(ids.includes('responses') && ids.includes('guides-that-use-it'), op.id);
    // No Markdown syntax or URL token left in what the browser gets.
    const html = JSON.stringify(flat(data.blocks).filter((/** @type {PageBlockJson} */ b) => b.html || b.params)).replace(/<code>.*?<\/code>/g, '');
    assert.doesNotMatch(html, /\*\*|\]\(|%[A-Z]+_URL%/, op.id);
  }
  const create = JSON.parse(files.find((/** @type {GeneratedFile} */ f) => f.file === 'servers/create-server.json').content);
  // A body's variants are one selector (maintainers/design.md): "provider" with a tab per value, each keeping its heading's id
  // (provider-aws) on its panel; "On this page" links to the body, not to hidden panels.
  const variants = flat(create.blocks).find((/** @type {{variants?: string}} */ b) => b.variants);
  assert.equal(variants?.variants, 'provider');
  assert.deepEqual(
    variants.options.map((/** @type {{label: string, id: string}} */ o) => `${o.label} #${o.id}`),
    ['aws #provider-aws', 'azure #provider-azure', 'digitalocean #provider-digitalocean', 'gcp #provider-gcp', 'self_hosted #provider-self_hosted'],
  );
  assert.ok(!create.toc.some((/** @type {import('../pageData.ts').TocItem} */ t) => t.id.startsWith('provider-')), JSON.stringify(create.toc));
  assert.ok(create.toc.some((/** @type {import('../pageData.ts').TocItem} */ t) => t.id === 'body'));
  const tables = flat(create.blocks)
    .filter((/** @type {PageBlockJson} */ b) => b.html)
    .map((/** @type {PageBlockJson} */ b) => b.html)
    .join('');
  // Parameters and fields are rows, each with its own anchor (maintainers/design.md; the page derives it from the list's
  // anchor and the name), as data; other tables stay tables.
  const pathParameters = flat(create.blocks).find((/** @type {PageBlockJson} */ b) => b.anchor === 'path-parameters');
  assert.deepEqual(pathParameters?.params?.[0]?.slice(0, 3), ['environment_id', 'string', 1]);
  assert.doesNotMatch(tables, /api-params/);
  assert.match(tables, /<div class="ld-table" role="region" tabindex="0" aria-label="Table: Errors"><table>/);
  // A response's fields, folded away, are rows without anchors.
  const folded = flat(create.blocks).filter((/** @type {{details?: string}} */ b) => b.details);
  const foldedRows = /** @type {PageBlockJson[]} */ (folded.flatMap((/** @type {{blocks?: PageBlockJson[]}} */ b) => b.blocks ?? [])).filter((b) => b.params);
  assert.ok(
    foldedRows.length > 0 && foldedRows.every((b) => b.anchor === undefined && b.params?.every((row) => row.length === 4)),
    JSON.stringify(foldedRows).slice(0, 300),
  );
  assert.equal(foldedRows[0]?.params?.[0]?.[0], 'id');
  const samples = flat(create.blocks).find((/** @type {PageBlockJson} */ b) => b.samples);
  assert.equal(samples.tabs, 'api-language');
  assert.deepEqual(
    samples.samples.map((/** @type {import('../pageData.ts').PageSample} */ s) => s.label),
    ['curl', 'JavaScript', 'Python'],
  );
  assert.ok(
    samples.samples.every((/** @type {import('../pageData.ts').PageSample} */ s) => s.tokens && s.code.includes('https://api.launchdeck.io/v1/')),
    'samples are highlighted, with the API URL filled in',
  );
});

test("the contract's descriptions use only the Markdown the reference pages understand (writer's reference C5)", () => {
  /** @type {[string, string][]} */
  const texts = [];
  /**
   * @param {unknown} value
   * @param {string} where
   */
  const walk = (value, where) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (['description', 'summary', 'title'].includes(key) && typeof v === 'string') texts.push([`${where}.${key}`, v]);
        else walk(v, `${where}.${key}`);
      }
    }
  };
  walk(contract.doc.paths, 'paths');
  walk(contract.doc.components, 'components');
  /** @type {[RegExp, string][]} */
  const unsupported = [
    [/\]\(/, 'a link'],
    [/^\s*#/m, 'a heading'],
    [/^\s*\d+[.)] /m, 'a numbered list'],
    [/^\s*[*+] /m, 'a list item not written with "- "'],
    [/(^|[^*\w])[*_][^*_\s][^*_]*[*_](?![*\w])/, 'emphasis'],
    [/<[a-z/!]/i, 'HTML'],
  ];
  const failures = [];
  for (const [where, text] of texts) {
    const prose = text.replace(/`[^`]*`/g, 'code');
    for (const [pattern, what] of unsupported) if (pattern.test(prose)) failures.push(`${where}: ${what}`);
  }
  assert.ok(texts.length > 500, `${texts.length} texts checked`);
  assert.deepEqual(failures, []);
});

test('the static HTML of the reference escapes text and understands only the Markdown it is given', () => {
  const link = (/** @type {string} */ url) => `/resolved/${url}`;
  assert.equal(
    inlineHtml('Send `<b>{"a": 1}</b>` & **wait** for [it](x.md#y) <i>', link),
    'Send <code>&lt;b&gt;{&quot;a&quot;: 1}&lt;/b&gt;</code> &amp; <strong>wait</strong> for <a href="/resolved/x.md#y">it</a> &lt;i&gt;',
  );
  assert.equal(
    proseHtml('One:\n\n- `a`: first\n- b\n  continued\n\nLast.', link),
    '<p>One:</p><ul><li><code>a</code>: first</li><li>b continued</li></ul><p>Last.</p>',
  );
  assert.equal(proseHtml('Lead:\n- a', link), '<p>Lead:</p><ul><li>a</li></ul>');
  const resolve = linkResolver('api/reference/servers/create-server.md');
  assert.equal(resolve('../actions/get-action.md'), '/docs/api/reference/actions/get-action');
  assert.equal(resolve('../../index.md#errors'), '/docs/api/#errors');
  assert.equal(
    resolve('../../../api-tokens/personal-access-tokens/add-personal-access-token.md'),
    '/docs/api-tokens/personal-access-tokens/add-personal-access-token',
  );
  assert.equal(docRoute('index.md'), '/docs/');
});

test("the contract passes Redocly's OpenAPI linter with zero errors", () => {
  const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const run = spawnSync(process.execPath, [cli, 'lint', 'api/openapi.yaml', '--format=json'], {cwd: repoRoot, encoding: 'utf8', timeout: 120000});
  const json = run.stdout.slice(run.stdout.indexOf('{'));
  const report = JSON.parse(json);
  /** @type {Array<{severity: string, ruleId: string, message: string}>} */
  const errors = (report.problems ?? []).filter((/** @type {{severity: string}} */ p) => p.severity === 'error');
  assert.deepEqual(
    errors.map((p) => `${p.ruleId}: ${p.message}`),
    [],
  );
  assert.equal(run.status, 0, run.stderr);
});

test("a parameter's or field's description doesn't repeat what it already says: a length, the values it lists", () => {
  assert.equal(
    describedWithFacts('1–63 characters, slug name rule.', ['1–63 characters', 'pattern `^[a-z]+$`']),
    '1–63 characters, slug name rule. Pattern `^[a-z]+$`.',
  );
  assert.equal(describedWithFacts('0–280 characters.', ['default `""`', 'at most 280 characters']), '0–280 characters. Default `""`.');
  assert.equal(describedWithFacts("`aws` or `gcp`. Can't be changed.", ['one of `aws`, `gcp`']), "`aws` or `gcp`. Can't be changed.");
  // What it doesn't say stays: another length, a value it doesn't list, a fact without a description.
  assert.equal(describedWithFacts('Up to 1280 characters.', ['at most 280 characters']), 'Up to 1280 characters. At most 280 characters.');
  assert.equal(describedWithFacts('`aws` only for now.', ['one of `aws`, `gcp`']), '`aws` only for now. One of `aws`, `gcp`.');
  assert.equal(describedWithFacts('', ['read-only']), 'Read-only.');
  // On the built contract: no row of Add a server says its length twice.
  const create = JSON.parse(
    referenceFiles(loadSiteContract(repoRoot), () => []).find((/** @type {GeneratedFile} */ f) => f.file === 'servers/create-server.json').content,
  );
  assert.doesNotMatch(JSON.stringify(create), /(\d+–\d+ characters)[^"]*\1/);
});
