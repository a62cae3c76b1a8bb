/**
 * Credentials, provider catalogs, the agent script, servers, SSH keys, SSL
 * certificates, networks, subnets, network rules and services (writer's
 * reference B9–B14, B24).
 */
import {ApiError, invalidState} from '../errors';
import type {Ctx} from '../world';
import type {Json, Obj} from '../types';
import {
  accepted,
  environmentOf,
  listInEnvironment,
  invalidField,
  limit,
  list,
  noContent,
  operate,
  referenced,
  respond,
  serversReady,
  target,
  unique,
  type Handler,
} from './kit';

/** Seconds a credential check takes (B9: up to 30 seconds). */
export const CHECK_SECONDS = 20;

const preview = (value: Json | undefined): Json => (typeof value === 'string' ? `****${value.slice(-4)}` : null);

/** What the API shows of a credential's secrets (B9): IDs in full, secrets as `****` and their last 4 characters, the GCP key's project and email; every field of the provider, `null` when not set. */
function secretsPreview(ctx: Ctx, provider: string, secrets: Obj): Obj {
  const out: Obj = {};
  for (const key of ctx.sim.data.credentialSecrets[provider] ?? []) {
    if (key === 'service_account_key') Object.assign(out, {project_id: null, client_email: null});
    else out[key] = null;
  }
  for (const [key, value] of Object.entries(secrets)) {
    if (value === null) continue;
    if (key === 'service_account_key' && typeof value === 'string') {
      try {
        const parsed = JSON.parse(value) as Obj;
        out.project_id = (parsed.project_id as string) ?? null;
        out.client_email = (parsed.client_email as string) ?? null;
      } catch {
        out.project_id = null;
      }
    } else if (/_id$/.test(key) && provider !== 'aws') out[key] = value;
    else out[key] = key === 'access_key_id' ? value : preview(value);
  }
  return out;
}

/** Starts a check of the credential: `checking` now, its result after CHECK_SECONDS (`$result`, `valid` unless set). */
function startCheck(ctx: Ctx, credential: Obj): void {
  credential.status = 'checking';
  credential.status_message = null;
  ctx.sim.timer(CHECK_SECONDS, 'credential.checked', credential.id as string);
}

/** A credential the request uses must be `valid` (facts.yml, credential lifecycle `use`). */
export function usable(ctx: Ctx, id: Json | undefined, field: string, environmentId: Json | undefined, provider?: string): Obj {
  const credential = referenced(ctx, 'credential', id, field, environmentId);
  if (provider && credential.provider !== provider) throw invalidField(field, `The credential must be a ${provider} credential.`);
  const lifecycle = ctx.sim.lifecycles.get('credential');
  const use = lifecycle?.operations.find((o) => o.name === 'use');
  if (lifecycle && use) ctx.sim.lifecycles.check(use, lifecycle, credential);
  return credential;
}

const resourceInUse = (message: string, users: Obj[]) =>
  new ApiError(409, 'resource_in_use', message, {
    used_by: users.map((u) => ({type: String(u.object), id: u.id as string, name: String(u.name ?? u.domain ?? u.id)})),
  });

function ipFor(ctx: Ctx, prefix: string): string {
  const used = new Set(ctx.sim.store.all('server').flatMap((s) => [s.public_ipv4, s.private_ipv4]));
  for (let i = 100; i < 250; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
  return `${prefix}250`;
}

export const infrastructure: Record<string, Handler> = {
  // -------------------------------------------------------- credentials (B9)
  createCredential: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    unique(ctx, 'credential', (c) => c.environment_id === environment.id, 'name', body.name);
    limit(ctx, 'credentials', sim.store.where('credential', (c) => c.environment_id === environment.id).length);
    const provider = String(body.provider);
    const credential = sim.make('credential', {
      environment_id: environment.id as string,
      name: body.name as string,
      provider,
      description: (body.description as string) ?? '',
      secrets_preview: secretsPreview(ctx, provider, (body.secrets as Obj) ?? {}),
      status: 'checking',
      status_message: null,
      missing_permissions: [],
      last_checked_at: null,
    });
    startCheck(ctx, credential);
    return respond(ctx, credential, 201);
  },
  listCredentials: (ctx) => listInEnvironment(ctx, 'credential'),
  getCredential: (ctx) => respond(ctx, target(ctx, 'credential')),
  updateCredential: (ctx) => {
    const credential = target(ctx, 'credential');
    unique(ctx, 'credential', (c) => c.environment_id === credential.environment_id, 'name', ctx.body.name, credential);
    if (ctx.body.name !== undefined) credential.name = ctx.body.name;
    if (ctx.body.description !== undefined) credential.description = ctx.body.description;
    if (ctx.body.secrets !== undefined) {
      credential.secrets_preview = secretsPreview(ctx, String(credential.provider), ctx.body.secrets as Obj);
      startCheck(ctx, credential);
    }
    credential.updated_at = ctx.sim.store.time;
    return respond(ctx, credential);
  },
  deleteCredential: (ctx) => {
    const credential = target(ctx, 'credential');
    const users = [
      ...ctx.sim.store.where('server', (s) => s.credential_id === credential.id),
      ...ctx.sim.store.where('network', (n) => n.credential_id === credential.id),
      ...ctx.sim.store.where('ssl_certificate', (c) => c.dns_credential_id === credential.id),
      ...ctx.sim.store.where('virtual_host', (v) => v.dns_credential_id === credential.id),
    ];
    if (users.length) throw resourceInUse('Servers, networks, certificates or virtual hosts still use the credential.', users);
    ctx.sim.store.remove(credential.id as string);
    return noContent();
  },
  getCredentialStatus: (ctx) => respond(ctx, credentialStatus(ctx, target(ctx, 'credential'))),
  checkCredential: (ctx) => {
    const credential = target(ctx, 'credential');
    // The check is synchronous through the API (B9): the provider answers, or 502.
    if (ctx.sim.store.all('$injection').some((i) => i.failure === 'provider_error' && (!i.credential_id || i.credential_id === credential.id))) {
      throw new ApiError(502, 'provider_error', "The provider couldn't be reached. The stored status didn't change.", {
        provider: String(credential.provider),
        provider_message: 'Service unavailable',
      });
    }
    finishCheck(ctx.sim, credential);
    return respond(ctx, credentialStatus(ctx, credential));
  },

  // ----------------------------------------------------- providers, agent
  getProviderCatalog: (ctx) => {
    const template = ctx.sim.data.objects.provider_catalog!.template;
    return {status: 200, headers: {}, body: {...structuredClone(template), provider: ctx.params.provider!}};
  },
  getAgentInstallScript: () => ({
    status: 200,
    headers: {'Content-Type': 'text/x-shellscript'},
    body: '#!/bin/sh\n# The Launchdeck agent installer (simulated).\n',
  }),

  // ------------------------------------------------------------ servers (B10)
  createServer: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    const provider = String(body.provider);
    unique(ctx, 'server', (s) => s.environment_id === environment.id, 'name', body.name);
    const projectEnvs = new Set(sim.store.where('environment', (e) => e.project_id === environment.project_id).map((e) => e.id));
    limit(ctx, 'servers', sim.store.where('server', (s) => projectEnvs.has(s.environment_id)).length);
    const keys = Array.isArray(body.ssh_key_ids) ? body.ssh_key_ids.map(String) : [];
    for (const key of keys) referenced(ctx, 'ssh_key', key, 'ssh_key_ids', environment.id);
    if (provider === 'self_hosted') {
      if (body.credential_id !== undefined && body.credential_id !== null) usable(ctx, body.credential_id, 'credential_id', environment.id, 'hetzner');
      const token = sim.store.newSecret('ldboot_').slice(0, 39);
      const server = sim.make('server', {
        environment_id: environment.id as string,
        name: body.name as string,
        description: (body.description as string) ?? '',
        provider,
        credential_id: (body.credential_id as string) ?? null,
        region: null,
        zone: null,
        size: null,
        image: null,
        os: null,
        architecture: null,
        disk_size_gb: null,
        network_id: null,
        subnet_id: null,
        provider_resource_id: (body.provider_resource_id as string) ?? null,
        public_ipv4: null,
        public_ipv6: null,
        private_ipv4: null,
        ssh_port: (body.ssh_port as number) ?? 22,
        agent: {version: null, connected: false, last_heartbeat_at: null, key_fingerprint: null, key_rotated_at: null},
        bootstrap: {command: bootstrapCommand(ctx, token), expires_at: new Date(sim.store.now + 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')},
        provision_action_id: null,
        $bootstrap: token,
        $keys: keys,
      });
      return respond(ctx, server, 201);
    }
    const credential = usable(ctx, body.credential_id, 'credential_id', environment.id, provider);
    const network = body.network_id ? referenced(ctx, 'network', body.network_id, 'network_id', environment.id) : undefined;
    if (provider === 'digitalocean' && body.disk_size_gb !== undefined) throw invalidField('disk_size_gb', 'DigitalOcean sizes fix the disk.', 'not_allowed');
    const template = sim.data.objects.server!.template;
    const server = sim.make('server', {
      environment_id: environment.id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      provider,
      credential_id: credential.id as string,
      region: body.region as string,
      zone: provider === 'gcp' || provider === 'aws' ? `${String(body.region)}a` : null,
      size: (body.size as string) ?? null,
      image: (body.image as string) ?? 'ubuntu-24.04',
      os: null,
      architecture: null,
      disk_size_gb: provider === 'digitalocean' ? null : ((body.disk_size_gb as number) ?? 40),
      network_id: (network?.id as string) ?? null,
      subnet_id: (body.subnet_id as string) ?? null,
      provider_resource_id: null,
      public_ipv4: null,
      public_ipv6: null,
      private_ipv4: null,
      ssh_port: 22,
      agent: {...(template.agent as Obj), connected: false, last_heartbeat_at: null, version: null},
      bootstrap: null,
      provision_action_id: null,
      $keys: keys,
    });
    const action = operate(ctx, server, {
      state: 'provisioning',
      kind: 'cloud',
      succeeded: [
        {
          set: server.id as string,
          fields: {
            os: server.image === 'debian-12' ? 'Debian 12' : server.image === 'ubuntu-22.04' ? 'Ubuntu 22.04 LTS' : 'Ubuntu 24.04 LTS',
            architecture: 'x86_64',
            public_ipv4: ipFor(ctx, '203.0.113.'),
            private_ipv4: ipFor(ctx, '10.10.1.'),
            provider_resource_id: `i-0${server.id as string}`.slice(0, 19).toLowerCase(),
          },
        },
        {hook: 'server.online', args: server.id as string},
      ],
      extra: {uncancelable: true},
    });
    server.provision_action_id = action.id as string;
    return accepted(ctx, action);
  },
  listServers: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('server', (s) => s.environment_id === environmentOf(ctx).id),
      {
        search: (s, value) => String(s.name).includes(String(value)),
      },
    ),
  getServer: (ctx) => respond(ctx, target(ctx, 'server')),
  updateServer: (ctx) => {
    const server = target(ctx, 'server');
    if (ctx.body.ssh_port !== undefined && server.provider !== 'self_hosted')
      throw invalidField('ssh_port', 'Cloud servers always use port 22.', 'not_allowed');
    if (ctx.body.description !== undefined) server.description = ctx.body.description;
    if (ctx.body.ssh_port !== undefined) server.ssh_port = ctx.body.ssh_port;
    server.updated_at = ctx.sim.store.time;
    return respond(ctx, server);
  },
  deleteServer: (ctx) => {
    const server = target(ctx, 'server');
    const selfHosted = server.provider === 'self_hosted';
    const lost = ['waiting_for_agent', 'unreachable', 'failed'].includes(String(server.status));
    const type = ctx.sim.actions.typeOf(ctx.op.id, selfHosted ? 'self-hosted' : 'cloud')!;
    // B17: server.remove skips Uninstall agent when the agent can't be reached.
    const steps = type.steps.map((name, i) => ({name, server_id: server.id as string, skipped: selfHosted && lost && i === 0}));
    const action = operate(ctx, server, {kind: selfHosted ? 'self-hosted' : 'cloud', steps, extra: {uncancelable: true}});
    return accepted(ctx, action);
  },
  getServerStatus: (ctx) => {
    const server = target(ctx, 'server');
    const running = ctx.sim.store.where('action', (a) => (a.subject as Obj)?.id === server.id && (a.status === 'running' || a.status === 'queued'))[0];
    const agent = (server.agent as Obj) ?? {};
    const providerState: Record<string, string> = {
      running: 'running',
      stopped: 'stopped',
      starting: 'starting',
      stopping: 'stopping',
      restarting: 'running',
      unreachable: 'unknown',
    };
    return {
      status: 200,
      headers: {},
      body: {
        object: 'server_status',
        server_id: server.id as string,
        status: server.status as string,
        agent: {
          connected: agent.connected === true,
          version: (agent.version as string) ?? null,
          last_heartbeat_at: (agent.last_heartbeat_at as string) ?? null,
        },
        provider_state: server.provider === 'self_hosted' ? null : (providerState[String(server.status)] ?? null),
        current_action_id: (running?.id as string) ?? null,
        checked_at: ctx.sim.store.time,
      },
    };
  },
  getServerProvisioningLog: (ctx) => {
    const server = target(ctx, 'server');
    const action = ctx.sim.store.find('action', server.provision_action_id);
    if (!action) throw new ApiError(404, 'not_found', 'This server has no provisioning log yet: its agent hasn’t connected.');
    return {
      status: 200,
      headers: {},
      body: {
        object: 'provisioning_log',
        server_id: server.id as string,
        action_id: action.id as string,
        status: action.status as string,
        steps: ctx.sim.actions.stepsOfAction(action).map((s) => ({
          action_step_id: s.id as string,
          position: s.position as number,
          name: s.name as string,
          status: s.status as string,
          started_at: (s.started_at as string) ?? null,
          finished_at: (s.finished_at as string) ?? null,
          log: String(s.$log ?? ''),
          log_truncated: false,
        })),
      },
    };
  },
  startServer: (ctx) => accepted(ctx, operate(ctx, target(ctx, 'server'))),
  stopServer: (ctx) => accepted(ctx, operate(ctx, target(ctx, 'server'))),
  restartServer: (ctx) => accepted(ctx, operate(ctx, target(ctx, 'server'))),
  rotateServerAgentKey: (ctx) => {
    const server = target(ctx, 'server');
    return accepted(ctx, operate(ctx, server, {succeeded: [{hook: 'server.key_rotated', args: server.id as string}]}));
  },
  regenerateServerBootstrapCommand: (ctx) => {
    const server = target(ctx, 'server');
    const lifecycle = ctx.sim.lifecycles.get('server')!;
    const op = lifecycle.operations.find((o) => o.api.includes(ctx.op.id))!;
    ctx.sim.lifecycles.check(op, lifecycle, server);
    const token = ctx.sim.store.newSecret('ldboot_').slice(0, 39);
    server.$bootstrap = token;
    server.bootstrap = {
      command: bootstrapCommand(ctx, token),
      expires_at: new Date(ctx.sim.store.now + 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    return respond(ctx, server);
  },

  // ----------------------------------------------------------- SSH keys (B11)
  createSshKey: (ctx) => {
    const environment = environmentOf(ctx);
    const publicKey = String(ctx.body.public_key).trim();
    const type = /^ssh-ed25519 /.test(publicKey) ? 'ed25519' : /^ssh-rsa /.test(publicKey) ? 'rsa' : /^ecdsa-/.test(publicKey) ? 'ecdsa' : undefined;
    if (!type || publicKey.includes('\n') || /PRIVATE KEY/.test(publicKey))
      throw invalidField('public_key', 'Paste one OpenSSH public key line.', 'invalid_format');
    unique(ctx, 'ssh_key', (k) => k.environment_id === environment.id, 'name', ctx.body.name);
    unique(ctx, 'ssh_key', (k) => k.environment_id === environment.id, 'public_key', publicKey);
    limit(ctx, 'ssh_keys', ctx.sim.store.where('ssh_key', (k) => k.environment_id === environment.id).length);
    const key = ctx.sim.make('ssh_key', {
      environment_id: environment.id as string,
      name: ctx.body.name as string,
      type,
      public_key: publicKey,
      fingerprint: `SHA256:${btoa(publicKey.slice(-32)).replace(/=+$/, '').slice(0, 43)}`,
      source: 'uploaded',
      created_by_id: (ctx.principal.user?.id as string) ?? null,
    });
    delete key.private_key;
    return respond(ctx, key, 201);
  },
  generateSshKeyPair: (ctx) => {
    const environment = environmentOf(ctx);
    unique(ctx, 'ssh_key', (k) => k.environment_id === environment.id, 'name', ctx.body.name);
    limit(ctx, 'ssh_keys', ctx.sim.store.where('ssh_key', (k) => k.environment_id === environment.id).length);
    const material = ctx.sim.store.newSecret('');
    const key = ctx.sim.make('ssh_key', {
      environment_id: environment.id as string,
      name: ctx.body.name as string,
      type: 'ed25519',
      public_key: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${material} ${String(ctx.body.name)}`,
      fingerprint: `SHA256:${material}`.slice(0, 50),
      source: 'generated',
      created_by_id: (ctx.principal.user?.id as string) ?? null,
    });
    delete key.private_key;
    const privateKey = `-----BEGIN OPENSSH PRIVATE KEY-----\n${material}\n-----END OPENSSH PRIVATE KEY-----\n`;
    return respond(ctx, key, 201, {private_key: privateKey});
  },
  listSshKeys: (ctx) => listInEnvironment(ctx, 'ssh_key'),
  getSshKey: (ctx) => respond(ctx, target(ctx, 'ssh_key')),
  deleteSshKey: (ctx) => {
    const key = target(ctx, 'ssh_key');
    const links = ctx.sim.store.where('link', (l) => l.type === 'ssh_key_server' && (l.source as Obj).id === key.id);
    const installed = links.filter((l) => l.status === 'active').map((l) => String((l.target as Obj).id));
    if (!installed.length) {
      ctx.sim.cascade(key.id as string);
      return noContent();
    }
    const type = ctx.sim.actions.typeOf(ctx.op.id)!;
    const action = ctx.sim.queue({
      type: type.type,
      environment_id: key.environment_id as string,
      subject: {type: 'ssh_key', id: key.id as string, name: key.name as string},
      steps: ctx.sim.actions.stepsOf(type, installed),
      actor: ctx.actor,
      locks: installed,
      succeeded: [{delete: key.id as string}],
      failed: [],
    });
    return accepted(ctx, action);
  },
  linkSshKeyToServer: (ctx) => {
    const key = target(ctx, 'ssh_key');
    const server = referenced(ctx, 'server', ctx.body.server_id, 'server_id', key.environment_id);
    return respond(ctx, newLink(ctx, 'ssh_key_server', key, server), 201);
  },
  deploySshKey: (ctx) => {
    const key = target(ctx, 'ssh_key');
    const links = ctx.sim.store.where('link', (l) => l.type === 'ssh_key_server' && (l.source as Obj).id === key.id);
    const linked = links.map((l) => String((l.target as Obj).id));
    const wanted = Array.isArray(ctx.body.server_ids) ? ctx.body.server_ids.map(String) : linked;
    const unlinked = wanted.find((id) => !linked.includes(id));
    if (unlinked) throw invalidField('server_ids', `${unlinked} isn't linked to the key: link it first.`);
    // B11: servers that aren't running are skipped.
    const ready = wanted.filter((id) => ctx.sim.store.find('server', id)?.status === 'running');
    if (!ready.length) serversReady(ctx, wanted);
    const type = ctx.sim.actions.typeOf(ctx.op.id)!;
    const action = ctx.sim.queue({
      type: type.type,
      environment_id: key.environment_id as string,
      subject: {type: 'ssh_key', id: key.id as string, name: key.name as string},
      steps: ctx.sim.actions.stepsOf(type, ready),
      actor: ctx.actor,
      locks: ready,
      succeeded: [{hook: 'links.applied', args: {links: links.filter((l) => ready.includes(String((l.target as Obj).id))).map((l) => l.id as string)}}],
      failed: [],
    });
    return accepted(ctx, action);
  },

  // --------------------------------------------------- SSL certificates (B12)
  createSslCertificate: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    limit(ctx, 'ssl_certificates', sim.store.where('ssl_certificate', (c) => c.environment_id === environment.id).length);
    if (body.type === 'uploaded') {
      const cert = sim.make('ssl_certificate', {
        environment_id: environment.id as string,
        type: 'uploaded',
        validation_method: null,
        server_id: null,
        dns_credential_id: null,
        status: 'active',
        renews_at: null,
        last_error: null,
      });
      return respond(ctx, cert, 201);
    }
    const domains = Array.isArray(body.domains) ? body.domains.map(String) : [];
    if (domains.some((d) => d.startsWith('*.')) && body.validation_method === 'http')
      throw invalidField('validation_method', 'Wildcard domains need DNS validation.');
    if (body.validation_method === 'dns') usable(ctx, body.dns_credential_id, 'dns_credential_id', environment.id);
    if (body.validation_method === 'http') referenced(ctx, 'server', body.server_id, 'server_id', environment.id);
    const cert = sim.make('ssl_certificate', {
      environment_id: environment.id as string,
      name: domains[0] ?? '',
      type: 'lets_encrypt',
      domains,
      validation_method: body.validation_method as string,
      server_id: (body.server_id as string) ?? null,
      dns_credential_id: (body.dns_credential_id as string) ?? null,
      status: 'issuing',
      issuer: null,
      key_type: 'ecdsa-p256',
      not_before: null,
      not_after: null,
      renews_at: null,
      last_error: null,
      fingerprint_sha256: null,
    });
    return accepted(ctx, operate(ctx, cert, {state: 'issuing', servers: [null], succeeded: [{hook: 'certificate.issued', args: cert.id as string}]}));
  },
  listSslCertificates: (ctx) => listInEnvironment(ctx, 'ssl_certificate'),
  getSslCertificate: (ctx) => respond(ctx, target(ctx, 'ssl_certificate')),
  deleteSslCertificate: (ctx) => {
    const cert = target(ctx, 'ssl_certificate');
    const hosts = ctx.sim.store.where('virtual_host', (v) => v.certificate_id === cert.id);
    if (hosts.length) throw resourceInUse('Virtual hosts still use the certificate.', hosts);
    ctx.sim.store.remove(cert.id as string);
    return noContent();
  },
  renewSslCertificate: (ctx) => {
    const cert = target(ctx, 'ssl_certificate');
    return accepted(ctx, operate(ctx, cert, {servers: [null], succeeded: [{hook: 'certificate.issued', args: cert.id as string}]}));
  },
  retrySslCertificateIssuance: (ctx) => {
    const cert = target(ctx, 'ssl_certificate');
    return accepted(ctx, operate(ctx, cert, {servers: [null], succeeded: [{hook: 'certificate.issued', args: cert.id as string}]}));
  },

  // ------------------------------------------- networks, subnets, rules (B13)
  createNetwork: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    if (String(body.name).startsWith('default-')) throw invalidField('name', 'Names starting with default- are reserved for default networks.', 'not_allowed');
    unique(ctx, 'network', (n) => n.environment_id === environment.id, 'name', body.name);
    limit(ctx, 'networks', sim.store.where('network', (n) => n.environment_id === environment.id).length);
    const credential = usable(ctx, body.credential_id, 'credential_id', environment.id, String(body.provider));
    const network = sim.make('network', {
      environment_id: environment.id as string,
      name: body.name as string,
      provider: body.provider as string,
      credential_id: credential.id as string,
      region: (body.region as string) ?? null,
      cidr: (body.cidr as string) ?? null,
      default: false,
      provider_resource_id: null,
    });
    return accepted(ctx, operate(ctx, network, {servers: [null], locks: [network.id as string]}));
  },
  listNetworks: (ctx) => listInEnvironment(ctx, 'network'),
  getNetwork: (ctx) => respond(ctx, target(ctx, 'network')),
  deleteNetwork: (ctx) => {
    const network = target(ctx, 'network');
    const servers = ctx.sim.store.where('server', (s) => s.network_id === network.id);
    if (servers.length) throw resourceInUse('Servers still use the network.', servers);
    return accepted(ctx, operate(ctx, network, {servers: [null], locks: [network.id as string]}));
  },
  createSubnet: (ctx) => {
    const {sim, body} = ctx;
    const network = target(ctx, 'network');
    if (network.provider === 'digitalocean')
      throw new ApiError(422, 'unsupported_operation', "DigitalOcean networks don't have subnets.", {provider: 'digitalocean'});
    unique(ctx, 'subnet', (s) => s.network_id === network.id, 'name', body.name);
    limit(ctx, 'subnets', sim.store.where('subnet', (s) => s.network_id === network.id).length);
    const subnet = sim.make('subnet', {
      network_id: network.id as string,
      environment_id: network.environment_id as string,
      name: body.name as string,
      cidr: body.cidr as string,
      region: (body.region as string) ?? (network.region as string) ?? null,
      zone: network.provider === 'aws' ? `${String(network.region)}a` : null,
      provider_resource_id: null,
    });
    return accepted(ctx, operate(ctx, subnet, {servers: [null], locks: [network.id as string], environmentId: network.environment_id as string}));
  },
  listSubnets: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('subnet', (s) => s.network_id === target(ctx, 'network').id),
    ),
  getSubnet: (ctx) => respond(ctx, target(ctx, 'subnet')),
  deleteSubnet: (ctx) => {
    const subnet = target(ctx, 'subnet');
    const servers = ctx.sim.store.where('server', (s) => s.subnet_id === subnet.id);
    if (servers.length) throw resourceInUse('Servers still use the subnet.', servers);
    return accepted(ctx, operate(ctx, subnet, {servers: [null], locks: [String(subnet.network_id)]}));
  },
  createNetworkRule: (ctx) => {
    const {sim, body} = ctx;
    const network = target(ctx, 'network');
    unique(ctx, 'network_rule', (r) => r.network_id === network.id, 'name', body.name);
    limit(ctx, 'network_rules', sim.store.where('network_rule', (r) => r.network_id === network.id).length);
    const rule = sim.make('network_rule', {
      network_id: network.id as string,
      environment_id: network.environment_id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      direction: 'inbound',
      protocol: body.protocol as string,
      ports: (body.ports as string) ?? null,
      source_cidrs: body.source_cidrs ?? [],
    });
    return accepted(ctx, operate(ctx, rule, {servers: [null], locks: [network.id as string], environmentId: network.environment_id as string}));
  },
  listNetworkRules: (ctx) =>
    list(
      ctx,
      ctx.sim.store.where('network_rule', (r) => r.network_id === target(ctx, 'network').id),
    ),
  getNetworkRule: (ctx) => respond(ctx, target(ctx, 'network_rule')),
  deleteNetworkRule: (ctx) => {
    const rule = target(ctx, 'network_rule');
    return accepted(ctx, operate(ctx, rule, {servers: [null], locks: [String(rule.network_id)]}));
  },

  // ----------------------------------------------------------- services (B14)
  createService: (ctx) => {
    const {sim, body} = ctx;
    const environment = environmentOf(ctx);
    const server = referenced(ctx, 'server', body.server_id, 'server_id', environment.id);
    serversReady(ctx, [server.id as string]);
    const type = String(body.type);
    unique(ctx, 'service', (s) => s.server_id === server.id, 'type', type);
    const name = (body.name as string) ?? type;
    unique(ctx, 'service', (s) => s.server_id === server.id, 'name', name);
    const others = sim.store.where('service', (s) => s.server_id === server.id);
    if ((type === 'mysql' && others.some((s) => s.type === 'mariadb')) || (type === 'mariadb' && others.some((s) => s.type === 'mysql'))) {
      throw new ApiError(409, 'conflict', "MySQL and MariaDB can't run on the same server.", {reason: 'mysql_mariadb'});
    }
    limit(ctx, 'services', others.length);
    const service = sim.make('service', {
      environment_id: environment.id as string,
      server_id: server.id as string,
      type,
      version: (body.version as string) ?? (sim.data.objects.service!.template.version as string),
      name,
      port: (body.port as number) ?? DEFAULT_PORTS[type] ?? null,
      listen: (body.listen as string) ?? 'localhost',
      credentials_file: `/etc/launchdeck/services/${name}.env`,
    });
    return accepted(ctx, operate(ctx, service));
  },
  listServices: (ctx) => listInEnvironment(ctx, 'service'),
  getService: (ctx) => respond(ctx, target(ctx, 'service')),
  deleteService: (ctx) => {
    const service = target(ctx, 'service');
    serversReady(ctx, [String(service.server_id)]);
    return accepted(ctx, operate(ctx, service));
  },
};

const DEFAULT_PORTS: Record<string, number> = {mysql: 3306, mariadb: 3306, postgresql: 5432, redis: 6379, memcached: 11211, rabbitmq: 5672};

function bootstrapCommand(ctx: Ctx, token: string): string {
  const base = ctx.sim.data.apiUrl;
  return `curl -fsSL ${base}/agent/install.sh | sudo bash -s -- --token ${token}`;
}

function credentialStatus(ctx: Ctx, credential: Obj): Obj {
  return {
    object: 'credential_status',
    credential_id: credential.id as string,
    status: credential.status as string,
    status_message: (credential.status_message as string) ?? null,
    missing_permissions: (credential.missing_permissions as Json[]) ?? [],
    last_checked_at: (credential.last_checked_at as string) ?? null,
    next_check_at: new Date(ctx.sim.store.now + 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/** The result of a check: `valid`, or what an injected failure says (`$result` on the credential). */
export function finishCheck(sim: Ctx['sim'], credential: Obj): void {
  // B9: a Hetzner credential works only with a Cloud API token.
  const hetznerWithoutCloud = credential.provider === 'hetzner' && !(credential.secrets_preview as Obj | null)?.cloud_api_token;
  const result = typeof credential.$result === 'string' ? credential.$result : hetznerWithoutCloud ? 'invalid' : 'valid';
  credential.status = result;
  credential.status_message = result === 'valid' ? null : result === 'invalid' ? 'The provider rejected the secret.' : 'Permissions are missing.';
  credential.missing_permissions = result === 'insufficient_permissions' ? ['ec2:RunInstances'] : [];
  credential.last_checked_at = sim.store.time;
  credential.updated_at = sim.store.time;
}

/** A new link (B24): `pending` until the next deploy of the key or deployment of the application. */
export function newLink(ctx: Ctx, type: 'ssh_key_server' | 'application_server', source: Obj, server: Obj): Obj {
  const {sim} = ctx;
  const existing = sim.store.where('link', (l) => l.type === type && (l.source as Obj).id === source.id && (l.target as Obj).id === server.id);
  if (existing.length) throw new ApiError(409, 'already_exists', 'These two are already linked.', {field: 'server_id'});
  if (type === 'application_server') {
    limit(ctx, 'application_servers', sim.store.where('link', (l) => l.type === type && (l.source as Obj).id === source.id).length);
  }
  return sim.make('link', {
    environment_id: source.environment_id as string,
    type,
    source: {type: String(source.object), id: source.id as string, name: source.name as string},
    target: {type: 'server', id: server.id as string, name: server.name as string},
    status: 'pending',
    applied_at: null,
    created_by_id: (ctx.principal.user?.id as string) ?? null,
  });
}

export {invalidState};
