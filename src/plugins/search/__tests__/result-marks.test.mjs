/**
 * What each search result shows besides its title (issue 44): a type mark
 * (an API operation's method, Changelog, Guide), a line of the text that
 * matched, with every piece of text escaped; and results grouped so that a
 * section's name heads one group only.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {markOf} = /** @type {typeof import('../client/engine/results.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/engine/results.ts')));
const {groupBySection} = /** @type {typeof import('../client/engine/results.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/engine/results.ts')));
const {sectionOf} = /** @type {typeof import('../client/section.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/section.ts')));
const {resultDetails, withDetails} = /** @type {typeof import('../client/dropdown.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/dropdown.ts')));

test('the mark: an operation by its method, a changelog entry, the home, a guide', () => {
  assert.deepEqual(markOf({kind: 3, description: 'POST /environments/{environment_id}/servers: adds a server.'}), {label: 'POST', kind: 'api', method: 'POST'});
  assert.deepEqual(markOf({kind: 3, description: 'Adds a server.'}), {label: 'API', kind: 'api'});
  assert.deepEqual(markOf({kind: 4, description: ''}), {label: 'Changelog', kind: 'news'});
  assert.deepEqual(markOf({kind: 0, description: ''}), {label: 'Home', kind: 'home'});
  assert.deepEqual(markOf({kind: 2, description: 'POST a note'}), {label: 'Guide', kind: 'guide'});
  assert.deepEqual(markOf({kind: 1, description: ''}), {label: 'Guide', kind: 'guide'});
});

test('the details line: the mark, then the snippet with the matches marked, all escaped', () => {
  const html = resultDetails({
    mark: {label: 'POST', kind: 'api', method: 'POST'},
    summary: {text: 'Restart a <server> & its agent.', positions: [[0, 7]]},
  });
  assert.equal(
    html,
    '<span class="ld-hit-details"><span class="ld-hit-mark ld-hit-mark--api ld-hit-mark--post">POST</span><span class="ld-hit-snippet"><mark>Restart</mark> a &lt;server&gt; &amp; its agent.</span></span>',
  );
  assert.doesNotMatch(resultDetails({mark: {label: 'Guide', kind: 'guide'}, summary: {text: '', positions: []}}), /ld-hit-snippet/);
  // An operation's snippet doesn't repeat the method its mark shows.
  assert.match(
    resultDetails({mark: {label: 'POST', kind: 'api', method: 'POST'}, summary: {text: 'POST /servers/{id}/restart: reboots it.', positions: [[19, 7]]}}),
    /<span class="ld-hit-snippet">\/servers\/\{id\}\/<mark>restart<\/mark>: reboots it\.<\/span>/,
  );
});

test("the details go inside the plugin's text wrapper, before its action icon", () => {
  const plugin =
    '<span class="hitIcon">i</span><span class="hitWrapper"><span class="hitTitle">Restart a server</span></span><span class="hitAction"><svg></svg></span>';
  const out = withDetails(plugin, {mark: {label: 'Guide', kind: 'guide'}, summary: {text: 'Restart it.', positions: []}});
  assert.match(out, /<span class="hitTitle">Restart a server<\/span><span class="ld-hit-details">.*<\/span><\/span><span class="hitAction">/);
});

test('grouped results: a section heads one group, groups where their best result stood, ranked again', () => {
  const result = (/** @type {string} */ section, /** @type {number} */ rank) => ({
    document: {i: rank, u: `/docs/${rank}`, t: `${section} page`, b: ['Docs', section]},
    page: undefined,
    rank,
  });
  const results = [result('Servers', 1), result('SSH keys', 2), result('Servers', 3), result('Actions', 4), result('SSH keys', 5)];
  const grouped = groupBySection(results);
  // The worker groups by the same section the box writes above each group.
  assert.deepEqual([...new Set(grouped.map((r) => sectionOf(r)))], ['Servers', 'SSH keys', 'Actions']);
  assert.deepEqual(
    grouped.map((r) => [r.document.b?.[1], r.rank]),
    [
      ['Servers', 1],
      ['Servers', 2],
      ['SSH keys', 3],
      ['SSH keys', 4],
      ['Actions', 5],
    ],
  );
});
