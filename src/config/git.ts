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
      '[WARNING] No git history in this folder (a source archive?): the pages are built without their "Last updated" dates, and the sitemap without <lastmod>. Build from a git clone to have them.',
    );
  }
  return false;
}

/**
 * The time of the last commit of every file under `subdir` (path relative to
 * `dir` → milliseconds), from one `git log` instead of Docusaurus asking git
 * once per page (a second of a cold build). Empty without git history.
 */
export function lastCommitTimes(dir: string, subdir: string): Map<string, number> {
  const times = new Map<string, number>();
  const result = spawnSync('git', ['log', '--format=%ct', '--name-only', '--', subdir], {cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
  if (result.status !== 0) return times;
  let time = 0;
  for (const line of result.stdout.split('\n')) {
    if (/^\d+$/.test(line)) time = Number(line) * 1000;
    else if (line && !times.has(line)) times.set(line, time);
  }
  return times;
}
