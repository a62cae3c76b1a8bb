/**
 * The prose lint (npm run lint:prose: textlint with .textlintrc.json and the
 * site's rules in textlint/rules), on fixtures: each rule fails on
 * __fixtures__/prose-lint/bad.md at the line it names, nothing fails on
 * good.md (UI labels and quoted messages keep their capitals in headings),
 * and `--fix` (npm run lint:fix) applies the safe replacements.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {repoRoot} from '../helpers.mjs';

const fixtures = path.join(repoRoot, 'tests/unit/__fixtures__/prose-lint');
/** @param {...string} args */
const textlint = (...args) =>
  spawnSync(path.join(repoRoot, 'node_modules/.bin/textlint'), ['--rulesdir', 'textlint/rules', '-f', 'json', ...args], {cwd: repoRoot, encoding: 'utf8'});

/**
 * textlint's findings on `file`, one line each: "line: rule: message".
 * @param {string} file
 * @returns {string[]}
 */
const findings = (file) => {
  const run = textlint(file);
  return JSON.parse(run.stdout)[0].messages.map(
    (/** @type {{line: number, ruleId: string, message: string}} */ m) => `${m.line}: ${m.ruleId}: ${m.message.split('\n')[0]}`,
  );
};

test('every prose rule fails on its bad example, at its line', () => {
  const found = findings(path.join(fixtures, 'bad.md'));
  for (const expected of [
    /^5: banned-words: "Simply": talks down to readers/,
    /^5: banned-words: "easy": talks down to readers/,
    /^7: terminology: Incorrect term: “Github”, use “GitHub” instead/,
    /^7: banned-words: "log in": the reference says sign in/,
    /^7: terminology: Incorrect term: “e-mail”, use “email” instead/,
    /^7: banned-words: "in order to": wordy/,
    /^7: banned-words: "utilize": jargon/,
    /^7: banned-words: "whitelist"/,
    /^7: banned-words: "e\.g\.": abbreviation/,
    /^9: link-text: Link text "here" doesn't say where the link goes/,
    /^9: link-text: Link text "click here"/,
    /^11: sentence-case-headings: Heading in sentence case: "The" is not a proper name/,
    /^11: sentence-case-headings: Heading in sentence case: "Firewall" is not a proper name/,
    /^13: sentence-length: A sentence of 4\d words \(at most 40; aim for 25\)/,
  ]) {
    assert.ok(
      found.some((line) => expected.test(line)),
      `${expected} in:\n${found.join('\n')}`,
    );
  }
});

test('the rules pass a page that follows them: UI labels, proper names and quoted messages keep their capitals', () => {
  assert.deepEqual(findings(path.join(fixtures, 'good.md')), []);
});

test('lint:fix applies the safe replacements and leaves the rest to the writer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-prose-'));
  try {
    const copy = path.join(dir, 'bad.md');
    fs.copyFileSync(path.join(fixtures, 'bad.md'), copy);
    spawnSync(path.join(repoRoot, 'node_modules/.bin/textlint'), ['--rulesdir', 'textlint/rules', '--fix', copy], {cwd: repoRoot, encoding: 'utf8'});
    const fixed = fs.readFileSync(copy, 'utf8');
    assert.match(fixed, /Use GitHub to store the code, and sign in with your email to use the allowlist, for example for staging\./);
    // Deleting a word or splitting a sentence needs the writer.
    assert.match(fixed, /Simply select \*\*Add server\*\*/);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
