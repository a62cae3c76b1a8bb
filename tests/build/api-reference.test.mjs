/**
 * The API reference as built: one page per operation of api/openapi.yaml and
 * no other, each showing its method and path, permission, parameters, code
 * samples, responses and error codes; links from guides to the reference and
 * back; the contract downloadable as /openapi.yaml and /openapi.json.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import createJiti from 'jiti';
import {assertBuilt, buildDir, decodeEntities, readBuiltHtml, repoRoot, tagsOf} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {loadSiteContract, responsesOf, requiredPermission} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts')));
const {guidesByOperation} = jiti(path.join(repoRoot, 'src/plugins/api-reference/plugin.ts'));
const {referenceRoute: route} = /** @type {typeof import('../../src/plugins/api-reference/client/routes.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/api-reference/client/routes.ts')));
const {docRoute} = /** @type {typeof import('../../src/utils/docRoutes.ts')} */ (jiti(path.join(repoRoot, 'src/utils/docRoutes.ts')));

assertBuilt();
const contract = loadSiteContract(repoRoot);
/**
 * Visible text of a page's article, without tags.
 * @param {string} html
 */
const articleText = (html) =>
  decodeEntities(
    (/<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '')
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );

test('every operation has exactly one page, and the reference has no other pages but its overview', () => {
  /** @type {string[]} */
  const built = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'index.html') built.push(`/${path.relative(buildDir, path.dirname(full)).split(path.sep).join('/')}`);
    }
  };
  walk(path.join(buildDir, 'docs/api/reference'));
  const expected = contract.operations.map(route);
  assert.equal(new Set(expected).size, contract.operations.length);
  assert.deepEqual(built.filter((r) => r !== '/docs/api/reference').sort(), [...expected].sort());
});

test('every operation page shows its method and path, permission, parameters, samples, responses and error codes', () => {
  /** @type {string[]} */
  const failures = [];
  for (const op of contract.operations) {
    const html = readBuiltHtml(route(op));
    const text = articleText(html);
    /**
     * @param {string} what
     * @param {boolean} ok
     */
    const need = (what, ok) => ok || failures.push(`${route(op)}: no ${what}`);
    need('title', new RegExp(`<h1[^>]*>${op.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`).test(html));
    need('method and path', text.includes(`${op.method.toUpperCase()} ${op.path}`));
    const permission = requiredPermission(op);
    if (permission) need(`permission ${permission}`, text.includes(`Required permission: ${permission}`));
    for (const p of op.parameters) need(`parameter ${p.name}`, text.includes(` ${p.name} `));
    for (const label of ['curl', 'JavaScript', 'Python']) need(`${label} sample`, new RegExp(`role="?tab"?[^>]*>${label}<`).test(html));
    for (const r of responsesOf(contract, op)) {
      need(`response ${r.status}`, text.includes(r.status));
      for (const code of r.codes) need(`error code ${code}`, text.includes(code));
    }
    need('guides section', text.includes('Guides that use it'));
  }
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} problems`);
});

test('the fields of bodies and responses are listed with their types', () => {
  const text = articleText(readBuiltHtml('/docs/api/reference/servers/create-server'));
  for (const field of ['provider', 'name', 'region', 'size', 'image', 'ssh_key_ids']) assert.ok(text.includes(` ${field} `), field);
  assert.match(text, /Fields of the response/);
  assert.match(text, / status string Required .*? One of `?[a-z_]+/i);
  const list = articleText(readBuiltHtml('/docs/api/reference/servers/list-servers'));
  assert.match(list, /Pagination/);
  assert.match(list, /next_cursor/);
});

test('guides link to the operations their examples call, and each operation lists those guides', () => {
  const guides = guidesByOperation(repoRoot, contract);
  const failures = [];
  for (const op of contract.operations) {
    const html = readBuiltHtml(route(op));
    for (const guide of guides.get(op.id) ?? []) {
      const guideRoute = docRoute(guide.file);
      const links = tagsOf(html, 'a').map((a) => a.href?.replace(/\/$/, ''));
      if (!links.includes(guideRoute.replace(/\/$/, ''))) failures.push(`${route(op)} doesn't link to ${guideRoute}`);
      const guideHtml = readBuiltHtml(guideRoute);
      if (!tagsOf(guideHtml, 'a').some((a) => a.href === route(op))) failures.push(`${guideRoute} doesn't link to ${route(op)}`);
    }
  }
  assert.ok(guides.size > 60);
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} problems`);
});

test('the contract is published as /openapi.yaml and /openapi.json, the same document, linked from the API pages', () => {
  const yaml = YAML.parse(fs.readFileSync(path.join(buildDir, 'openapi.yaml'), 'utf8'));
  const json = JSON.parse(fs.readFileSync(path.join(buildDir, 'openapi.json'), 'utf8'));
  assert.deepEqual(json, yaml);
  assert.equal(json.openapi, '3.1.0');
  for (const page of ['/docs/api/', '/docs/api/reference/']) {
    const hrefs = tagsOf(readBuiltHtml(page), 'a').map((a) => a.href);
    assert.ok(hrefs.includes('/openapi.yaml') && hrefs.includes('/openapi.json'), `${page} links the downloads`);
  }
});

test('the reference overview lists every resource and every operation', () => {
  const html = readBuiltHtml('/docs/api/reference/');
  const hrefs = new Set(tagsOf(html, 'a').map((a) => a.href));
  for (const op of contract.operations) assert.ok(hrefs.has(route(op)), route(op));
  for (const resource of contract.resources) assert.match(html, new RegExp(`id="?${resource.slug}"?`));
});
