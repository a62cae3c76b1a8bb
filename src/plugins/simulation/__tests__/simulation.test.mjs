/**
 * The simulated API (src/plugins/simulation) against the facts it is made
 * from: every operation of the contract answers within the contract; each
 * lifecycle's operations are allowed from the states contributing/facts.yml
 * names and refused from the others; permissions, plan limits and credits;
 * actions on the clock, with injected failures; pagination, idempotency and
 * the rules that cross resources. The sample world is the writer's
 * reference's (A2).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import createJiti from 'jiti';
import {repoRoot} from '../../../../tests/helpers.mjs';

const jiti = createJiti(import.meta.url, {interopDefault: true});
const {createSimulation} = /** @type {typeof import('../node.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/simulation/node.ts')));
const {loadSources} = /** @type {typeof import('../simData.ts')} */ (jiti(path.join(repoRoot, 'src/plugins/simulation/simData.ts')));
const {HANDLERS} = /** @type {typeof import('../client/engine/handlers/index.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/simulation/client/engine/handlers/index.ts'))
);
const {loadSiteContract, examplePath, requestBody} = /** @type {typeof import('../../api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);

/** @typedef {import('../client/engine/engine.ts').Simulation} Simulation */
/** @typedef {import('../client/engine/types.ts').Obj} Obj */
/** @typedef {import('../client/engine/types.ts').Json} Json */

const WEB_1 = 'srv_6Yp2Mx9K';
const BUILD_1 = 'srv_9Ej3Wn6A';
const PRODUCTION = 'env_3Kd8Pw1z';
const QA_LEGACY = 'env_5Rb7Ny3J';
const PROJECT = 'prj_4Fh7Tq2X';
const STOREFRONT = 'app_5Mw8Nc2R';

/**
 * The sample world's owner's token.
 * @param {Simulation} sim
 */
function ownerToken(sim) {
  const project = sim.store.find('project', PROJECT);
  return String(sim.store.all('personal_access_token').find((t) => t.user_id === project?.owner_id && typeof t.$secret === 'string')?.$secret);
}

/**
 * A caller of the simulation: sends requests with a token and JSON bodies.
 * @param {Simulation} sim
 * @param {string} [token]
 */
function client(sim, token = ownerToken(sim)) {
  return (/** @type {string} */ method, /** @type {string} */ p, /** @type {Json | undefined} */ body, /** @type {Record<string, string>} */ headers = {}) =>
    sim.handle({
      method,
      path: p,
      headers: {Authorization: `Bearer ${token}`, ...(body !== undefined ? {'Content-Type': 'application/json'} : {}), ...headers},
      ...(body !== undefined ? {body: JSON.stringify(body)} : {}),
    });
}

/** @param {Json | undefined} body */
const codeOf = (body) => /** @type {any} */ (body)?.error?.code;

test('every operation of the contract has a behaviour, and answers its own example within the contract', () => {
  const contract = loadSiteContract(repoRoot);
  const missing = contract.operations.filter((op) => !HANDLERS[op.id]).map((op) => op.id);
  assert.deepEqual(missing, [], 'operations without a handler in src/plugins/simulation/client/engine/handlers');
  assert.equal(contract.operations.length, Object.keys(HANDLERS).length, 'a handler for an operation the contract doesn’t have');
  const outside = [];
  for (const op of contract.operations) {
    // A fresh world for each: the examples delete, revoke and archive what others read.
    const sim = createSimulation();
    const body = requestBody(contract, op);
    const response = sim.handle({
      method: op.method.toUpperCase(),
      path: examplePath(op),
      headers: {Authorization: `Bearer ${ownerToken(sim)}`, ...(body ? {'Content-Type': 'application/json'} : {})},
      ...(body?.example !== undefined ? {body: JSON.stringify(body.example)} : {}),
    });
    // The engine checks every response against the contract and throws outside it; here, a documented status too.
    const documented = Object.keys(/** @type {Record<string, unknown>} */ (op.node.responses)).map(Number);
    if (!documented.includes(response.status)) outside.push(`${op.id}: ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
  }
  assert.deepEqual(outside, []);
});

test('every lifecycle operation is allowed from the states contributing/facts.yml names, and refused from the others as it says', () => {
  const {facts} = loadSources(repoRoot);
  const contract = loadSiteContract(repoRoot);
  const lifecycles = /** @type {any[]} */ (facts.lifecycles);
  const checked = [];
  const wrong = [];
  /** The object each lifecycle's operations are tried on, by lifecycle and kind. @type {Record<string, Record<string, string>>} */
  const subjects = {
    server: {cloud: WEB_1, 'self-hosted': BUILD_1},
    environment: {default: 'env_9Lm2Vx6C'},
    invitation: {default: 'inv_8Yt3Nb5Q'},
    token: {default: 'pak_2Xn6Bw8Q'},
    configuration: {default: 'dmn_8Pq4Xs2V'},
    ssl_certificate: {lets_encrypt: 'crt_6Fq2Nx8B'},
  };
  for (const lifecycle of lifecycles) {
    for (const op of lifecycle.operations ?? []) {
      for (const api of op.api ?? []) {
        if (op.on === 'contents') continue;
        const ids = subjects[lifecycle.id];
        if (!ids) continue;
        for (const [kind, id] of Object.entries(ids)) {
          const allowed = op.from === 'any' ? lifecycle.states.map((/** @type {any} */ s) => s.name) : Array.isArray(op.from) ? op.from : (op.from[kind] ?? []);
          for (const state of lifecycle.states.map((/** @type {any} */ s) => s.name)) {
            const sim = createSimulation();
            const obj = sim.store.get(id);
            const spec = sim.operation(api);
            if (!obj || !spec || (!spec.path.includes(`{${obj.object}_id}`) && !(obj.object === 'project_api_token' && spec.path.includes('{api_token_id}'))))
              continue;
            obj.status = state;
            const p = spec.path.replace(/\{[^}]+\}/, id);
            const example = requestBody(contract, /** @type {any} */ (contract.operations.find((o) => o.id === api)))?.example;
            const response = client(sim)(spec.method, p, spec.body !== undefined ? (example ?? {}) : undefined);
            checked.push(`${api} from ${state}`);
            const ok = response.status < 300;
            const refused = op.refused ? Number(op.refused.split(' ')[0]) : undefined;
            if (allowed.includes(state) && !ok && response.status !== 422)
              wrong.push(`${api} (${kind}) from ${state}: ${response.status} ${codeOf(response.body)}`);
            if (!allowed.includes(state) && ok) wrong.push(`${api} (${kind}) from ${state}: allowed, the facts say it isn't`);
            if (!allowed.includes(state) && refused && response.status !== refused)
              wrong.push(`${api} (${kind}) from ${state}: ${response.status}, the facts say ${op.refused}`);
          }
        }
      }
    }
  }
  assert.ok(checked.length > 50, `only ${checked.length} checks ran`);
  assert.deepEqual(wrong, []);
});

test('permissions: a caller holds what its role names, the views they bring, and nothing else', () => {
  const sim = createSimulation();
  const restarter = client(sim, sim.principalWith(PROJECT, ['server:operate']));
  assert.equal(restarter('POST', `/servers/${WEB_1}/restart`).status, 202);
  // B6: server:operate brings server:view.
  assert.equal(restarter('GET', `/servers/${WEB_1}`).status, 200);
  const denied = restarter('DELETE', `/servers/${WEB_1}`);
  assert.equal(denied.status, 403);
  assert.deepEqual(/** @type {any} */ (denied.body).error.details, {required_permission: 'server:delete', environment_id: PRODUCTION});
  const nobody = client(sim, sim.principalWith(PROJECT, []));
  assert.equal(codeOf(nobody('GET', `/environments/${PRODUCTION}/servers`).body), 'permission_denied');
  // A project API token can't call /user endpoints.
  const pak = String(sim.store.all('project_api_token').find((t) => typeof t.$secret === 'string')?.$secret);
  assert.equal(codeOf(client(sim, pak)('GET', '/user').body), 'token_not_allowed');
  assert.equal(client(sim, 'ldpat_unknown')('GET', '/user').status, 401);
  // Another project's objects don't exist for a caller who isn't its member.
  const outsider = client(sim, sim.principalWith('prj_nonexistent', ['server:view']));
  assert.equal(outsider('GET', `/servers/${WEB_1}`).status, 404);
});

test('plan limits and credits are the project owner’s', () => {
  const sim = createSimulation();
  const send = client(sim);
  let last;
  for (let i = 0; i < 30; i++) {
    last = send('POST', `/environments/${PRODUCTION}/servers`, {name: `web-${10 + i}`, provider: 'self_hosted'});
    if (last.status === 403) break;
  }
  assert.equal(last?.status, 403);
  assert.deepEqual(
    {.../** @type {any} */ (last).body.error.details},
    {limit_name: 'servers', limit: 25, current: 25, plan: 'pro'},
    'Pro allows 25 servers per project (facts.yml, plans)',
  );
  const poor = createSimulation();
  const subscription = poor.store.all('subscription')[0];
  assert.ok(subscription);
  subscription.credits_remaining = 3;
  const refused = client(poor)('POST', `/servers/${WEB_1}/restart`);
  assert.equal(refused.status, 202, 'a restart plans 2 steps');
  const more = client(poor)('POST', `/environments/${PRODUCTION}/servers`, {
    name: 'web-9',
    provider: 'aws',
    credential_id: 'cred_5Tn2Wq8R',
    region: 'us-east-1',
    size: 't3.small',
  });
  assert.equal(more.status, 402);
  assert.equal(codeOf(more.body), 'credits_exhausted');
  assert.equal(/** @type {any} */ (more.body).error.details.credits_needed, 6);
});

test('actions run on the clock: queued, running step by step, succeeded, and the resource follows', () => {
  const sim = createSimulation();
  const send = client(sim);
  const action = /** @type {any} */ (send('POST', `/servers/${WEB_1}/stop`).body);
  assert.equal(action.status, 'queued');
  assert.equal(/** @type {any} */ (send('GET', `/servers/${WEB_1}`).body).status, 'stopping');
  sim.advance(3);
  assert.equal(/** @type {any} */ (send('GET', `/actions/${action.id}`).body).status, 'running');
  sim.settle();
  const done = /** @type {any} */ (send('GET', `/actions/${action.id}`).body);
  assert.equal(done.status, 'succeeded');
  assert.equal(done.credits_used, 2);
  assert.deepEqual(
    done.steps.map((/** @type {any} */ s) => [s.name, s.status]),
    [
      ['Shut down operating system', 'succeeded'],
      ['Stop virtual machine', 'succeeded'],
    ],
  );
  assert.equal(/** @type {any} */ (send('GET', `/servers/${WEB_1}`).body).status, 'stopped');
  // And back: start is allowed from stopped only.
  assert.equal(send('POST', `/servers/${WEB_1}/stop`).status, 409);
  assert.equal(send('POST', `/servers/${WEB_1}/start`).status, 202);
});

test('failures can be injected: a provider error fails provisioning, and the server is failed', () => {
  const sim = createSimulation();
  const send = client(sim);
  sim.inject({failure: 'provider_error', step: 'Create virtual machine'});
  const action = /** @type {any} */ (
    send('POST', `/environments/${PRODUCTION}/servers`, {name: 'web-9', provider: 'aws', credential_id: 'cred_5Tn2Wq8R', region: 'us-east-1', size: 't3.small'})
      .body
  );
  sim.settle();
  const done = /** @type {any} */ (send('GET', `/actions/${action.id}`).body);
  assert.equal(done.status, 'failed');
  const failed = done.steps.find((/** @type {any} */ s) => s.status === 'failed');
  assert.equal(failed.name, 'Create virtual machine');
  assert.equal(failed.failure_reason, 'provider_error');
  assert.equal(done.credits_used, 3, 'the steps that started used credits');
  assert.equal(/** @type {any} */ (send('GET', `/servers/${action.subject.id}`).body).status, 'failed');
  // A failed server can't be restarted (facts.yml, server restart), but it can be deleted.
  assert.equal(codeOf(send('POST', `/servers/${action.subject.id}/restart`).body), 'invalid_state');
  assert.equal(send('DELETE', `/servers/${action.subject.id}`).status, 202);
});

test('pagination, idempotency keys, unknown query parameters and archived environments follow C1', () => {
  const sim = createSimulation();
  const send = client(sim);
  const first = /** @type {any} */ (send('GET', `/environments/${PRODUCTION}/servers?limit=2`).body);
  assert.equal(first.data.length, 2);
  assert.ok(first.next_cursor);
  const second = /** @type {any} */ (send('GET', `/environments/${PRODUCTION}/servers?limit=2&cursor=${first.next_cursor}`).body);
  assert.notDeepEqual(second.data[0].id, first.data[0].id);
  assert.equal(codeOf(send('GET', `/environments/${PRODUCTION}/servers?cursor=bogus`).body), 'invalid_cursor');
  assert.equal(codeOf(send('GET', `/environments/${PRODUCTION}/servers?colour=red`).body), 'bad_request');
  const body = {name: 'cache-1', provider: 'self_hosted'};
  const a = send('POST', `/environments/${PRODUCTION}/servers`, body, {'Idempotency-Key': 'k-1'});
  const b = send('POST', `/environments/${PRODUCTION}/servers`, body, {'Idempotency-Key': 'k-1'});
  assert.equal(a.status, 201);
  assert.deepEqual(b.body, a.body);
  assert.equal(b.headers['Idempotency-Replayed'], 'true');
  assert.equal(
    codeOf(send('POST', `/environments/${PRODUCTION}/servers`, {...body, name: 'cache-2'}, {'Idempotency-Key': 'k-1'}).body),
    'idempotency_conflict',
  );
  const archived = send('POST', `/environments/${QA_LEGACY}/servers`, {name: 'web-1', provider: 'self_hosted'});
  assert.equal(codeOf(archived.body), 'environment_archived');
  assert.equal(send('GET', `/environments/${QA_LEGACY}/servers`).status, 200, 'an archived environment can be read');
});

test('rules that cross resources: deploying needs every linked server running; unlinking needs its server running', () => {
  const sim = createSimulation();
  const send = client(sim);
  const web1 = sim.store.get(WEB_1);
  assert.ok(web1);
  web1.status = 'stopped';
  const deploy = send('POST', `/applications/${STOREFRONT}/deploy`, {});
  assert.equal(codeOf(deploy.body), 'invalid_state');
  assert.deepEqual(
    /** @type {any} */ (deploy.body).error.details.servers.map((/** @type {any} */ s) => s.id),
    [WEB_1],
  );
  web1.status = 'failed';
  const link = sim.store.where('link', (l) => /** @type {any} */ (l.target).id === WEB_1 && l.type === 'application_server')[0];
  assert.ok(link);
  assert.equal(codeOf(send('DELETE', `/links/${link.id}`).body), 'invalid_state', 'a failed server can’t run the unlink step');
  // Deleting the server removes its links (B24) and what Launchdeck manages on it.
  assert.equal(send('DELETE', `/servers/${WEB_1}`).status, 202);
  sim.settle();
  assert.equal(send('GET', `/links/${link.id}`).status, 404);
  assert.equal(send('GET', '/daemons/dmn_8Pq4Xs2V').status, 404);
});

test('a world kept and restored goes on where it was, with the same IDs', () => {
  const sim = createSimulation();
  const send = client(sim);
  const action = /** @type {any} */ (send('POST', `/servers/${WEB_1}/restart`).body);
  sim.advance(5);
  const copy = createSimulation();
  const restored = new /** @type {any} */ (copy.constructor)(copy.data, copy.validators, {state: JSON.parse(JSON.stringify(sim.save()))});
  restored.settle();
  sim.settle();
  assert.equal(/** @type {any} */ (client(restored)('GET', `/actions/${action.id}`).body).status, 'succeeded');
  assert.equal(/** @type {any} */ (send('GET', `/actions/${action.id}`).body).status, 'succeeded');
  const nextA = /** @type {any} */ (send('POST', `/servers/${WEB_1}/restart`).body).id;
  const nextB = /** @type {any} */ (client(restored)('POST', `/servers/${WEB_1}/restart`).body).id;
  assert.equal(nextA, nextB);
});

test("a file's edit changes what the API shows of it: its size and its SHA-256, as the server's copy", async () => {
  const {createHash} = await import('node:crypto');
  const sim = createSimulation();
  const send = client(sim);
  const content = '{"cache_ttl_seconds": 600}\n';
  const edited = send('PATCH', '/files/fil_7Wm2Kd5R', {content});
  assert.equal(edited.status, 202, JSON.stringify(edited.body));
  sim.settle();
  const file = /** @type {Obj} */ (send('GET', '/files/fil_7Wm2Kd5R').body);
  assert.equal(file.sha256, createHash('sha256').update(content).digest('hex'));
  assert.equal(file.size_bytes, Buffer.byteLength(content));
});
