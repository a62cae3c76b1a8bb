/**
 * `npm run search:eval -- --compare`: the probes made from each guide page's own words, and the comparison of two
 * builds. The builds here are two small first tiers written to a temporary folder: the second gives another page the
 * first page's keyword, so that keyword's probe must show as lost.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compareBuilds, loadIndex, pageProbes} from '../scripts/eval.mjs';

/** A first tier: a users overview, a variable task, a reference page (kind 3) that probes leave out. */
const tier = (/** @type {string[]} */ variableKeywords) => ({
  version: 2,
  contexts: [],
  pages: [
    ['/docs/users/', 'Users', ['Users'], 'Your account.', ['change password', 'two-factor authentication'], 1, -1],
    ['/docs/variables/edit-variable', 'Edit a variable', ['Variables'], 'Change a value.', variableKeywords, 2, -1],
    ['/docs/api/reference/users/get-user', 'Get a user', ['API'], 'GET /users/{id}.', ['get user'], 3, -1],
  ],
  headings: [
    [0, 'Delete your account', 0],
    [1, 'Steps', 2],
    [1, 'Common problems', 0],
    [0, 'Common problems', 0],
  ],
  synonyms: [],
});

function writeBuild(/** @type {object} */ pages) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-compare-'));
  fs.writeFileSync(path.join(dir, 'search-pages-0000aaaa.json'), JSON.stringify(pages));
  fs.writeFileSync(path.join(dir, 'search-text-0000aaaa.json'), '[]');
  return dir;
}

test("probes: each guide page's title, keywords and own headings; not the reference's, not template headings, not shared headings", () => {
  const probes = pageProbes(loadIndex(writeBuild(tier(['rotate secret']))));
  assert.deepEqual(
    probes.map((p) => `${p.category}: ${p.query} → ${p.expected.join('|')}`),
    [
      'title: Users → /docs/users/',
      'keyword: change password → /docs/users/',
      'keyword: two-factor authentication → /docs/users/',
      'title: Edit a variable → /docs/variables/edit-variable',
      'keyword: rotate secret → /docs/variables/edit-variable',
      'heading: Delete your account → /docs/users/',
    ],
  );
});

test('compare: a keyword another page takes over shows as lost; nothing is lost between two equal builds', () => {
  const before = writeBuild(tier(['rotate secret']));
  assert.deepEqual(compareBuilds(before, writeBuild(tier(['rotate secret']))).lost, []);
  const after = writeBuild(tier(['rotate secret', 'change password now', 'change password']));
  const lost = compareBuilds(before, after).lost.map((o) => `${o.query} → ${o.urls[0]}`);
  assert.ok(lost.includes('change password → /docs/variables/edit-variable'), lost.join('; '));
});
