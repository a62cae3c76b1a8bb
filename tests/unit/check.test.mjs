/**
 * `npm run check` (scripts/check.mjs), the one-page check: it reports, for
 * just the pages named and without a build, what the content tests,
 * markdownlint and the spell check find, as `file:line: rule: message`; and
 * nothing on a page that passes. The bad page is written into docs/ for the
 * run and removed after it. It reads the content tests' findings in every
 * form node:test prints them (contentFindings, on a real run's TAP).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {repoRoot} from '../helpers.mjs';
import {contentFindings} from '../../scripts/check.mjs';

/** @param {...string} files */
const check = (...files) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/check.mjs'), ...files], {cwd: repoRoot, encoding: 'utf8', timeout: 120000});

test('a page that passes every check: no findings, exit 0', () => {
  const run = check('docs/servers/stop-server.md');
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^No findings in 1 page\(s\), [\d.]+ s\.$/m);
});

/**
 * The two bad pages are checked in one run, as a writer names several pages
 * (each run starts the content tests, markdownlint, cspell and textlint: about
 * 25 s). Written into docs/ for the run, removed after it.
 */
const BAD = 'docs/servers/zz-one-page-check-example.md';
const QUOTES = 'docs/servers/zz-one-page-check-quotes.md';
/** @type {{run: ReturnType<typeof check>, quotesLine: number} | undefined} */
let badRun;
function checkBadPages() {
  if (badRun) return badRun;
  fs.writeFileSync(
    path.join(repoRoot, BAD),
    [
      '---',
      'title: "Resize a server"',
      'description: "Too short."',
      'keywords:',
      '  - resize',
      '---',
      '',
      'Resize a server from the web app. See [Stop a server](./stop-server.md#stopp-the-server) and [Gone](./no-such-page.md).',
      '',
      '## Befor you begin',
      '',
      'The servr must be stopped.',
      '#Steps',
      '',
    ].join('\n'),
  );
  // The plan rule's message quotes the words it found ("your subscription") and says "you're".
  const page = fs.readFileSync(path.join(repoRoot, 'docs/servers/stop-server.md'), 'utf8');
  const quotesLine = page.split('\n').indexOf('## Before you begin') + 1;
  fs.writeFileSync(path.join(repoRoot, QUOTES), page.replace(/\n## Before you begin\n/, '\nTo keep it running longer, upgrade your subscription.\n$&'));
  try {
    badRun = {run: check(BAD, QUOTES), quotesLine};
  } finally {
    for (const rel of [BAD, QUOTES]) fs.rmSync(path.join(repoRoot, rel), {force: true});
  }
  return badRun;
}

test('a bad page: each finding with its file, line, rule and message, exit 1', () => {
  const rel = BAD;
  const {run} = checkBadPages();
  assert.equal(run.status, 1, run.stdout + run.stderr);
  const lines = run.stdout.split('\n').filter((line) => line.startsWith(rel));
  const has = (/** @type {RegExp} */ pattern) =>
    assert.ok(
      lines.some((line) => pattern.test(line)),
      `${pattern} in:\n${lines.join('\n')}`,
    );
  has(new RegExp(`^${rel}:1: front-matter: description is 10 characters$`));
  has(new RegExp(`^${rel}:1: front-matter: keywords list 1 phrases \\(the reference allows 5–16\\)$`));
  has(new RegExp(`^${rel}:1: task-template: `));
  has(new RegExp(`^${rel}:8: links: links to ./stop-server.md#stopp-the-server, but docs/servers/stop-server.md has no heading with that anchor`));
  has(new RegExp(`^${rel}:8: links: links to ./no-such-page.md, but there is no docs/servers/no-such-page.md`));
  has(new RegExp(`^${rel}:12: spelling: Unknown word \\(servr\\)$`));
  has(new RegExp(`^${rel}:13: markdownlint MD018/no-missing-space-atx: `));
  assert.match(run.stdout, /^\d+ finding\(s\) in 2 page\(s\), [\d.]+ s\.$/m);
  // Findings of other pages are not the named pages'.
  assert.ok(run.stdout.split('\n').every((line) => !/^docs\//.test(line) || line.startsWith(BAD) || line.startsWith(QUOTES)));
});

test('a finding whose message holds both kinds of quote (node prints it in backticks) is reported, not dropped', () => {
  const {run, quotesLine: n} = checkBadPages();
  const rel = QUOTES;
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.ok(
    run.stdout
      .split('\n')
      .includes(
        `${rel}:${n}: plan-rule: "your subscription": on a project's page, the plan, subscription and credits are the project owner's (B2, B8): write "the project owner's plan" (or subscription, credits), or say that you're the project owner`,
      ),
    run.stdout,
  );
});

test('every finding node:test prints is read back as the test wrote it, in each of its forms', () => {
  // The strings of a real run of node:test: node picks the quotes (', " or `) and the escapes, shows ~50
  // lines of a diff, prints a string of several lines as a YAML block and cuts one of over 10,000 characters.
  const strings = [
    `docs/a.md:1: "your plan": it's in backticks`,
    "docs/a.md:2: it's in double quotes",
    'docs/a.md:3: "in single quotes"',
    'docs/a.md:4: a `backtick`, "double quotes" and it\'s: single quotes with escapes',
    'docs/a.md:5: a back\\slash, a tab\tand it\'s "escaped" ${not a placeholder}',
    'docs/a.md:6: two\nlines',
    ...Array.from({length: 60}, (_, i) => `docs/b.md:${i + 1}: past the diff's end, it's "${i}"`),
    `docs/c.md:1: ${'long '.repeat(2100)}`,
  ];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-tap-'));
  const file = path.join(dir, 'findings.test.mjs');
  fs.writeFileSync(
    file,
    [
      "import {test} from 'node:test';",
      "import assert from 'node:assert/strict';",
      `test('compared', () => assert.deepEqual(${JSON.stringify(strings)}, []));`,
      `test('its own message', () => assert.ok(false, ${JSON.stringify(`docs/a.md:7: it's "an assertion's message"`)}));`,
      "test('expected', () => assert.deepEqual(['found'], ['docs/a.md:8: what the test expected isn\\'t a finding']));",
      "test('not a string', () => assert.deepEqual([{file: 'docs/d.md', line: 3}], []));",
    ].join('\n'),
  );
  try {
    const {NODE_TEST_CONTEXT, ...env} = process.env;
    const tap = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], {encoding: 'utf8', env}).stdout;
    const findings = contentFindings(tap, ['docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md']);
    const expected = [
      ...strings.map((s) => {
        const [, page, n, message] = /** @type {RegExpExecArray} */ (/^(\S+):(\d+): ([\s\S]*)$/.exec(s));
        const text = message.trim().replace(/\n/g, '\n    ');
        return `${page}:${n}: compared: ${page === 'docs/c.md' ? `${text.slice(0, 10000 - 'docs/c.md:1: '.length)}… (cut short: npm run test:content shows all of it)` : text}`;
      }),
      `docs/a.md:7: its-own-message: it's "an assertion's message"`,
      "docs/d.md:1: not-a-string: the test failed and names this page, but its message couldn't be read here: run npm run test:content",
    ];
    assert.deepEqual([...findings].sort(), [...expected].sort());
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('a file outside docs/ or a generated reference page is refused', () => {
  for (const file of ['README.md', 'docs/api/reference/servers/create-server.md', 'docs/servers/nope.md']) {
    const run = check(file);
    assert.equal(run.status, 2, file);
    assert.match(run.stderr, /not a page of docs\//);
  }
});
