/**
 * The search engine (src/plugins/search/client/engine) on a small made-up site: synonyms,
 * typos, typing, the fallback when no page holds every word, and the
 * ranking rules of src/plugins/search/README.md. Also checks src/plugins/search/data/synonyms.yml.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {SearchEngine, editDistance} = /** @type {typeof import('../client/engine/engine.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/search/client/engine/engine.ts'))
);
const {compileSynonyms} = /** @type {typeof import('../client/engine/synonyms.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/search/client/engine/synonyms.ts'))
);
const {loadSynonyms} = jiti(path.join(repoRoot, 'src/plugins/search/plugin.ts'));
const {snippet} = /** @type {typeof import('../client/snippet.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/snippet.ts')));

const Home = 0;
const Overview = 1;
const Task = 2;
const TROUBLESHOOTING = 1;
const TEMPLATE = 2;

/** A made-up site: [url, title, breadcrumbs, description, keywords, kind, context]. */
/** @type {import('../client/engine/model.ts').PageRow[]} */
const pages = [
  ['/docs/', 'Acme documentation', ['Documentation'], 'Start here to learn how Acme runs your servers and applications.', ['home'], Home, -1],
  ['/docs/servers/', 'Servers', ['Documentation', 'Servers'], 'What a server is, its states and its limits.', ['servers', 'server states'], Overview, 0],
  [
    '/docs/servers/add-server',
    'Add a server',
    ['Documentation', 'Servers'],
    'Create a server at your cloud provider.',
    ['add server', 'create server'],
    Task,
    0,
  ],
  [
    '/docs/servers/remove-server',
    'Remove a server',
    ['Documentation', 'Servers'],
    'Delete a server you no longer need.',
    ['remove server', 'delete server'],
    Task,
    0,
  ],
  [
    '/docs/servers/restart-server',
    'Restart a server',
    ['Documentation', 'Servers'],
    'Reboot a server that stopped answering.',
    ['restart server', 'reboot'],
    Task,
    0,
  ],
  ['/docs/teams/', 'Teams', ['Documentation', 'Teams'], 'Groups of people who work on a project together.', ['teams'], Overview, 1],
  [
    '/docs/teams/invite-member',
    'Invite a member to a team',
    ['Documentation', 'Teams'],
    'Send an email that lets a person join a team.',
    ['invite member'],
    Task,
    1,
  ],
  [
    '/docs/certificates/add-certificate',
    'Add an SSL certificate',
    ['Documentation', 'Certificates'],
    'Serve HTTPS with a certificate from Let us Encrypt.',
    ['add certificate', 'https'],
    Task,
    2,
  ],
  ['/docs/files/', 'Files', ['Documentation', 'Files'], 'Text files that Acme writes on your servers.', ['files'], Overview, 3],
  ['/docs/security/', 'Security', ['Documentation', 'Security'], 'How Acme keeps your servers safe.', ['security', 'revoked certificates'], Overview, -1],
  [
    '/docs/certificates/view-certificate',
    'View an SSL certificate',
    ['Documentation', 'Certificates'],
    'Its domains, its expiry date, and its Revoke button.',
    ['certificate details', 'revoke certificate'],
    Task,
    2,
  ],
];
/** @type {import('../client/engine/model.ts').HeadingRow[]} */
const headings = [
  [2, 'Before you begin', TEMPLATE],
  [2, 'Troubleshooting', TEMPLATE],
  [2, 'The API returns quota_exceeded', TROUBLESHOOTING],
  // An anchor that is not the text's slug is written out.
  [4, "The server doesn't come back after a reboot", TROUBLESHOOTING, '#the-server-doesnt-come-back'],
  [1, 'States', 0],
];
const synonyms = compileSynonyms({
  server: ['vm', 'vps', 'droplet'],
  member: ['colleague', 'teammate'],
  invite: ['add colleague'],
  add: ['create', 'new'],
  remove: ['delete', 'get rid of', 'revoke'],
  certificate: ['cert'],
}).rows;

function site() {
  const engine = new SearchEngine({version: 2, contexts: ['docs/servers', 'docs/teams', 'docs/certificates', 'docs/files'], pages, headings, synonyms});
  engine.addText('docs/files', [[8, '#paths', 'Paths you can use', 'Acme manages files such as the logrotate configuration of your applications.']]);
  return engine;
}

/**
 * The URL of the first hit for `query`, if any.
 * @param {InstanceType<typeof SearchEngine>} engine
 * @param {string} query
 * @param {import('../client/engine/engine.ts').SearchOptions} [options]
 */
const first = (engine, query, options = {}) => {
  const {hits} = engine.search(query, options);
  return hits.length ? engine.pages[hits[0].page].url : undefined;
};

test('synonyms: a reader word finds the page that uses the docs term', () => {
  const engine = site();
  assert.equal(first(engine, 'new vps'), '/docs/servers/add-server');
  assert.equal(first(engine, 'add colleague'), '/docs/teams/invite-member');
  assert.equal(first(engine, 'cert'), '/docs/certificates/add-certificate');
  // A phrase of several words matches only as a whole.
  assert.equal(first(engine, 'get rid of vm'), '/docs/servers/remove-server');
});

test('typos: one edit from 4 letters, two from 8, none below 4', () => {
  assert.equal(editDistance('sever', 'server', 2), 1);
  assert.equal(editDistance('sevrer', 'server', 2), 1, 'two swapped letters are one edit');
  assert.equal(editDistance('certficte', 'certificate', 2), 2);
  const engine = site();
  assert.equal(first(engine, 'restrat sever'), '/docs/servers/restart-server');
  assert.equal(first(engine, 'certficte'), '/docs/certificates/add-certificate');
  assert.equal(first(engine, 'tems'), '/docs/teams/', 'one edit in a 4-letter word');
  assert.equal(first(engine, 'tem'), undefined, 'no correction below 4 letters');
});

test('typing: the last word is read as the start of a longer one until a space follows it', () => {
  const engine = site();
  assert.equal(first(engine, 'restart ser', {typing: true}), '/docs/servers/restart-server');
  assert.equal(first(engine, 'certif', {typing: true}), '/docs/certificates/add-certificate');
});

test('no dead ends: when no page holds every word, pages that hold some of them are shown', () => {
  const engine = site();
  const outcome = engine.search('reboot zqxv frobnicator');
  assert.equal(outcome.partial, true);
  assert.equal(engine.pages[outcome.hits[0].page].url, '/docs/servers/restart-server');
  // Words that match nothing at all give nothing.
  assert.deepEqual(engine.search('zqxjvbnonsenseword').hits, []);
  // Stop words alone are no query.
  assert.deepEqual(engine.search('how do i').hits, []);
});

test('ranking: the task page beats the overview for a task; the overview wins a concept question', () => {
  const engine = site();
  assert.equal(first(engine, 'create server'), '/docs/servers/add-server');
  assert.equal(first(engine, 'how do i add a server'), '/docs/servers/add-server');
  assert.equal(first(engine, 'what is a server'), '/docs/servers/');
  assert.equal(first(engine, 'servers'), '/docs/servers/');
});

test('ranking: a page doing the asked action beats its sibling doing another one', () => {
  const engine = site();
  assert.equal(first(engine, 'delete server'), '/docs/servers/remove-server');
  assert.equal(first(engine, 'deleting a server'), '/docs/servers/remove-server');
  // "invitation" is a noun, not the action "invite": no task is assumed.
  assert.equal(engine.parse('team invitation').intent.task, false);
  assert.equal(engine.parse('invite to team').intent.task, true);
});

test('ranking: an action read only through a synonym never lowers a page that does another one', () => {
  const engine = site();
  // "revoke" is the site's action "remove" only through a synonym; the page whose keyword is the reader's own phrase wins.
  assert.deepEqual([...engine.parse('revoke certificate').intent.actions], ['remov']);
  assert.equal(engine.parse('revoke certificate').intent.actionOwnWord, false);
  assert.equal(first(engine, 'revoke certificate'), '/docs/certificates/view-certificate');
  // The reader's own action word, one the site's titles use, still does: "restart" lowers the pages that add or remove.
  assert.equal(engine.parse('restart server').intent.actionOwnWord, true);
  assert.equal(first(engine, 'restart server'), '/docs/servers/restart-server');
});

test('ranking: a pasted error finds the troubleshooting heading that quotes it', () => {
  const engine = site();
  const {hits} = engine.search('Error: quota_exceeded');
  assert.equal(engine.pages[hits[0].page].url, '/docs/servers/add-server');
  assert.deepEqual(hits[0].target, {kind: 'heading', heading: 2});
  const why = engine.search("why doesn't my server come back after reboot");
  assert.equal(engine.pages[why.hits[0].page].url, '/docs/servers/restart-server');
});

test("headings: an anchor left out of the first tier is the text's slug; a written one is kept", () => {
  const engine = site();
  assert.deepEqual(
    engine.headings.map((h) => h.anchor),
    ['#before-you-begin', '#troubleshooting', '#the-api-returns-quota_exceeded', '#the-server-doesnt-come-back', '#states'],
  );
  const {anchorOf} = /** @type {typeof import('../client/engine/model.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/search/client/engine/model.ts')));
  // Docusaurus's ids for headings with code, punctuation and accents.
  assert.equal(anchorOf('Add `allow-ssh` back (from the web app)'), '#add-allow-ssh-back-from-the-web-app');
  assert.equal(anchorOf('409 invalid_state: the server is stopped'), '#409-invalid_state-the-server-is-stopped');
  assert.equal(anchorOf('Réessayer l’émission'), '#réessayer-lémission');
});

test("body text: a word only in a page's text finds that page and its section", () => {
  const engine = site();
  const {hits} = engine.search('logrotate');
  assert.equal(engine.pages[hits[0].page].url, '/docs/files/');
  assert.deepEqual(hits[0].target, {kind: 'text', section: 0});
});

test('a search context keeps the results inside one section', () => {
  const engine = site();
  assert.equal(first(engine, 'servers'), '/docs/servers/');
  const urls = engine.search('servers', {context: 'docs/files'}).hits.map((h) => engine.pages[h.page].url);
  assert.deepEqual(urls, ['/docs/files/']);
});

test('the synonyms compiler reports entries that can never match', () => {
  const {problems} = compileSynonyms({server: ['how do', 'vm'], member: 'colleague', '': ['x']});
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems.join('\n'), /only stop words/);
  assert.match(problems.join('\n'), /as a list/);
});

test('src/plugins/search/data/synonyms.yml compiles without problems', () => {
  const rows = loadSynonyms(repoRoot);
  assert.ok(rows.length > 100, `${rows.length} reader phrases`);
});

test('snippets mark the matched words and cut long text at word boundaries', () => {
  const text = 'Launchdeck keeps the newest releases and deletes older ones after every successful deployment of the application to its servers.';
  const segments = snippet(text, [[text.indexOf('releases'), 'releases'.length]], 60);
  assert.ok(segments.some((s) => s.mark && s.text === 'releases'));
  const shown = segments.map((s) => s.text).join('');
  assert.ok(shown.length <= 66, shown);
  assert.ok(shown.endsWith(' …'), shown);
});

test('intent: a method with a path or an operation ID asks for the API reference; "api key" does not', () => {
  const engine = site();
  for (const query of ['POST /servers', 'GET /servers/{server_id}', 'createServer', 'servers endpoint', 'request body for a server']) {
    assert.equal(engine.parse(query).intent.api, true, query);
  }
  for (const query of ['api key', 'api token', 'add server', 'delete server']) assert.equal(engine.parse(query).intent.api, false, query);
  // An HTTP method in a path query is not a task: "DELETE /servers" doesn't ask to delete anything in the web app.
  assert.equal(engine.parse('DELETE /servers/{id}').intent.api, true);
});
