/**
 * Dependency gate: no high or critical vulnerability in what ships to
 * readers (npm audit --omit=dev). Skipped, with the reason, only when the
 * registry's audit endpoint cannot be reached.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {repoRoot} from '../helpers.mjs';

test('npm audit --omit=dev reports no high or critical vulnerability', (t) => {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {cwd: repoRoot, encoding: 'utf8', timeout: 60000});
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = undefined;
  }
  if (!report?.metadata?.vulnerabilities) {
    const reason = (report?.error?.summary || run.stderr.split('\n').find((l) => /audit|ERR/i.test(l)) || 'no answer').trim();
    t.skip(`the registry's audit endpoint did not answer (${reason})`);
    return;
  }
  const {high = 0, critical = 0} = report.metadata.vulnerabilities;
  assert.equal(high + critical, 0, `high: ${high}, critical: ${critical}`);
});

/**
 * Declared imports: every package the site's code imports is in package.json
 * itself, not only present because another package brought it (npm may hoist
 * another version, or none, after any install: with `npm ci --omit=dev`,
 * `yaml` used to resolve to the 1.x that another package needs). What the
 * build runs (src/, hosting/, the config files) must be in `dependencies`;
 * type-only imports, scripts and tests may use `devDependencies`, or a
 * package a workspace declares (npm installs those at the root too: the MCP
 * server's SDK, whose client tests/browser/mcp.test.mjs drives it with). Each
 * workspace (mcp/) imports only what its own package.json declares.
 */
test('every package the code imports is declared in package.json, and what the build imports is a dependency', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const deps = new Set(Object.keys(manifest.dependencies ?? {}));
  const devDeps = new Set(Object.keys(manifest.devDependencies ?? {}));
  // @docusaurus/Link, @docusaurus/router…: modules of @docusaurus/core's client, by alias.
  const coreExports = new Set(
    fs.readdirSync(path.join(repoRoot, 'node_modules/@docusaurus/core/lib/client/exports')).map((f) => f.replace(/\.(js|d\.ts)(\.map)?$/, '')),
  );
  /** @param {string} specifier */
  const packageOf = (specifier) => {
    if (/^(node:|\.|\/|@site\/|@theme(-original|-init)?\/|@generated\/)/.test(specifier)) return undefined;
    const [scope, name] = specifier.split('?')[0].split('/');
    if (scope === '@docusaurus' && coreExports.has(name)) return undefined;
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  };
  /**
   * @param {string} dir
   * @returns {string[]}
   */
  const walk = (dir) =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__fixtures__' || entry.name === 'node_modules' ? [] : walk(full);
      return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    });
  // A feature's tests and commands (src/plugins/<feature>/__tests__, scripts/) are tooling, not the build.
  /** @param {string} file */
  const tooling = (file) => /[\\/](__tests__|scripts)[\\/]/.test(path.relative(path.join(repoRoot, 'src'), file));
  const srcFiles = walk(path.join(repoRoot, 'src'));
  const buildFiles = [
    ...srcFiles.filter((file) => !tooling(file)),
    ...['docusaurus.config.ts', 'sidebars.ts', 'babel.config.js'].map((f) => path.join(repoRoot, f)).filter((f) => fs.existsSync(f)),
  ];
  const otherFiles = [...walk(path.join(repoRoot, 'scripts')), ...walk(path.join(repoRoot, 'tests')), ...srcFiles.filter(tooling)];
  const workspaces = (manifest.workspaces ?? []).map((/** @type {string} */ dir) => {
    const own = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
    const declared = new Set([...Object.keys(own.dependencies ?? {}), ...Object.keys(own.devDependencies ?? {})]);
    // Its generated files (lib/, bundled from src/) are not its own imports.
    const files = walk(path.join(repoRoot, dir)).filter((f) => !path.relative(path.join(repoRoot, dir), f).startsWith(`lib${path.sep}`));
    return {dir, declared, files};
  });
  for (const {declared} of workspaces) for (const name of declared) if (!deps.has(name)) devDeps.add(name);
  const problems = [];
  for (const {dir, declared, files} of workspaces) {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /^\s*(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]/gm,
      )) {
        const name = packageOf(m[1] ?? m[2] ?? m[3]);
        if (name && !declared.has(name)) problems.push(`${path.relative(repoRoot, file)} imports ${name}, which ${dir}/package.json does not declare`);
      }
    }
  }
  for (const [files, build] of /** @type {[string[], boolean][]} */ ([
    [buildFiles, true],
    [otherFiles, false],
  ])) {
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const found = [];
      // Static imports and re-exports, with whether they are type-only.
      for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm)) {
        const typeOnly = Boolean(m[2]) || /^\{\s*(type\s+[^,}]+,?\s*)+\}$/.test(m[3].trim());
        found.push({specifier: m[4], typeOnly});
      }
      for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push({specifier: m[1], typeOnly: false});
      // Dynamic imports, require calls, and requires of a template string with a fixed package prefix.
      for (const m of text.matchAll(/\b(?:import|require|requireFromSite)\(\s*(?:['"]([^'"]+)['"]|`([^`$]+))/g))
        found.push({specifier: m[1] ?? m[2], typeOnly: false});
      // Types a JSDoc comment imports from a package: type-only, and declared by the package or by its @types package.
      const jsdoc = [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].flatMap((m) => [...m[0].matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((t) => t[1]));
      for (const {specifier, typeOnly} of found) {
        const name = packageOf(specifier);
        if (!name) continue;
        const where = path.relative(repoRoot, file);
        if (jsdoc.includes(specifier)) {
          const typesName = `@types/${name.replace(/^@([^/]+)\//, '$1__')}`;
          if (!deps.has(name) && !devDeps.has(name) && !devDeps.has(typesName) && !deps.has(typesName))
            problems.push(`${where} names types of ${name} in JSDoc, and package.json declares neither ${name} nor ${typesName}`);
          continue;
        }
        if (build && !typeOnly && !deps.has(name)) problems.push(`${where} imports ${name}, which is not in dependencies`);
        else if (!deps.has(name) && !devDeps.has(name)) problems.push(`${where} imports ${name}, which package.json does not declare`);
      }
    }
  }
  assert.deepEqual([...new Set(problems)].sort(), []);
});
