/**
 * The working tree as a source archive would hold it, for the scripts that
 * build a copy of the site (scripts/build-for-tests.mjs, upgrade-rehearse.mjs,
 * bench.mjs --scale): tracked and new files, not ignored ones.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The files (paths relative to `root`); outside a git checkout, everything but dependencies and outputs.
 * @param {string} root
 * @returns {string[]}
 */
export function sourceFiles(root) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: root, encoding: 'utf8'});
  if (listed.status === 0) return listed.stdout.split('\0').filter((file) => file && fs.existsSync(path.join(root, file)));
  const skip = /^(node_modules|build[^/]*|\.docusaurus|\.git|bench-results)(\/|$)/;
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    fs.readdirSync(path.join(root, dir), {withFileTypes: true}).flatMap((entry) => {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (skip.test(rel)) return [];
      return entry.isDirectory() ? walk(rel) : [rel];
    });
  return walk('');
}

/**
 * Copies those files from `root` into `dest`, over what is there.
 * @param {string} root
 * @param {string} dest
 */
export function copySourceFiles(root, dest) {
  for (const file of sourceFiles(root)) {
    fs.mkdirSync(path.join(dest, path.dirname(file)), {recursive: true});
    fs.copyFileSync(path.join(root, file), path.join(dest, file));
  }
}
