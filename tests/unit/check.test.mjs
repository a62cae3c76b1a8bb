/**
 * `npm run check` (scripts/check.mjs), the one-page check: it reports, for
 * just the pages named and without a build, what the content tests,
 * markdownlint and the spell check find, as `file:line: rule: message`; and
 * nothing on a page that passes. The bad page is written into docs/ for the
 * run and removed after it.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {repoRoot} from '../helpers.mjs';

/** @param {...string} files */
const check = (...files) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/check.mjs'), ...files], {cwd: repoRoot, encoding: 'utf8', timeout: 120000});

test('a page that passes every check: no findings, exit 0', () => {
  const run = check('docs/servers/stop-server.md');
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^No findings in 1 page\(s\), [\d.]+ s\.$/m);
});

test('a bad page: each finding with its file, line, rule and message, exit 1', () => {
  const rel = 'docs/servers/zz-one-page-check-example.md';
  const file = path.join(repoRoot, rel);
  fs.writeFileSync(
    file,
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
  try {
    const run = check(rel);
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
    assert.match(run.stdout, /^\d+ finding\(s\) in 1 page\(s\), [\d.]+ s\.$/m);
    // Findings of other pages are not this page's.
    assert.ok(run.stdout.split('\n').every((line) => !/^docs\//.test(line) || line.startsWith(rel)));
  } finally {
    fs.rmSync(file, {force: true});
  }
});

test('a file outside docs/ or a generated reference page is refused', () => {
  for (const file of ['README.md', 'docs/api/reference/servers/create-server.md', 'docs/servers/nope.md']) {
    const run = check(file);
    assert.equal(run.status, 2, file);
    assert.match(run.stderr, /not a page of docs\//);
  }
});
