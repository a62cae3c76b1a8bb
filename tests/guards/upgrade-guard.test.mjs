/**
 * Upgrade guard. Some of this site's code copies or replaces parts of
 * Docusaurus 3.7 (the page template, core client modules, generated files it
 * rewrites, the redirect pages it recognises). When @docusaurus/* is upgraded
 * and one of those parts changes, this test fails and says which copy to
 * re-check, instead of the site breaking quietly.
 *
 * After checking a change: update the copy, then the hash below
 * (`sha256sum node_modules/<file>`).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {repoRoot} from '../helpers.mjs';

const require = createRequire(import.meta.url);
const jiti = require('jiti')(import.meta.url, {interopDefault: true});

const watched = [
  {
    file: '@docusaurus/core/lib/ssg/ssgTemplate.html.js',
    sha256: '5d6584e4a61b22d44bbbd7fe92a7a30352564b5a1dc89853a9bdbbf14d092597',
    copy: 'src/config/pageTemplate.ts (the ssrTemplate of docusaurus.config.ts) is a copy of this page template with the scripts moved after the first paint',
  },
  {
    file: '@docusaurus/core/lib/client/preload.js',
    sha256: '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542',
    copy: "src/client/preload.ts replaces it (src/plugins/trimClientBundle.ts) with the same code plus the path passed to each route's preload",
  },
  {
    file: '@docusaurus/core/lib/client/prefetch.js',
    sha256: '7543271549a9882a308f0fad8155631ab98c0389a75a88946f3be11c8933089c',
    copy: 'src/client/idlePrefetch.ts replaces it (src/plugins/trimClientBundle.ts)',
  },
  {
    file: '@docusaurus/core/lib/client/exports/ComponentCreator.js',
    sha256: 'f7729c3b46c80a52cb710678c73c8e679ca885ec36809eaea12a39db7ee073ea',
    copy: "src/plugins/lazyReferenceRoutes.cjs rewrites a copy of it for the API reference's on-demand routes",
  },
  {
    file: '@docusaurus/core/lib/server/codegen/codegenRoutes.js',
    sha256: '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c',
    copy: 'it writes .docusaurus/registry.js and routes.js, whose text src/plugins/stripRegistryModuleNames.cjs and lazyReferenceRoutes.cjs rewrite',
  },
  {
    file: '@docusaurus/core/lib/client/clientEntry.js',
    sha256: 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871',
    copy: 'src/client/cleanUrls.ts sets window.docusaurusRoot before it runs, so a not-found page served for x.html renders x instead of hydrating',
  },
  {
    file: '@docusaurus/core/lib/client/PendingNavigation.js',
    sha256: '1c489db32b5665b06586dc471d29def9cab8a8f4acac9863775dd378716ce4d0',
    copy: "a tab open on an old deploy relies on its full reload when a page's files are gone (tests/e2e/production.test.mjs)",
  },
  {
    file: '@docusaurus/utils-common/lib/index.js',
    sha256: 'f67a902f603f736c0b6b81dfe3c4b600e26ad3018fb19158d877a8fe5d55424e',
    copy: 'src/plugins/tslibImportDefault.ts stands in for tslib there and provides only __importDefault',
  },
  {
    file: '@docusaurus/theme-classic/lib/index.js',
    sha256: 'e68d1691e0e6f7334048e9e6a5eb9d23c2ba94715256069021e42d512150cd8e',
    copy: 'its inline colour-mode script is what src/plugins/colorModeFallback.ts repairs, and one of the inline scripts the Content-Security-Policy hashes',
  },
];

const hashOf = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

test('@docusaurus packages are the version the copies were made from', () => {
  for (const name of ['core', 'theme-classic', 'plugin-client-redirects', 'utils-common']) {
    const version = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/@docusaurus', name, 'package.json'), 'utf8')).version;
    assert.equal(
      version,
      '3.7.0',
      `@docusaurus/${name} is ${version}: re-check every copy listed in tests/unit/upgrade-guard.test.mjs, then update the hashes and this version`,
    );
  }
});

test('the Docusaurus files that this site copies or replaces are unchanged', () => {
  const changed = [];
  for (const {file, sha256, copy} of watched) {
    const full = path.join(repoRoot, 'node_modules', file);
    if (!fs.existsSync(full)) {
      changed.push(`${file} no longer exists: ${copy}.`);
      continue;
    }
    const now = hashOf(full);
    if (now !== sha256) changed.push(`${file} changed (sha256 ${now}): ${copy}. Compare, update the copy, then the hash in tests/unit/upgrade-guard.test.mjs.`);
  }
  assert.deepEqual(changed, [], `\n${changed.join('\n')}`);
});

test("the page template is Docusaurus's own with only the script loader changed", () => {
  const original = require(path.join(repoRoot, 'node_modules/@docusaurus/core/lib/ssg/ssgTemplate.html.js')).default.trim();
  const {ssrTemplate} = jiti(path.join(repoRoot, 'src/config/pageTemplate.ts'));
  const squash = (text) => text.replace(/\s+/g, ' ').trim();
  const withoutDeferredScripts = original.replace(
    /\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/,
    '',
  );
  assert.notEqual(withoutDeferredScripts, original, "Docusaurus's template no longer has the deferred scripts in <head> that the copy moves");
  const withoutLoader = ssrTemplate.replace(/\s*<script>\(function\(\)\{var s=\[[\s\S]*?<\/script>/, '');
  assert.notEqual(withoutLoader, ssrTemplate, 'the copy has its script loader');
  assert.equal(squash(withoutLoader), squash(withoutDeferredScripts), "apart from the script loader, the copy is Docusaurus's template");
});

test('the redirect pages of @docusaurus/plugin-client-redirects are still the ones src/hosting/plugin.ts recognises', () => {
  const template = require(path.join(repoRoot, 'node_modules/@docusaurus/plugin-client-redirects/lib/createRedirectPageContent.js')).default;
  const page = template({toUrl: '/docs/servers/add-aws-server'});
  const {clientRedirectTarget} = jiti(path.join(repoRoot, 'src/hosting/plugin.ts'));
  assert.equal(
    clientRedirectTarget(page),
    '/docs/servers/add-aws-server',
    "the plugin's redirect page changed: update clientRedirectTarget in src/hosting/plugin.ts",
  );
});

test('the replacements that trimClientBundle.ts declares still target files that exist', () => {
  const source = fs.readFileSync(path.join(repoRoot, 'src/plugins/trimClientBundle.ts'), 'utf8');
  for (const [pattern, file] of [
    [/\^\\\.\\\/prefetch\$/, '@docusaurus/core/lib/client/prefetch.js'],
    [/\^\\\.\\\/preload\$/, '@docusaurus/core/lib/client/preload.js'],
    [/ComponentCreator/, '@docusaurus/core/lib/client/exports/ComponentCreator.js'],
  ]) {
    assert.match(source, pattern, `trimClientBundle.ts replaces ${file}`);
    assert.ok(fs.existsSync(path.join(repoRoot, 'node_modules', file)), file);
  }
  // The modules that import the replaced ones still do, by the relative names the replacements match.
  const clientDir = path.join(repoRoot, 'node_modules/@docusaurus/core/lib/client');
  const docusaurus = fs.readFileSync(path.join(clientDir, 'docusaurus.js'), 'utf8');
  assert.match(docusaurus, /from '\.\/prefetch'/, 'docusaurus.js still imports ./prefetch');
  assert.match(docusaurus, /from '\.\/preload'/, 'docusaurus.js still imports ./preload');
  for (const file of ['clientEntry.js', 'PendingNavigation.js']) {
    assert.match(fs.readFileSync(path.join(clientDir, file), 'utf8'), /from '\.\/preload'/, `${file} still imports ./preload`);
  }
});
