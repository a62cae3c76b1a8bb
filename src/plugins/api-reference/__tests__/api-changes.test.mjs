/**
 * The API contract check (src/plugins/api-reference/scripts/api-changes.mjs): api/openapi.yaml against
 * changed copies of itself, with changelog entries in temporary docs folders,
 * and the CLI in this repository and in a throw-away git repository.
 */
import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import YAML from 'yaml';
import {repoRoot, throwAwayRepo} from '../../../../tests/helpers.mjs';
import {apiChanges, report} from '../scripts/api-changes.mjs';

const script = path.join(repoRoot, 'src/plugins/api-reference/scripts/api-changes.mjs');
const spec = YAML.parse(fs.readFileSync(path.join(repoRoot, 'api/openapi.yaml'), 'utf8'));

/** @type {string[]} */
const temporary = [];
after(() => temporary.forEach((dir) => fs.rmSync(dir, {recursive: true, force: true})));

/**
 * A docs folder with a section and the given changelog entries ({name, tags, operations}).
 * @param {Array<{name: string, tags: string[], operations: string[]}>} [entries]
 */
function docsWith(entries = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-api-changes-docs-'));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, 'changelog'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'ssh-keys'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'ssh-keys/index.md'), '# SSH keys\n');
  for (const {name, tags, operations} of entries) {
    fs.writeFileSync(
      path.join(dir, 'changelog', `2026-12-01-${name}.md`),
      [
        '---',
        `title: ${name}`,
        'description: A change to the API that the tests announce.',
        'changelog:',
        '  date: 2026-12-01',
        `  tags: [${tags.join(', ')}]`,
        '  sections: [ssh-keys]',
        `  operations: [${operations.join(', ')}]`,
        '---',
        '',
        'What changed.',
        '',
      ].join('\n'),
    );
  }
  return dir;
}

/** The real contract with a required property of a response schema removed: SshKey.fingerprint. */
function withoutRequiredResponseField() {
  const head = structuredClone(spec);
  const schema = head.components.schemas.SshKey;
  assert.ok(schema.required.includes('fingerprint') && schema.properties.fingerprint, 'SshKey.fingerprint is a required property');
  delete schema.properties.fingerprint;
  schema.required = schema.required.filter((/** @type {string} */ name) => name !== 'fingerprint');
  return head;
}

/** @param {ReturnType<typeof apiChanges>['changes']} changes */
const breakingIds = (changes) => [...new Set(changes.filter((c) => c.type === 'breaking').map((c) => c.operationId))].sort();

test('a required response property removed from a component schema is breaking for every operation that returns it, and fails without an entry', () => {
  const docsDir = docsWith();
  const result = apiChanges({baseSpec: spec, headSpec: withoutRequiredResponseField(), docsDir});
  const ids = breakingIds(result.changes);
  // Through $refs: SshKey directly (get, create, generate) and inside SshKeyList (list).
  for (const id of ['createSshKey', 'generateSshKeyPair', 'getSshKey', 'listSshKeys']) assert.ok(ids.includes(id), `${id} is reported: ${ids}`);
  assert.deepEqual(result.missing.map((m) => m.operationId).sort(), ids);
  assert.ok(
    result.changes.every((c) => /fingerprint/.test(c.description)),
    String(result.changes.map((c) => c.description)),
  );
  const get = result.changes.find((c) => c.operationId === 'getSshKey');
  assert.deepEqual(get, {
    operationId: 'getSshKey',
    method: 'GET',
    path: '/ssh-keys/{ssh_key_id}',
    type: 'breaking',
    description: 'property "fingerprint" removed from the 200 response',
  });
  const list = result.changes.find((c) => c.operationId === 'listSshKeys');
  assert.equal(list.description, 'property "data[].fingerprint" removed from the 200 response');

  const text = report(result, {base: 'origin/main'});
  assert.match(text, /^breaking {6}GET \/ssh-keys\/\{ssh_key_id\} \(getSshKey\): property "fingerprint" removed from the 200 response$/m);
  assert.match(text, /^changelog:\n {2}date: YYYY-MM-DD.*\n {2}tags: \[api, breaking\]\n {2}sections: \[ssh-keys\]\n {2}operations: \[(.+)\]$/m);
  assert.deepEqual(/** @type {RegExpExecArray} */ (/^ {2}operations: \[(.+)\]$/m.exec(text))[1].split(', ').sort(), ids);
  assert.match(text, /- getSshKey \(GET \/ssh-keys\/\{ssh_key_id\}\): \[View an SSH key\]\(\.\.\/api\/reference\/ssh-keys\/get-ssh-key\.md\)/);
  assert.match(text, /\(\.\.\/api\/reference\/ssh-keys\/list-ssh-keys\.md\)/);
});

test('an entry tagged breaking that names the operations makes the check pass', () => {
  const head = withoutRequiredResponseField();
  const ids = apiChanges({baseSpec: spec, headSpec: head, docsDir: docsWith()}).missing.map((m) => m.operationId);
  const result = apiChanges({
    baseSpec: spec,
    headSpec: head,
    docsDir: docsWith([{name: 'ssh-key-fingerprint-removed', tags: ['api', 'breaking'], operations: ids}]),
  });
  assert.deepEqual(result.missing, []);
  assert.ok(result.changes.some((c) => c.type === 'breaking'));
  assert.match(report(result), /Every breaking change is announced/);
});

test('an entry that names other operations, or is not tagged breaking, does not count', () => {
  const head = withoutRequiredResponseField();
  const ids = apiChanges({baseSpec: spec, headSpec: head, docsDir: docsWith()}).missing.map((m) => m.operationId);
  const docsDir = docsWith([
    {name: 'server-size-required', tags: ['api', 'breaking'], operations: ['createServer']},
    {name: 'ssh-key-fingerprint', tags: ['api'], operations: ids},
  ]);
  assert.deepEqual(
    apiChanges({baseSpec: spec, headSpec: head, docsDir}).missing.map((m) => m.operationId),
    ids,
  );
  // One operation announced: the others are still missing.
  const partial = docsWith([{name: 'get-ssh-key', tags: ['api', 'breaking'], operations: ['getSshKey']}]);
  assert.deepEqual(
    apiChanges({baseSpec: spec, headSpec: head, docsDir: partial}).missing.map((m) => m.operationId),
    ids.filter((id) => id !== 'getSshKey'),
  );
});

test('a new optional response property and a new operation are non-breaking and never fail', () => {
  const head = structuredClone(spec);
  head.components.schemas.SshKey.properties.comment = {type: ['string', 'null'], description: 'The comment of the public key.'};
  head.paths['/ssh-keys/{ssh_key_id}/comment'] = {
    get: {
      operationId: 'getSshKeyComment',
      summary: "View an SSH key's comment",
      tags: ['SSH keys'],
      parameters: [{$ref: '#/components/parameters/SshKeyId'}],
      responses: {200: {description: 'OK', content: {'application/json': {schema: {$ref: '#/components/schemas/SshKey'}}}}},
    },
  };
  const result = apiChanges({baseSpec: spec, headSpec: head, docsDir: docsWith()});
  assert.deepEqual(result.missing, []);
  assert.deepEqual(breakingIds(result.changes), []);
  assert.ok(result.changes.length > 0);
  assert.ok(
    result.changes.every((c) => c.type === 'non-breaking'),
    String(result.changes.map((c) => `${c.type} ${c.description}`)),
  );
  assert.ok(result.changes.some((c) => c.operationId === 'getSshKey' && c.description === 'property "comment" added to the 200 response'));
  assert.ok(result.changes.some((c) => c.operationId === 'getSshKeyComment' && c.description === 'operation added'));
  assert.match(report(result), /^non-breaking {2}GET \/ssh-keys\/\{ssh_key_id\}\/comment \(getSshKeyComment\): operation added$/m);
  assert.match(report(result), /No breaking change to an operation: nothing to announce\./);
});

test('a removed operation is breaking, under the operationId of the base', () => {
  const head = structuredClone(spec);
  delete head.paths['/ssh-keys/{ssh_key_id}'].get;
  const result = apiChanges({baseSpec: spec, headSpec: head, docsDir: docsWith()});
  assert.deepEqual(result.changes, [
    {operationId: 'getSshKey', method: 'GET', path: '/ssh-keys/{ssh_key_id}', type: 'breaking', description: 'operation removed'},
  ]);
  assert.equal(result.missing.length, 1);
  assert.equal(result.missing[0].operationId, 'getSshKey');
  assert.equal(result.missing[0].removed, true);
  assert.match(report(result), /^ {2}operations: \[getSshKey\]$/m);
});

test('identical specs have no changes; changes outside the operations are listed and never fail', () => {
  assert.deepEqual(apiChanges({baseSpec: spec, headSpec: structuredClone(spec), docsDir: docsWith()}), {changes: [], missing: []});
  const head = structuredClone(spec);
  head.info.version = '1.1.0';
  head.servers = [{url: 'https://api.example.com/v1', description: 'Elsewhere'}];
  const result = apiChanges({baseSpec: spec, headSpec: head, docsDir: docsWith()});
  assert.ok(result.changes.length > 0);
  assert.ok(result.changes.every((c) => c.operationId === null));
  assert.deepEqual(result.missing, []);
  assert.match(report(result), /not in an operation: info\.version changed from "1\.0\.0" to "1\.1\.0"/);
});

/**
 * Runs the CLI in `cwd` without the test runner's context (a child with it would report to this runner).
 * @param {string} cwd
 * @param {...string} args
 */
function cli(cwd, ...args) {
  const env = {...process.env};
  delete env.NODE_TEST_CONTEXT;
  return spawnSync(process.execPath, [script, ...args], {cwd, env, encoding: 'utf8'});
}

test('CLI: --base HEAD in this repository, with the spec as committed, finds nothing and exits 0', (t) => {
  const dirty = spawnSync('git', ['diff', '--quiet', 'HEAD', '--', 'api/openapi.yaml'], {cwd: repoRoot});
  if (dirty.status !== 0) {
    t.skip('api/openapi.yaml has uncommitted changes in this checkout');
    return;
  }
  const run = cli(repoRoot, '--base', 'HEAD');
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.equal(run.stdout, 'No changes to api/openapi.yaml since HEAD.\n');
});

/** @param {string[]} required */
const smallSpec = (required) => ({
  openapi: '3.1.0',
  info: {title: 'Widgets', version: '1.0.0'},
  tags: [{name: 'Widgets', description: 'Widgets.'}],
  paths: {
    '/widgets': {
      post: {
        operationId: 'createWidget',
        summary: 'Add a widget',
        tags: ['Widgets'],
        requestBody: {required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/WidgetCreate'}}}},
        responses: {201: {description: 'Created', content: {'application/json': {schema: {$ref: '#/components/schemas/Widget'}}}}},
      },
      get: {
        operationId: 'listWidgets',
        summary: 'List widgets',
        tags: ['Widgets'],
        responses: {200: {description: 'OK', content: {'application/json': {schema: {type: 'array', items: {$ref: '#/components/schemas/Widget'}}}}}},
      },
    },
  },
  components: {
    schemas: {
      Widget: {type: 'object', required: ['id', 'name'], properties: {id: {type: 'string'}, name: {type: 'string'}, size: {type: 'string'}}},
      WidgetCreate: {type: 'object', required, properties: {name: {type: 'string'}, size: {type: 'string'}, color: {type: 'string'}}},
    },
  },
});

test('CLI: in a throw-away repository, a breaking commit fails with the operation and the front matter to add; a new entry makes it pass, an older one does not', () => {
  const {dir, git, write} = throwAwayRepo('launchdeck-api-changes-');
  try {
    write('README.md', '# Widgets\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'no spec yet');
    write('api/openapi.yaml', YAML.stringify(smallSpec(['name'])));
    write('docs/widgets/index.md', '# Widgets\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'spec');
    write('api/openapi.yaml', YAML.stringify(smallSpec(['name', 'size'])));
    git('commit', '-q', '-am', 'size is required');

    // No origin/main and no tag: nothing to compare with.
    const noBase = cli(dir);
    assert.equal(noBase.status, 0, noBase.stderr);
    assert.equal(noBase.stdout, 'No base to compare api/openapi.yaml with (no origin/main and no tag): nothing to check.\n');
    // A base without the spec.
    const before = cli(dir, '--base', 'HEAD~2');
    assert.equal(before.status, 0, before.stderr);
    assert.match(before.stdout, /HEAD~2 has no api\/openapi\.yaml/);

    const run = cli(dir, '--base', 'HEAD~1');
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^breaking {6}POST \/widgets \(createWidget\): property "size" is now required in the request body$/m);
    assert.match(run.stdout, /FAILED: 1 operation has a breaking change/);
    assert.match(run.stdout, /^changelog:\n {2}date: YYYY-MM-DD.*\n {2}tags: \[api, breaking\]\n {2}sections: \[widgets\]\n {2}operations: \[createWidget\]$/m);
    assert.match(run.stdout, /- createWidget \(POST \/widgets\): \[Add a widget\]\(\.\.\/api\/reference\/widgets\/create-widget\.md\)/);
    assert.doesNotMatch(run.stdout, /listWidgets/, 'an operation without a change is not listed');

    // The same tag as base: the newest tag is the default base when there is no origin/main.
    git('tag', 'v1', 'HEAD~1');
    assert.equal(cli(dir).status, 1);

    write(
      'docs/changelog/2026-12-01-widget-size-required.md',
      '---\ntitle: Widget size required\ndescription: The size of a new widget is required.\nchangelog:\n  date: 2026-12-01\n  tags: [api, breaking]\n  sections: [widgets]\n  operations: [createWidget]\n---\n\nSend `size`.\n',
    );
    const announced = cli(dir, '--base', 'HEAD~1');
    assert.equal(announced.status, 0, announced.stdout + announced.stderr);
    assert.match(announced.stdout, /Every breaking change is announced: an entry tagged breaking names createWidget\./);

    // That entry announced that change: a later breaking change to the same operation needs its own.
    git('add', '-A');
    git('commit', '-q', '-m', 'announce the size');
    write('api/openapi.yaml', YAML.stringify(smallSpec(['name', 'size', 'color'])));
    git('commit', '-q', '-am', 'color is required too');
    const later = cli(dir, '--base', 'HEAD~1');
    assert.equal(later.status, 1, later.stdout + later.stderr);
    assert.match(later.stdout, /property "color" is now required in the request body/);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
