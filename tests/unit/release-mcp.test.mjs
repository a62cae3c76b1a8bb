/**
 * .github/workflows/release-mcp.yml publishes the package every "Connect
 * your editor" instruction runs (npx -y @launchdeck/docs-mcp): it installs
 * what the package alone needs, tests the packed package, then publishes
 * that package, and only the version its tag names.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from '../helpers.mjs';

const workflow = YAML.parse(fs.readFileSync(path.join(repoRoot, '.github/workflows/release-mcp.yml'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mcp/package.json'), 'utf8'));

test('the release job installs the package alone, tests it, then publishes it, on a tag of its version', () => {
  assert.deepEqual(workflow.on.push.tags, ['mcp-v*']);
  /** @type {string[]} */
  const steps = workflow.jobs.publish.steps.map((/** @type {{run?: string}} */ s) => s.run ?? '');
  const at = (/** @type {RegExp} */ command) => steps.findIndex((run) => command.test(run));
  assert.ok(at(/^npm ci -w mcp\b/) >= 0, 'npm ci -w mcp');
  assert.ok(at(/^npm test -w mcp$/) > at(/^npm ci -w mcp\b/), 'npm test -w mcp after the install');
  assert.ok(at(/^npm publish -w mcp\b/) > at(/^npm test -w mcp$/), 'npm publish -w mcp after the tests');
  assert.ok(at(/GITHUB_REF_NAME#mcp-v.*mcp\/package\.json/) >= 0, 'the tag must name the package version');
  assert.equal(manifest.name, '@launchdeck/docs-mcp');
  assert.equal(manifest.private, undefined);
});
