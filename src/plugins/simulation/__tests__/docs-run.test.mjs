/**
 * The docs runner (src/plugins/simulation/runner) on bad pages of its own:
 * each kind of finding shown failing. The inputs are copies of real pages
 * with one mistake each (most of them the mistakes an editorial review
 * found before the runner existed); each output is what the runner reports
 * on it, `file:line: rule: message`.
 * - wrong-state: "Before you begin" puts the server in a state start isn't
 *   allowed from (409 from the page's own call, and so a check that can't
 *   tell);
 * - missing-permission: the permission line names `server:view` for a stop
 *   (403 on the page's call);
 * - check-cannot-fail: "Check the result" reads the server's status, which is
 *   `running` whether or not the restart happened;
 * - refused-fix: a `removing` daemon's fix says "wait, then send the request
 *   again", which ends in 404 when the removal succeeds;
 * - refused-unlink: "unlink it first" for a `failed` server, which can't run
 *   the unlink step, even for someone with `link:delete`;
 * - wrong-person: a fix that deletes the server, for a reader with
 *   `server:operate` only, without saying whom to ask.
 * Each input is today's page with that one mistake put back.
 */
import path from 'node:path';
import createJiti from 'jiti';
import {fixturesBeside, testFixtures} from '../../../../tests/unit/fixtures.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {runPages} = /** @type {typeof import('../runner/index.ts')} */ (jiti('../runner/index.ts'));

/** The page each bad copy stands for: its main call comes from the reference's row for that page (C3). @type {Record<string, string>} */
const pageOf = {
  'wrong-state': 'docs/servers/start-server.md',
  'missing-permission': 'docs/servers/stop-server.md',
  'check-cannot-fail': 'docs/servers/restart-server.md',
  'refused-fix': 'docs/daemons/edit-daemon.md',
  'refused-unlink': 'docs/applications/link-server-to-application.md',
  'wrong-person': 'docs/servers/rotate-key.md',
};

testFixtures(path.join(fixturesBeside(import.meta.url), 'docs-run'), (raw, {name}) => {
  const file = pageOf[name];
  if (!file) throw new Error(`${name}: no page for this case in pageOf`);
  const run = runPages([{file, raw}]);
  return {txt: `${run.findings.map((f) => `${f.file}:${f.line}: ${f.rule}: ${f.message}`).join('\n')}\n`};
});
