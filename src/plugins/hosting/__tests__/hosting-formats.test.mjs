/**
 * src/plugins/hosting/formats.ts on fixtures: a small set of hosting rules (what
 * src/plugins/hosting/rules.mjs says, plus what only the build knows: the hashes of the
 * inline scripts, the redirects it found and the feeds' folders) becomes each host's files, as
 * src/plugins/hosting/plugin.ts writes them: _hosting/rules.json (scripts/serve.mjs),
 * _headers and _redirects (Netlify, Cloudflare Pages), and the nginx includes.
 */
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {resolveRules, headersFile, redirectsFile, nginxConf, nginxBrotliConf, checkFeedTypes} = jiti('../formats.ts');
const {FEED_FORMATS} = /** @type {typeof import('../../changelog/feeds.ts')} */ (jiti('../../changelog/feeds.ts'));
const rules = (await import('../rules.mjs')).default;

testFixtures(path.join(fixturesDir, 'hosting-formats'), (input) => {
  const {rules, scriptHashes, redirects, feedFolders} = JSON.parse(input);
  const resolved = resolveRules(rules, scriptHashes, redirects, feedFolders);
  return {
    'rules.json': `${JSON.stringify(resolved, null, 2)}\n`,
    headers: headersFile(resolved),
    redirects: redirectsFile(resolved),
    'nginx.conf': nginxConf(resolved),
    'nginx-brotli.conf': nginxBrotliConf(),
  };
});

test("the build fails when a feed's type in src/plugins/hosting/rules.mjs is missing or not the one its pages announce", () => {
  assert.doesNotThrow(() => checkFeedTypes(rules.feedTypes, FEED_FORMATS), 'src/plugins/hosting/rules.mjs and src/plugins/changelog/feeds.ts agree');
  assert.throws(
    () => checkFeedTypes({...rules.feedTypes, 'atom.xml': 'application/xml; charset=utf-8'}, FEED_FORMATS),
    /feedTypes gives atom\.xml the type application\/xml; charset=utf-8, but the changelog's pages announce it as application\/atom\+xml/,
  );
  const {'feed.json': _, ...withoutJson} = rules.feedTypes;
  assert.throws(() => checkFeedTypes(withoutJson, FEED_FORMATS), /feed\.json the type \(none\)/);
});
