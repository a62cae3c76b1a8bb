/**
 * src/hosting/formats.ts on fixtures: a small set of hosting rules (what
 * hosting/rules.mjs says, plus what only the build knows: the hashes of the
 * inline scripts, the redirects it found and the feeds' folders) becomes each host's files, as
 * src/hosting/plugin.ts writes them: _hosting/rules.json (scripts/serve.mjs),
 * _headers and _redirects (Netlify, Cloudflare Pages), and the nginx includes.
 */
import createJiti from 'jiti';
import {testFixtures} from './fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {resolveRules, headersFile, redirectsFile, nginxConf, nginxBrotliConf} = jiti('../../src/hosting/formats.ts');

testFixtures('hosting-formats', (input) => {
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
