#!/usr/bin/env node
/**
 * The one-page check: the checks a writer's change must pass, for just the
 * pages named, without a build, each finding as `file:line: rule: message`.
 *
 *   npm run check -- docs/servers/add-server.md [more files]
 *
 * It runs, at the same time: the content tests (tests/content: front matter,
 * templates, placeholders, API examples against the contract, JSON/YAML/bash
 * examples, the facts pages state, published URLs and links to headings,
 * and the docs run: the pages' API steps against the simulation),
 * keeping what they find in the named pages; markdownlint; cspell; and the
 * prose lint (textlint, .textlintrc.json and textlint/rules). It
 * reuses those checks rather than copying them: a rule changes in one place.
 * Exit code 1 when anything is found.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Runs a command at the root, to its end; its output (stdout and stderr).
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [extraEnv]
 * @returns {Promise<string>}
 */
function run(command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    // NODE_TEST_CONTEXT would make a `node --test` started from a test speak to its parent instead of printing TAP.
    const {NODE_TEST_CONTEXT, ...env} = process.env;
    const child = spawn(command, args, {cwd: root, env: {...env, ...extraEnv, FORCE_COLOR: '0', NO_COLOR: '1'}});
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', () => resolve(out));
  });
}

/**
 * Short names of the content tests, for the rule column (the test's own name otherwise).
 * @type {[RegExp, string][]}
 */
const RULES = [
  [/title, a unique one-sentence description/, 'front-matter'],
  [/aliases of routes\.tsv/, 'keywords-short-name'],
  [/task pages follow the task template/, 'task-template'],
  [/section index pages/, 'section-template'],
  [/placeholder/, 'placeholders'],
  [/API example matches an operation/, 'api-operation'],
  [/JSON example/, 'json-example'],
  [/YAML example/, 'yaml-example'],
  [/bash example/, 'bash-example'],
  [/request body in the guides/, 'api-request-schema'],
  [/JSON response in the guides/, 'api-response-schema'],
  [/event or an error body/, 'api-event-schema'],
  [/ever published/, 'published-urls'],
  [/relative link finds its page/, 'links'],
  [/^state rule:/, 'state-rule'],
  [/^plan rule:/, 'plan-rule'],
  [/^name rule:/, 'name-rule'],
  [/API steps run against the simulation/, 'docs-run'],
];
const ruleOf = (/** @type {string} */ name) =>
  RULES.find(([pattern]) => pattern.test(name))?.[1] ??
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(0, 40);

const ESCAPES = /** @type {Record<string, string>} */ ({b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', 0: '\0'});

/**
 * A string as node:test prints it (util.inspect), unquoted, or null when `text` isn't one: in single
 * quotes, in double quotes when it holds a single quote, in backticks when it holds both, and in single
 * quotes with `\'` when it also holds a backtick; with `\\`, `\n`, `\xNN`… escapes. Node cuts a string
 * of more than 10,000 characters ("'…'... 12 more characters"): it keeps an ellipsis, so it isn't
 * mistaken for all of the message.
 * @param {string} text
 */
export function unquote(text) {
  const m = /^(['"`])((?:\\.|(?!\1)[^\\])*)\1(\.\.\. \d+ more characters?)?,?$/.exec(text.trim());
  if (!m) return null;
  const value = m[2].replace(/\\(?:x([\da-fA-F]{2})|u([\da-fA-F]{4})|(.))/g, (_, x, u, c) =>
    x || u ? String.fromCharCode(parseInt(x ?? u, 16)) : (ESCAPES[c] ?? c),
  );
  return m[3] ? `${value}… (cut short: npm run test:content shows all of it)` : value;
}

/**
 * Findings of the content tests that name one of `files` ("docs/x.md: …" or "docs/x.md:12: …"), read
 * from the TAP of node:test: the values a failing assertion compared (the diff of its message, and the
 * YAML of `actual`, where a string of several lines is a block, "7: |-"), and the message of an
 * assertion that failed with one ("docs/x.md: no title"). What the test expected (`expected:`, the
 * diff's "-" lines) isn't a finding. A failing test whose output names a page at the start of a string
 * that this couldn't read still fails the page, with a finding that says so.
 * @param {string} tap
 * @param {string[]} files
 * @returns {string[]}
 */
export function contentFindings(tap, files) {
  /** @type {string[]} */
  const findings = [];
  let test = '';
  let failed = false;
  /** @type {Set<string>} */
  const named = new Set(); // pages a string of the failing test starts with
  /** @type {Set<string>} */
  const read = new Set(); // pages with a finding read from the failing test
  /** @type {{indent: number, kind: 'value' | 'lines' | 'skip', lines: string[]} | null} */
  let block = null; // a YAML block scalar ("error: |-", "7: |-") and its lines
  let skipBelow = Infinity; // the indent of "expected:": its values are what the test wanted
  const take = (/** @type {string} */ text) => {
    const m = /^(docs\/[^\s:]+\.mdx?)(?::(\d+))?:?\s+([\s\S]*)$/.exec(text);
    if (!m || !files.includes(m[1])) return;
    findings.push(`${m[1]}:${m[2] ?? 1}: ${ruleOf(test)}: ${m[3].trim().replace(/[^\S\n]*\r?\n/g, '\n    ')}`);
    read.add(m[1]);
  };
  const endBlock = () => {
    if (block?.kind === 'value') take(block.lines.join('\n'));
    // A message: the diff of the compared values ("+   'docs/x.md: …',"), or lines of its own.
    if (block?.kind === 'lines')
      for (const line of block.lines) {
        const diff = /^([+-])\s+(.*)$/.exec(line.trim());
        if (diff?.[1] !== '-') take(unquote(diff?.[2] ?? line) ?? (diff?.[2] ?? line).trim());
      }
    block = null;
  };
  const endTest = () => {
    endBlock();
    for (const file of named)
      if (!read.has(file))
        findings.push(`${file}:1: ${ruleOf(test)}: the test failed and names this page, but its message couldn't be read here: run npm run test:content`);
    named.clear();
    read.clear();
  };
  for (const line of tap.split('\n')) {
    const indent = /** @type {RegExpExecArray} */ (/^ */.exec(line))[0].length;
    if (block && (!line.trim() || indent > block.indent)) {
      if (block.kind !== 'skip') block.lines.push(line.slice(block.indent + 2));
    } else {
      endBlock();
      const result = /^(not )?ok \d+ - (.*)$/.exec(line.trim());
      if (result) {
        endTest();
        [failed, test] = [Boolean(result[1]), result[2]];
        continue;
      }
      if (indent > skipBelow) continue;
      skipBelow = Infinity;
      // A YAML key of the diagnostic: an item of `actual` ("0: …"), `actual` itself, or the message.
      const key = /^\s*([\w$]+):(?:\s+(.*))?$/.exec(line);
      if (!key || !failed) continue;
      const values = /^(?:\d+|actual|error|message)$/.test(key[1]);
      if (key[1] === 'expected' && !key[2]) skipBelow = indent;
      else if (/^[|>][+-]?$/.test(key[2] ?? '')) block = {indent, kind: !values ? 'skip' : key[1] === 'error' ? 'lines' : 'value', lines: []};
      else if (values && key[2]) take(unquote(key[2]) ?? '');
    }
    // A string of the output that starts with a page's path, quoted or not.
    if (failed && indent <= skipBelow && block?.kind !== 'skip' && !/^\s*-\s/.test(line)) {
      const head = line.trim().replace(/^(?:\+\s+|[\w$]+:\s+)?['"`]?/, '');
      for (const file of files) if (head.startsWith(file) && !/^[\w.]/.test(head.slice(file.length))) named.add(file);
    }
  }
  endTest();
  return [...new Set(findings)];
}

async function main() {
  const args = process.argv.slice(2).map((file) => path.relative(root, path.resolve(file)).split(path.sep).join('/'));
  if (args.length === 0) {
    console.error('Usage: npm run check -- docs/<section>/<page>.md [more files]');
    process.exit(2);
  }
  for (const file of args) {
    if (!/^docs\/.+\.mdx?$/.test(file) || file.startsWith('docs/api/reference/') || !fs.existsSync(path.join(root, file))) {
      console.error(`${file}: not a page of docs/ (the API reference is generated: change api/openapi.yaml).`);
      process.exit(2);
    }
  }
  const started = Date.now();
  const [tap, lint, spelling, prose] = await Promise.all([
    // The docs run (tests/content/docs-run.test.mjs) runs only the pages named.
    run(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=2', 'tests/content'], {LAUNCHDECK_PAGES: args.join(',')}),
    run(bin('markdownlint-cli2'), ['--no-globs', ...args]),
    run(bin('cspell'), ['--no-progress', '--no-summary', '--no-must-find-files', ...args]),
    run(bin('textlint'), ['--rulesdir', 'textlint/rules', '-f', 'unix', ...args]),
  ]);
  const findings = [
    ...contentFindings(tap, args),
    // markdownlint: "docs/x.md:12:3 MD022/blanks-around-headings Headings should be …"
    .../** @type {RegExpExecArray[]} */ (
      lint
        .split('\n')
        .map((line) => /^(docs\/\S+?):(\d+)(?::\d+)?\s+(?:error\s+)?(MD\d+\/[\w-]+)\s+(.*)$/.exec(line.trim()))
        .filter(Boolean)
    ).map(([, file, n, rule, message]) => `${file}:${n}: markdownlint ${rule}: ${message}`),
    // cspell: "docs/x.md:12:3 - Unknown word (teh)"
    .../** @type {RegExpExecArray[]} */ (
      spelling
        .split('\n')
        .map((line) => /^(docs\/\S+?):(\d+):\d+\s+-\s+(.*)$/.exec(line.trim()))
        .filter(Boolean)
    ).map(([, file, n, message]) => `${file}:${n}: spelling: ${message}`),
    // textlint: "/abs/docs/x.md:12:3: message [Error/banned-words]"
    .../** @type {RegExpExecArray[]} */ (
      prose
        .split('\n')
        .map((line) => /^(?:.*?\/)?(docs\/\S+?):(\d+):\d+:\s+(.*?)\s+\[\w+\/([\w-]+)\]$/.exec(line.trim()))
        .filter(Boolean)
    ).map(([, file, n, message, rule]) => `${file}:${n}: prose ${rule}: ${message}`),
  ].sort((a, b) => a.localeCompare(b, 'en', {numeric: true}));
  for (const finding of findings) console.log(finding);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    findings.length ? `\n${findings.length} finding(s) in ${args.length} page(s), ${seconds} s.` : `No findings in ${args.length} page(s), ${seconds} s.`,
  );
  process.exit(findings.length ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
