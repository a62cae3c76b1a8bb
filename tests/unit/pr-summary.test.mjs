/**
 * The pull request's summary (scripts/pr-summary.mjs) on a fixture change, in
 * a throw-away git repository: a page changed, one added, one removed without
 * a redirect, one renamed with its redirect. The expected Markdown is
 * __fixtures__/pr-summary/expected.md (UPDATE_FIXTURES=1 rewrites it).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {repoRoot, throwAwayRepo} from '../helpers.mjs';
import {summary} from '../../scripts/pr-summary.mjs';

const expectedFile = path.join(repoRoot, 'tests/unit/__fixtures__/pr-summary/expected.md');

function repo() {
  const {dir, git, write} = throwAwayRepo('launchdeck-pr-');
  write('docs/servers/index.md', '# Servers\n\nServers run your applications.\n');
  write('docs/servers/stop-server.md', '# Stop a server\n\nStop a server to pause it.\n');
  write('docs/servers/old-page.md', '# Old page\n\nThis page goes away.\n');
  write('docs/servers/reboot-server.md', '# Reboot a server\n\nReboot it.\n');
  write('src/config/redirects.ts', 'export const movedPages: Array<{from: string; to: string}> = [];\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  write('docs/servers/stop-server.md', '# Stop a server\n\nStop a running server to pause its workloads and keep its disks.\n');
  write('docs/servers/resize-server.md', '# Resize a server\n\nChange the size of a stopped server.\n');
  fs.rmSync(path.join(dir, 'docs/servers/old-page.md'));
  git('mv', 'docs/servers/reboot-server.md', 'docs/servers/restart-server.md');
  write(
    'src/config/redirects.ts',
    "export const movedPages: Array<{from: string; to: string}> = [\n  {from: '/docs/servers/reboot-server', to: '/docs/servers/restart-server'},\n];\n",
  );
  git('add', '-A');
  git('commit', '-q', '-m', 'change');
  return dir;
}

test('the summary lists pages added, changed and removed with their addresses and words, redirects, visual differences, and the artifact', () => {
  const dir = repo();
  try {
    // What tests/visual/ reports when one picture changed and the others did not.
    const visualReport = path.join(dir, 'report.json');
    fs.writeFileSync(
      visualReport,
      JSON.stringify({
        browser: 'Chromium 156',
        baselineBrowser: 'Chromium 156',
        shots: [
          {
            name: 'task--phone--dark',
            route: '/docs/ssh-keys/create-ssh-key-pair',
            status: 'different',
            ratio: 0.0123,
            reason: '2301 pixels differ (1.23% of the picture, more than 0.05%)',
          },
          {name: 'task--phone--light', route: '/docs/ssh-keys/create-ssh-key-pair', status: 'same', ratio: 0},
          {name: 'search--desktop--dark', route: '/search?q=add+server', status: 'missing'},
        ],
      }),
    );
    const text = summary({cwd: dir, base: 'HEAD~1', head: 'HEAD', check: false, artifact: 'launchdeck-docs-site', visualReport});
    if (process.env.UPDATE_FIXTURES) fs.writeFileSync(expectedFile, text);
    assert.equal(text, fs.readFileSync(expectedFile, 'utf8'));
    assert.match(text, /`\/docs\/servers\/old-page` \*\*without a redirect\*\*/);
    assert.match(text, /`\/docs\/servers\/reboot-server` → redirects to/);
    assert.match(text, /### Visual differences\n\n- `task--phone--dark` \(\/docs\/ssh-keys\/create-ssh-key-pair\): 2301 pixels differ/);
    assert.doesNotMatch(text, /task--phone--light/, 'a picture that matches its baseline is not listed');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the summary says when the visual test did not run, and when every picture matched', () => {
  const dir = repo();
  try {
    const none = summary({cwd: dir, base: 'HEAD~1', check: false, visualReport: path.join(dir, 'absent.json')});
    assert.match(none, /### Visual differences\n\nThe visual test did not run/);
    const report = path.join(dir, 'report.json');
    fs.writeFileSync(report, JSON.stringify({browser: 'x', shots: [{name: 'a', route: '/docs/', status: 'same'}]}));
    assert.match(summary({cwd: dir, base: 'HEAD~1', check: false, visualReport: report}), /None: the 1 pictures match their baselines\./);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
