#!/usr/bin/env node
/**
 * The one-page check: the checks a writer's change must pass, for just the
 * pages named, without a build, each finding as `file:line: rule: message`.
 *
 *   npm run check -- docs/servers/add-server.md [more files]
 *
 * It runs, at the same time: the content tests (tests/content: front matter,
 * templates, placeholders, API examples against the contract, JSON/YAML/bash
 * examples, the facts pages state, published URLs and links to headings),
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
 * @returns {Promise<string>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    // NODE_TEST_CONTEXT would make a `node --test` started from a test speak to its parent instead of printing TAP.
    const {NODE_TEST_CONTEXT, ...env} = process.env;
    const child = spawn(command, args, {cwd: root, env: {...env, FORCE_COLOR: '0', NO_COLOR: '1'}});
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
];
const ruleOf = (/** @type {string} */ name) =>
  RULES.find(([pattern]) => pattern.test(name))?.[1] ??
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
    .slice(0, 40);

/**
 * Findings of the content tests that name one of `files` ("docs/x.md: …" or "docs/x.md:12: …").
 * @param {string} tap
 * @param {string[]} files
 * @returns {string[]}
 */
function contentFindings(tap, files) {
  const findings = [];
  let test = '';
  for (const line of tap.split('\n')) {
    const name = /^(?:not )?ok \d+ - (.*)$/.exec(line.trim());
    if (name) test = name[1];
    // The failures a test lists, as node:test prints the values it compared.
    const value = /^\s+(?:\d+:|\+)\s+(['"])(.*)\1,?$/.exec(line);
    if (!value) continue;
    const text = value[2].replace(/\\'/g, "'");
    const m = /^(docs\/[^\s:]+\.mdx?)(?::(\d+))?:?\s+(.*)$/.exec(text);
    if (!m || !files.includes(m[1])) continue;
    findings.push(`${m[1]}:${m[2] ?? 1}: ${ruleOf(test)}: ${m[3]}`);
  }
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
    run(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1', 'tests/content']),
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

main();
