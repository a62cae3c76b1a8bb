/**
 * The command readers are given for the docs' MCP server (the page menu's
 * "Connect your editor", llms.txt, mcp/README.md) runs the package this
 * repository's mcp/ workspace publishes, with its bin, from npm.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {MCP_PACKAGE, mcpCommand, editorConfigs} = /** @type {typeof import('../../src/config/assistants.ts')} */ (
  jiti(path.join(repoRoot, 'src/config/assistants.ts'))
);
const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const mcp = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mcp/package.json'), 'utf8'));

test('the editors run the mcp/ workspace package with npx, not the repository', () => {
  assert.ok(root.workspaces.includes('mcp'));
  assert.equal(root.bin, undefined, 'the site has no bin of its own');
  assert.equal(root.dependencies['@modelcontextprotocol/sdk'], undefined, 'the site does not depend on the MCP SDK');
  assert.equal(MCP_PACKAGE, mcp.name);
  assert.equal(Object.keys(mcp.bin).length, 1, 'one bin, which npx runs');
  assert.deepEqual(mcpCommand('https://docs.launchdeck.io/'), ['npx', '-y', mcp.name, '--url', 'https://docs.launchdeck.io']);
});

test('mcp/README.md gives each editor the configuration the page menu shows', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'mcp/README.md'), 'utf8');
  const configs = editorConfigs('https://docs.launchdeck.io');
  const claudeCode = /** @type {(typeof configs)[number]} */ (configs.find((c) => c.editor === 'Claude Code')).code;
  assert.ok(readme.includes(`\`${claudeCode}\``), claudeCode);
  const desktop = JSON.parse(/** @type {(typeof configs)[number]} */ (configs.find((c) => c.editor === 'Claude Desktop')).code);
  const written = readme.split('\n').find((line) => line.trim().startsWith('{"mcpServers"'));
  assert.ok(written, 'mcp/README.md shows the Claude Desktop configuration');
  assert.deepEqual(JSON.parse(written), desktop);
  assert.doesNotMatch(readme, /github:launchdeck\/docs/);
});
