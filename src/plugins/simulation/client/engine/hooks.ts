/**
 * What happens when an action ends or a timer fires, by name: an action keeps
 * the names of its effects (./actions.ts, `$then`), not functions, so that a
 * saved world resumes them.
 */
import {sha256} from './sha256';
import type {Hook} from './world';
import {finishCheck} from './handlers/infrastructure';
import type {Obj} from './types';

const at = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const HOOKS: Record<string, Hook> = {
  /** An object the action removed is gone, with what it holds. */
  delete: (sim, id) => sim.cascade(String(id)),

  /** A credential check finished (B9). */
  'credential.checked': (sim, id) => {
    const credential = sim.store.find('credential', id);
    if (credential && credential.status === 'checking') finishCheck(sim, credential);
  },

  /** A server's agent connected after provisioning: heartbeats start, and the keys chosen at creation are linked and installed. */
  'server.online': (sim, id, action) => {
    const server = sim.store.find('server', id);
    if (!server || server.status !== 'running') return;
    server.agent = {...((server.agent as Obj) ?? {}), connected: true, version: '1.14.2', last_heartbeat_at: sim.store.time};
    const keys = Array.isArray(server.$keys) ? server.$keys.map(String) : [];
    for (const keyId of keys) {
      const key = sim.store.find('ssh_key', keyId);
      if (!key) continue;
      sim.make('link', {
        environment_id: server.environment_id as string,
        type: 'ssh_key_server',
        source: {type: 'ssh_key', id: key.id as string, name: key.name as string},
        target: {type: 'server', id: server.id as string, name: server.name as string},
        status: 'active',
        applied_at: sim.store.time,
        created_by_id: ((action?.actor as Obj)?.id as string) ?? null,
      });
    }
  },

  /** The agent of a self-hosted server registered with its bootstrap token: provisioning starts (B10). */
  'agent.registered': (sim, id) => {
    const server = sim.store.find('server', id);
    if (!server || server.status !== 'waiting_for_agent') return;
    sim.provisionSelfHosted(server);
  },

  'server.key_rotated': (sim, id) => {
    const server = sim.store.find('server', id);
    // The agent's new key pair (B10): a new fingerprint, in OpenSSH's form (SHA256: and 43 base64 characters).
    const digest = sha256(`${String(id)} ${sim.store.time}`);
    const fingerprint = `SHA256:${btoa(String.fromCharCode(...digest.match(/../g)!.map((h) => parseInt(h, 16)))).replace(/=+$/, '')}`;
    if (server) server.agent = {...((server.agent as Obj) ?? {}), key_fingerprint: fingerprint, key_rotated_at: sim.store.time};
  },

  /** A Let's Encrypt certificate was issued or renewed: valid for 90 days, renewed 30 days before it ends (B12). */
  'certificate.issued': (sim, id) => {
    const cert = sim.store.find('ssl_certificate', id);
    if (!cert || cert.status !== 'active') return;
    const day = 24 * 3600 * 1000;
    Object.assign(cert, {
      issuer: "Let's Encrypt",
      not_before: sim.store.time,
      not_after: at(sim.store.now + 90 * day),
      renews_at: at(sim.store.now + 60 * day),
      last_error: null,
    });
  },

  /** Links whose key was deployed are active (B24). */
  'links.applied': (sim, args) => {
    for (const id of ((args as Obj).links as string[]) ?? []) {
      const link = sim.store.find('link', id);
      if (link) Object.assign(link, {status: 'active', applied_at: sim.store.time, updated_at: sim.store.time});
    }
  },

  /** A deployment ended: the application's current deployment, and its links to the servers it reached (B15, B24). */
  'deployment.ended': (sim, args, action, result) => {
    const {deployment: deploymentId, application: appId} = args as {deployment: string; application: string};
    const deployment = sim.store.find('deployment', deploymentId);
    const app = sim.store.find('application', appId);
    if (!deployment || !app || result !== 'succeeded' || action?.status !== 'succeeded') return;
    app.current_deployment_id = deployment.id as string;
    for (const link of sim.store.where('link', (l) => l.type === 'application_server' && (l.source as Obj).id === app.id)) {
      if ((deployment.server_ids as string[]).includes(String((link.target as Obj).id))) {
        Object.assign(link, {status: 'active', applied_at: sim.store.time, updated_at: sim.store.time});
      }
    }
  },
};
