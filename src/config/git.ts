/**
 * Whether the site is built from a git checkout with history. "Last updated"
 * dates come from git; a build from a source archive (a container build, a
 * downloaded release) has none, and Docusaurus would stop with "not a git
 * repository". Such a build goes on without the dates, after one warning.
 */
import {spawnSync} from 'node:child_process';

export function hasGitHistory(dir: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {cwd: dir, stdio: 'ignore'});
  return result.status === 0;
}

/** showLastUpdateTime for the docs: true with git history, otherwise false and one warning. */
export function lastUpdateDates(dir: string): boolean {
  if (hasGitHistory(dir)) return true;
  // Docusaurus reads the config more than once per build: warn once per process.
  if (!process.env.LAUNCHDECK_NO_GIT_WARNED) {
    process.env.LAUNCHDECK_NO_GIT_WARNED = '1';
    console.warn(
      '[WARNING] No git history in this folder (a source archive?): the pages are built without their "Last updated" dates. Build from a git clone to have them.',
    );
  }
  return false;
}
