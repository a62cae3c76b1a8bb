/**
 * src/plugins/hosting/formats.ts on fixtures: a small set of hosting rules (what
 * src/plugins/hosting/rules.mjs says, plus what only the build knows: the hashes of the
 * inline scripts, the redirects it found and the files features declare with a media type) becomes each host's files, as
 * src/plugins/hosting/plugin.ts writes them: _hosting/rules.json (scripts/serve.mjs),
 * _headers and _redirects (Netlify, Cloudflare Pages), and the nginx includes.
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';

/** This feature's fixtures, beside its tests. */
const fixturesDir = fixturesBeside(import.meta.url);

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {resolveRules, headersFile, redirectsFile, nginxConf, nginxBrotliConf} = jiti('../formats.ts');

testFixtures(path.join(fixturesDir, 'hosting-formats'), (input) => {
  const {rules, scriptHashes, redirects, files} = JSON.parse(input);
  const resolved = resolveRules(rules, scriptHashes, redirects, files);
  return {
    'rules.json': `${JSON.stringify(resolved, null, 2)}\n`,
    headers: headersFile(resolved),
    redirects: redirectsFile(resolved),
    'nginx.conf': nginxConf(resolved),
    'nginx-brotli.conf': nginxBrotliConf(resolved),
  };
});
