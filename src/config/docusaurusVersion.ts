/**
 * The installed Docusaurus version and what it supports, read from the
 * packages themselves. docusaurus.config.ts and the generators ask here, so
 * one source tree builds with the version the site ships on (3.7.0) and with a
 * newer 3.x (npm run upgrade:rehearse) without edits.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

/**
 * The folder of a package as the site resolves it: through its package.json,
 * or, for packages that don't export it, from its entry point upwards.
 */
export function packageDir(name: string, fromDir: string = process.cwd()): string | undefined {
  const require = createRequire(path.join(path.resolve(fromDir), 'package.json'));
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    // Not exported, or not installed: try the entry point.
  }
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    return undefined;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as {name?: string}).name === name) return dir;
  }
  return undefined;
}

/** The version of an installed package, as the site resolves it. */
export function installedVersion(name: string, fromDir: string = process.cwd()): string {
  const dir = packageDir(name, fromDir);
  if (!dir) throw new Error(`${name} is not installed (looked from ${fromDir}).`);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {version: string}).version;
}

/** Compares two x.y.z versions (pre-release suffixes are ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split('-')[0]!
      .split('.')
      .map((n) => Number(n) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export interface DocusaurusFeatures {
  /** The installed @docusaurus/core version. */
  version: string;
  /** `future.faster` (3.10+); before, `future.experimental_faster`. */
  fasterFlagRenamed: boolean;
  /** `future.v4.removeLegacyPostBuildHeadAttribute` (3.8+), which Faster's SSG worker threads require (on by default with Faster from 3.10). */
  v4Flags: boolean;
  /** A `key` in a sidebar category's `_category_.json` (3.8+); 3.7 rejects unknown keys there. */
  sidebarCategoryKey: boolean;
  /** `markdown.hooks.onBrokenMarkdownLinks` (3.9+); the top-level option is deprecated from then on. */
  markdownHooks: boolean;
}

export function docusaurusFeatures(siteDir: string = process.cwd()): DocusaurusFeatures {
  const version = installedVersion('@docusaurus/core', siteDir);
  const docs = installedVersion('@docusaurus/plugin-content-docs', siteDir);
  const atLeast = (v: string, min: string) => compareVersions(v, min) >= 0;
  return {
    version,
    fasterFlagRenamed: atLeast(version, '3.10.0'),
    v4Flags: atLeast(version, '3.8.0'),
    sidebarCategoryKey: atLeast(docs, '3.8.0'),
    markdownHooks: atLeast(version, '3.9.0'),
  };
}
