/**
 * Projects, environments, teams, members, invitations, team memberships,
 * roles, the user, subscriptions, tokens and outgoing webhooks (writer's
 * reference B2–B8, B23, B25).
 */
import {ApiError, invalidState, notFound, protectedResource} from '../errors';
import type {Ctx} from '../world';
import type {Json, Obj} from '../types';
import {invalidField, limit, list, noContent, referenced, respond, target, unique, type Handler} from './kit';

const DAY = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

function projectsOf(ctx: Ctx): Obj[] {
  return ctx.sim.store.all('project').filter((p) => ctx.sim.access.canSee(ctx.principal, p.id as string));
}

function ownerMembership(ctx: Ctx, project: Obj, environment: Obj): void {
  const owners = ctx.sim.store.where('team', (t) => t.project_id === project.id && t.protected === true)[0];
  if (!owners) return;
  ctx.sim.make('team_membership', {
    environment_id: environment.id as string,
    team_id: owners.id as string,
    team_name: owners.name as string,
    role_id: 'role_owner',
    role_name: 'Owner',
    protected: true,
    created_by_id: (ctx.principal.user?.id as string) ?? (project.owner_id as string),
  });
}

/** Project members (B4): distinct users in any team, plus distinct emails with pending invitations. */
function memberCount(ctx: Ctx, projectId: string): number {
  const teams = new Set(ctx.sim.store.where('team', (t) => t.project_id === projectId).map((t) => t.id));
  const users = new Set(ctx.sim.store.where('team_member', (m) => teams.has(m.team_id)).map((m) => m.user_id));
  const emails = new Set(ctx.sim.store.where('invitation', (i) => teams.has(i.team_id) && i.status === 'pending').map((i) => String(i.email)));
  for (const u of users) emails.delete(String(ctx.sim.store.find('user', u)?.email ?? ''));
  return users.size + emails.size;
}

function expireInvitations(ctx: Ctx): void {
  for (const i of ctx.sim.store.where('invitation', (x) => x.status === 'pending' && Date.parse(String(x.expires_at)) <= ctx.sim.store.now)) {
    i.status = 'expired';
  }
}

function tokenExpiry(ctx: Ctx, days: Json | undefined): string | null {
  return typeof days === 'number' ? iso(ctx.sim.store.now + days * DAY) : null;
}

const activeTokens = (ctx: Ctx, object: string, test: (t: Obj) => boolean) =>
  ctx.sim.store.where(object, (t) => test(t) && t.status === 'active' && !(typeof t.expires_at === 'string' && Date.parse(t.expires_at) <= ctx.sim.store.now));

export const people: Record<string, Handler> = {
  // ----------------------------------------------------------- projects (B2)
  createProject: (ctx) => {
    const {sim, body} = ctx;
    const user = ctx.principal.user!;
    unique(ctx, 'project', () => true, 'slug', body.slug);
    const owned = sim.store.where('project', (p) => p.owner_id === user.id).length;
    const plan = String(sim.store.where('subscription', (s) => s.user_id === user.id)[0]?.plan ?? 'free');
    const max = sim.data.facts.plans.projects_owned?.[plan];
    if (max !== undefined && owned >= max) {
      throw new ApiError(403, 'plan_limit_reached', `Your plan allows ${max} projects.`, {limit_name: 'projects', limit: max, current: owned, plan});
    }
    const slug =
      typeof body.slug === 'string'
        ? body.slug
        : String(body.name)
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-+|-+$/g, '')
            .slice(0, 40);
    const project = sim.make('project', {name: body.name as string, slug, description: (body.description as string) ?? '', owner_id: user.id as string});
    const environment = sim.make('environment', {
      project_id: project.id as string,
      name: 'production',
      description: '',
      status: 'active',
      archived_at: null,
      archived_by_id: null,
    });
    const owners = sim.make('team', {project_id: project.id as string, name: 'owners', description: '', protected: true});
    sim.store.add({
      object: 'team_member',
      team_id: owners.id as string,
      user_id: user.id as string,
      name: user.name as string,
      email: user.email as string,
      joined_at: sim.store.time,
    });
    ownerMembership(ctx, project, environment);
    return respond(ctx, project, 201);
  },
  listProjects: (ctx) => list(ctx, projectsOf(ctx), {owned: (p, value) => (p.owner_id === ctx.principal.user?.id) === value}),
  getProject: (ctx) => respond(ctx, target(ctx, 'project')),
  updateProject: (ctx) => {
    const project = target(ctx, 'project');
    Object.assign(project, pick(ctx.body, ['name', 'description']), {updated_at: ctx.sim.store.time});
    return respond(ctx, project);
  },
  deleteProject: (ctx) => {
    const project = target(ctx, 'project');
    const envs = new Set(ctx.sim.store.where('environment', (e) => e.project_id === project.id).map((e) => e.id));
    const servers = ctx.sim.store.where('server', (s) => envs.has(s.environment_id));
    if (servers.length) {
      throw new ApiError(409, 'resource_in_use', 'Remove or delete every server of the project first.', {
        used_by: servers.map((s) => ({type: 'server', id: s.id as string, name: s.name as string})),
      });
    }
    ctx.sim.cascade(project.id as string);
    return noContent();
  },

  // ------------------------------------------------------- environments (B3)
  createEnvironment: (ctx) => {
    const project = target(ctx, 'project');
    unique(ctx, 'environment', (e) => e.project_id === project.id, 'name', ctx.body.name);
    limit(ctx, 'environments', ctx.sim.store.where('environment', (e) => e.project_id === project.id && e.status === 'active').length);
    const environment = ctx.sim.make('environment', {
      project_id: project.id as string,
      name: ctx.body.name as string,
      description: (ctx.body.description as string) ?? '',
      status: 'active',
      archived_at: null,
      archived_by_id: null,
    });
    ownerMembership(ctx, project, environment);
    return respond(ctx, environment, 201);
  },
  listEnvironments: (ctx) => {
    const project = target(ctx, 'project');
    return list(
      ctx,
      ctx.sim.store.where('environment', (e) => e.project_id === project.id),
      {
        status: (e, value) => value === 'all' || e.status === value,
        search: (e, value) => String(e.name).includes(String(value).toLowerCase()),
      },
    );
  },
  getEnvironment: (ctx) => respond(ctx, target(ctx, 'environment')),
  updateEnvironment: (ctx) => {
    const environment = target(ctx, 'environment');
    Object.assign(environment, pick(ctx.body, ['description']), {updated_at: ctx.sim.store.time});
    return respond(ctx, environment);
  },
  archiveEnvironment: (ctx) => {
    const {sim} = ctx;
    const environment = target(ctx, 'environment');
    checkLifecycle(ctx, environment);
    const busy = sim.store.where(
      'action',
      (a) => a.environment_id === environment.id && (a.status === 'queued' || a.status === 'running' || a.status === 'canceling'),
    );
    if (busy.length)
      throw new ApiError(409, 'conflict', 'Actions are queued or running in the environment: wait for them to finish.', {reason: 'actions_running'});
    const active = sim.store.where('environment', (e) => e.project_id === environment.project_id && e.status === 'active');
    if (active.length <= 1)
      throw new ApiError(409, 'conflict', "The project's last active environment can't be archived.", {reason: 'last_active_environment'});
    Object.assign(environment, {
      status: 'archived',
      archived_at: sim.store.time,
      archived_by_id: (ctx.principal.user?.id as string) ?? null,
      updated_at: sim.store.time,
    });
    return respond(ctx, environment);
  },
  unarchiveEnvironment: (ctx) => {
    const environment = target(ctx, 'environment');
    checkLifecycle(ctx, environment);
    limit(ctx, 'environments', ctx.sim.store.where('environment', (e) => e.project_id === environment.project_id && e.status === 'active').length);
    Object.assign(environment, {status: 'active', archived_at: null, archived_by_id: null, updated_at: ctx.sim.store.time});
    return respond(ctx, environment);
  },

  // --------------------------------------------------- team memberships (B5)
  createTeamMembership: (ctx) => {
    const {sim, body} = ctx;
    const environment = target(ctx, 'environment');
    const team = referenced(ctx, 'team', body.team_id, 'team_id');
    if (team.project_id !== environment.project_id) throw invalidField('team_id', 'The team must belong to the same project.');
    const role = roleOf(ctx, body.role_id, 'role_id');
    if (role.id === 'role_owner' && !sim.access.holdsOwner(ctx.principal, environment.project_id as string)) {
      throw new ApiError(403, 'permission_denied', 'Only someone with the Owner role can give the Owner role.', {
        required_permission: 'team_membership:create',
      });
    }
    unique(ctx, 'team_membership', (m) => m.environment_id === environment.id, 'team_id', team.id);
    limit(ctx, 'team_memberships', sim.store.where('team_membership', (m) => m.environment_id === environment.id).length);
    const membership = sim.make('team_membership', {
      environment_id: environment.id as string,
      team_id: team.id as string,
      role_id: role.id as string,
      protected: false,
      created_by_id: (ctx.principal.user?.id as string) ?? null,
    });
    return respond(ctx, membership, 201);
  },
  listTeamMemberships: (ctx) => {
    const environment = target(ctx, 'environment');
    return list(
      ctx,
      ctx.sim.store.where('team_membership', (m) => m.environment_id === environment.id),
    );
  },
  getTeamMembership: (ctx) => respond(ctx, target(ctx, 'team_membership')),
  updateTeamMembership: (ctx) => {
    const membership = target(ctx, 'team_membership');
    if (membership.protected === true) throw protectedResource('owners_membership', "The owners team's Owner memberships can't be changed.");
    const role = roleOf(ctx, ctx.body.role_id, 'role_id');
    if (role.id === 'role_owner' && !ctx.sim.access.holdsOwner(ctx.principal, ctx.project!.id as string)) {
      throw new ApiError(403, 'permission_denied', 'Only someone with the Owner role can give the Owner role.', {
        required_permission: 'team_membership:update',
      });
    }
    Object.assign(membership, {role_id: role.id as string, updated_at: ctx.sim.store.time});
    return respond(ctx, membership);
  },
  deleteTeamMembership: (ctx) => {
    const membership = target(ctx, 'team_membership');
    if (membership.protected === true) throw protectedResource('owners_membership', "The owners team's Owner memberships can't be removed.");
    ctx.sim.store.remove(membership.id as string);
    return noContent();
  },

  // ------------------------------------------------------------- teams (B4)
  createTeam: (ctx) => {
    const project = target(ctx, 'project');
    unique(ctx, 'team', (t) => t.project_id === project.id, 'name', ctx.body.name);
    limit(ctx, 'teams', ctx.sim.store.where('team', (t) => t.project_id === project.id).length);
    const team = ctx.sim.make('team', {
      project_id: project.id as string,
      name: ctx.body.name as string,
      description: (ctx.body.description as string) ?? '',
      protected: false,
    });
    return respond(ctx, team, 201);
  },
  listTeams: (ctx) => {
    const project = target(ctx, 'project');
    return list(
      ctx,
      ctx.sim.store.where('team', (t) => t.project_id === project.id),
    );
  },
  getTeam: (ctx) => respond(ctx, target(ctx, 'team')),
  updateTeam: (ctx) => {
    const team = target(ctx, 'team');
    if (team.protected === true && ctx.body.name !== undefined && ctx.body.name !== team.name)
      throw protectedResource('owners_team', "The owners team can't be renamed.");
    unique(ctx, 'team', (t) => t.project_id === team.project_id, 'name', ctx.body.name, team);
    Object.assign(team, pick(ctx.body, ['name', 'description']), {updated_at: ctx.sim.store.time});
    return respond(ctx, team);
  },
  deleteTeam: (ctx) => {
    const team = target(ctx, 'team');
    if (team.protected === true) throw protectedResource('owners_team', "The owners team can't be deleted.");
    ctx.sim.cascade(team.id as string);
    return noContent();
  },
  listTeamMembers: (ctx) => {
    const team = target(ctx, 'team');
    return list(
      ctx,
      ctx.sim.store.where('team_member', (m) => m.team_id === team.id).map((m) => ({...m, created_at: m.joined_at})),
    );
  },
  removeTeamMember: (ctx) => {
    const team = target(ctx, 'team');
    const member = ctx.sim.store.get(`team_member:${String(team.id)}:${ctx.params.user_id}`);
    if (!member) throw notFound('team member');
    if (team.protected === true) {
      const project = ctx.sim.store.find('project', team.project_id);
      const left = ctx.sim.store.where('team_member', (m) => m.team_id === team.id).length;
      if (member.user_id === project?.owner_id || left <= 1)
        throw protectedResource('project_owner', "The project owner and the last member of owners can't be removed.");
    }
    ctx.sim.store.remove(`team_member:${String(team.id)}:${String(member.user_id)}`);
    return noContent();
  },

  // ------------------------------------------------------- invitations (B4)
  createInvitation: (ctx) => {
    const {sim} = ctx;
    const team = target(ctx, 'team');
    expireInvitations(ctx);
    const email = String(ctx.body.email).toLowerCase();
    const user = sim.store.all('user').find((u) => String(u.email).toLowerCase() === email);
    if (user && sim.store.get(`team_member:${String(team.id)}:${String(user.id)}`)) {
      throw new ApiError(409, 'already_member', 'This person is already a member of the team.', {user_id: user.id as string});
    }
    unique(ctx, 'invitation', (i) => i.team_id === team.id && i.status === 'pending', 'email', email);
    const teams = new Set(sim.store.where('team', (t) => t.project_id === team.project_id).map((t) => t.id));
    limit(ctx, 'pending_invitations', sim.store.where('invitation', (i) => teams.has(i.team_id) && i.status === 'pending').length);
    limit(ctx, 'project_members', memberCount(ctx, team.project_id as string));
    const invitation = sim.make('invitation', {
      team_id: team.id as string,
      email,
      status: 'pending',
      invited_by_id: (ctx.principal.user?.id as string) ?? null,
      expires_at: iso(sim.store.now + 7 * DAY),
      accepted_at: null,
      revoked_at: null,
    });
    return respond(ctx, invitation, 201);
  },
  listInvitations: (ctx) => {
    expireInvitations(ctx);
    const team = target(ctx, 'team');
    return list(
      ctx,
      ctx.sim.store.where('invitation', (i) => i.team_id === team.id),
    );
  },
  getInvitation: (ctx) => {
    expireInvitations(ctx);
    return respond(ctx, target(ctx, 'invitation'));
  },
  revokeInvitation: (ctx) => {
    expireInvitations(ctx);
    const invitation = target(ctx, 'invitation');
    checkLifecycle(ctx, invitation);
    Object.assign(invitation, {status: 'revoked', revoked_at: ctx.sim.store.time, updated_at: ctx.sim.store.time});
    return respond(ctx, invitation);
  },

  // ------------------------------------------------------------- roles (B6)
  createRole: (ctx) => {
    const project = target(ctx, 'project');
    checkRoleName(ctx, project.id as string);
    limit(ctx, 'custom_roles', ctx.sim.store.where('role', (r) => r.project_id === project.id && r.built_in !== true).length);
    const role = ctx.sim.make('role', {
      project_id: project.id as string,
      name: ctx.body.name as string,
      description: (ctx.body.description as string) ?? '',
      built_in: false,
      permissions: permissionsOf(ctx),
    });
    return respond(ctx, role, 201);
  },
  listRoles: (ctx) => {
    const project = target(ctx, 'project');
    return list(
      ctx,
      ctx.sim.store.where('role', (r) => r.project_id === project.id || r.built_in === true),
    );
  },
  getRole: (ctx) => respond(ctx, target(ctx, 'role')),
  updateRole: (ctx) => {
    const role = target(ctx, 'role');
    if (role.built_in === true) throw protectedResource('built_in_role', "Built-in roles can't be changed.");
    checkRoleName(ctx, role.project_id as string, role);
    Object.assign(role, pick(ctx.body, ['name', 'description']), ctx.body.permissions ? {permissions: permissionsOf(ctx)} : {}, {
      updated_at: ctx.sim.store.time,
    });
    return respond(ctx, role);
  },
  deleteRole: (ctx) => {
    const role = target(ctx, 'role');
    if (role.built_in === true) throw protectedResource('built_in_role', "Built-in roles can't be deleted.");
    const users = [
      ...ctx.sim.store
        .where('team_membership', (m) => m.role_id === role.id)
        .map((m) => ({type: 'team_membership', id: m.id as string, name: String(m.team_name ?? m.id)})),
      ...ctx.sim.store
        .where('project_api_token', (t) => t.role_id === role.id && t.status === 'active')
        .map((t) => ({type: 'project_api_token', id: t.id as string, name: t.name as string})),
    ];
    if (users.length) throw new ApiError(409, 'resource_in_use', 'Team memberships or project API tokens still use the role.', {used_by: users});
    ctx.sim.store.remove(role.id as string);
    return noContent();
  },

  // -------------------------------------------------------------- user (B7)
  getCurrentUser: (ctx) => respond(ctx, ctx.principal.user!),
  getActivitySummary: (ctx) => {
    const {sim} = ctx;
    const user = ctx.principal.user!;
    const days = Number(/^(\d+)d$/.exec(String(ctx.query.period ?? '30d'))?.[1] ?? 30);
    const since = sim.store.now - days * DAY;
    // The sample world's activity (A2) is a baseline; what the reader does in the simulation is added to it.
    const baseline = days === 30 ? sim.store.get(`activity_summary:${String(user.id)}`) : undefined;
    const mine = sim.store.where(
      'action',
      (a) => (a.actor as Obj)?.id === user.id && Date.parse(String(a.created_at)) >= since && (!baseline || a.$seeded !== true),
    );
    const byProject = new Map<string, Obj[]>();
    for (const a of mine) {
      const project = sim.placeOf(a).project;
      if (project) byProject.set(project.id as string, [...(byProject.get(project.id as string) ?? []), a]);
    }
    const deployments = sim.store.where(
      'deployment',
      (d) => (d.actor as Obj)?.id === user.id && Date.parse(String(d.created_at)) >= since && (!baseline || d.$seeded !== true),
    );
    const credits = mine.reduce((sum, a) => sum + Number(a.credits_used), 0);
    const base = (field: string) => (baseline ? Number(baseline[field] ?? 0) : 0);
    const baseProjects = new Map((Array.isArray(baseline?.projects) ? (baseline.projects as Obj[]) : []).map((p) => [String(p.project_id), p] as const));
    const template = sim.data.objects.activity_summary!.template;
    const projectTemplate = (Array.isArray(template.projects) ? template.projects[0] : {}) as Obj;
    return {
      status: 200,
      headers: {},
      body: {
        ...structuredClone(template),
        object: 'activity_summary',
        user_id: user.id as string,
        period: `${days}d`,
        period_start: iso(since),
        period_end: sim.store.time,
        actions_started: base('actions_started') + mine.length,
        actions_succeeded: base('actions_succeeded') + mine.filter((a) => a.status === 'succeeded').length,
        actions_failed: base('actions_failed') + mine.filter((a) => a.status === 'failed').length,
        actions_canceled: base('actions_canceled') + mine.filter((a) => a.status === 'canceled').length,
        deployments: base('deployments') + deployments.length,
        credits_used: base('credits_used') + credits,
        projects: [...new Set([...baseProjects.keys(), ...byProject.keys()])].map((id) => {
          const project = sim.store.find('project', id);
          const actions = byProject.get(id) ?? [];
          const before = baseProjects.get(id);
          return {
            ...structuredClone(projectTemplate),
            project_id: id,
            project_name: String(project?.name ?? before?.project_name ?? ''),
            actions_started: Number(before?.actions_started ?? 0) + actions.length,
            deployments: Number(before?.deployments ?? 0) + deployments.filter((d) => sim.placeOf(d).project?.id === id).length,
            credits_used: Number(before?.credits_used ?? 0) + actions.reduce((sum, a) => sum + Number(a.credits_used), 0),
          } as Obj;
        }),
        last_active_at: mine.length
          ? String(mine.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0]!.created_at)
          : ((baseline?.last_active_at as string | undefined) ?? null),
      },
    };
  },

  // ----------------------------------------------------- subscription (B8)
  getSubscription: (ctx) => respond(ctx, subscriptionOf(ctx)),
  upgradeSubscription: (ctx) => {
    const {sim} = ctx;
    const s = subscriptionOf(ctx);
    checkLifecycle(ctx, s);
    const plans = ['free', 'pro', 'team'];
    const plan = String(ctx.body.plan);
    if (plans.indexOf(plan) <= plans.indexOf(String(s.plan))) throw invalidField('plan', 'Choose a plan above your current one.');
    if (!s.payment_method) throw new ApiError(402, 'payment_method_required', 'Add a payment method in the web app first.');
    const credits = sim.data.facts.plans.credits_per_month ?? {};
    const from = String(s.plan);
    if (from === 'free') {
      Object.assign(s, {credits_remaining: credits[plan] ?? 0, current_period_start: sim.store.time, current_period_end: iso(sim.store.now + 30 * DAY)});
    } else {
      s.credits_remaining = Number(s.credits_remaining) + (credits[plan] ?? 0) - (credits[from] ?? 0);
    }
    Object.assign(s, {
      plan,
      credits_included: credits[plan] ?? 0,
      status: 'active',
      cancel_at_period_end: false,
      scheduled_plan: null,
      updated_at: sim.store.time,
    });
    return respond(ctx, s);
  },
  downgradeSubscription: (ctx) => {
    const s = subscriptionOf(ctx);
    checkLifecycle(ctx, s);
    const plans = ['free', 'pro', 'team'];
    if (s.plan === 'free' || plans.indexOf(String(ctx.body.plan)) >= plans.indexOf(String(s.plan)) || ctx.body.plan === 'free') {
      throw invalidField('plan', 'Choose a lower paid plan; to go to Free, cancel the subscription.');
    }
    Object.assign(s, {scheduled_plan: ctx.body.plan as string, updated_at: ctx.sim.store.time});
    return respond(ctx, s);
  },
  cancelSubscription: (ctx) => {
    const s = subscriptionOf(ctx);
    if (s.plan === 'free') throw invalidState(String(s.status), [], "The Free plan can't be canceled.");
    checkLifecycle(ctx, s);
    // B8: the plan that starts at current_period_end is Free after a cancellation.
    Object.assign(s, {status: 'canceling', cancel_at_period_end: true, scheduled_plan: 'free', updated_at: ctx.sim.store.time});
    return respond(ctx, s);
  },
  resumeSubscription: (ctx) => {
    const s = subscriptionOf(ctx);
    checkLifecycle(ctx, s);
    Object.assign(s, {status: 'active', cancel_at_period_end: false, scheduled_plan: null, updated_at: ctx.sim.store.time});
    return respond(ctx, s);
  },

  // ------------------------------------------- personal access tokens (B25)
  createPersonalAccessToken: (ctx) => {
    const {sim} = ctx;
    const user = ctx.principal.user!;
    unique(ctx, 'personal_access_token', (t) => t.user_id === user.id && t.status === 'active', 'name', ctx.body.name);
    const active = activeTokens(ctx, 'personal_access_token', (t) => t.user_id === user.id).length;
    limit(ctx, 'personal_access_tokens', active);
    const fixed = sim.data.facts.fixedLimits.find((l) => l.limitName === 'personal_access_tokens');
    if (fixed && active >= fixed.value) {
      throw new ApiError(403, 'plan_limit_reached', `You have ${active} active personal access tokens, the most allowed.`, {
        limit_name: 'personal_access_tokens',
        limit: fixed.value,
        current: active,
        plan: String(sim.store.where('subscription', (s) => s.user_id === user.id)[0]?.plan ?? 'free'),
      });
    }
    const secret = sim.store.newSecret('ldpat_');
    const token = sim.make('personal_access_token', {
      user_id: user.id as string,
      name: ctx.body.name as string,
      token: null,
      token_prefix: secret.slice(0, 10),
      status: 'active',
      expires_at: tokenExpiry(ctx, ctx.body.expires_in_days === undefined ? 90 : ctx.body.expires_in_days),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      $secret: secret,
    });
    return respond(ctx, token, 201, {token: secret});
  },
  listPersonalAccessTokens: (ctx) =>
    list(ctx, ctx.sim.store.where('personal_access_token', (t) => t.user_id === ctx.principal.user?.id).map(withTokenStatus(ctx))),
  getPersonalAccessToken: (ctx) => respond(ctx, withTokenStatus(ctx)(target(ctx, 'personal_access_token'))),
  revokePersonalAccessToken: (ctx) => revoke(ctx, target(ctx, 'personal_access_token')),

  // ---------------------------------------------- project API tokens (B25)
  createProjectApiToken: (ctx) => {
    const {sim, body} = ctx;
    const project = target(ctx, 'project');
    const role = roleOf(ctx, body.role_id, 'role_id');
    const envs = Array.isArray(body.environment_ids) ? body.environment_ids.map(String) : [];
    for (const id of envs) {
      const env = sim.store.find('environment', id);
      if (!env || env.project_id !== project.id || env.status !== 'active')
        throw invalidField('environment_ids', `${id} isn't an active environment of the project.`);
    }
    unique(ctx, 'project_api_token', (t) => t.project_id === project.id && t.status === 'active', 'name', body.name);
    limit(ctx, 'project_api_tokens', activeTokens(ctx, 'project_api_token', (t) => t.project_id === project.id).length);
    const secret = sim.store.newSecret('ldpak_');
    const token = sim.make('project_api_token', {
      project_id: project.id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      role_id: role.id as string,
      role_name: role.name as string,
      environment_ids: envs,
      token: null,
      token_prefix: secret.slice(0, 10),
      status: 'active',
      expires_at: tokenExpiry(ctx, body.expires_in_days === undefined ? 365 : body.expires_in_days),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      created_by_id: (ctx.principal.user?.id as string) ?? null,
      $secret: secret,
    });
    return respond(ctx, token, 201, {token: secret});
  },
  listProjectApiTokens: (ctx) => {
    const project = target(ctx, 'project');
    return list(ctx, ctx.sim.store.where('project_api_token', (t) => t.project_id === project.id).map(withTokenStatus(ctx)));
  },
  getProjectApiToken: (ctx) => respond(ctx, withTokenStatus(ctx)(target(ctx, 'project_api_token', 'api_token_id'))),
  revokeProjectApiToken: (ctx) => revoke(ctx, target(ctx, 'project_api_token', 'api_token_id')),

  // ------------------------------------------------ outgoing webhooks (B23)
  createOutgoingWebhook: (ctx) => {
    const {sim, body} = ctx;
    const project = target(ctx, 'project');
    unique(ctx, 'outgoing_webhook', (w) => w.project_id === project.id, 'name', body.name);
    limit(ctx, 'outgoing_webhooks', sim.store.where('outgoing_webhook', (w) => w.project_id === project.id).length);
    const secret = sim.store.newSecret('whsec_').slice(0, 38);
    const webhook = sim.make('outgoing_webhook', {
      project_id: project.id as string,
      name: body.name as string,
      description: (body.description as string) ?? '',
      url: body.url as string,
      events: body.events ?? [],
      environment_ids: body.environment_ids ?? [],
      enabled: body.enabled ?? true,
      disabled_reason: null,
      secret: null,
      secret_preview: `whsec_****${secret.slice(-4)}`,
      last_delivery_at: null,
      $secret: secret,
    });
    return respond(ctx, webhook, 201, {secret});
  },
  listOutgoingWebhooks: (ctx) => {
    const project = target(ctx, 'project');
    return list(
      ctx,
      ctx.sim.store.where('outgoing_webhook', (w) => w.project_id === project.id),
    );
  },
  getOutgoingWebhook: (ctx) => respond(ctx, target(ctx, 'outgoing_webhook', 'webhook_id')),
  updateOutgoingWebhook: (ctx) => {
    const webhook = target(ctx, 'outgoing_webhook', 'webhook_id');
    unique(ctx, 'outgoing_webhook', (w) => w.project_id === webhook.project_id, 'name', ctx.body.name, webhook);
    Object.assign(webhook, pick(ctx.body, ['name', 'description', 'url', 'events', 'environment_ids', 'enabled']), {updated_at: ctx.sim.store.time});
    if (ctx.body.enabled === true) webhook.disabled_reason = null;
    if (ctx.body.enabled === false) webhook.disabled_reason = 'manual';
    return respond(ctx, webhook);
  },
  deleteOutgoingWebhook: (ctx) => {
    ctx.sim.cascade(target(ctx, 'outgoing_webhook', 'webhook_id').id as string);
    return noContent();
  },
  testOutgoingWebhook: (ctx) => {
    const webhook = target(ctx, 'outgoing_webhook', 'webhook_id');
    if (webhook.enabled === false) throw invalidState('disabled', ['enabled'], 'Turn the webhook on before you send a test event.');
    const delivery = deliver(ctx, webhook, 'webhook.test');
    return respond(ctx, delivery);
  },
  rotateOutgoingWebhookSecret: (ctx) => {
    const webhook = target(ctx, 'outgoing_webhook', 'webhook_id');
    const secret = ctx.sim.store.newSecret('whsec_').slice(0, 38);
    Object.assign(webhook, {$secret: secret, secret_preview: `whsec_****${secret.slice(-4)}`, updated_at: ctx.sim.store.time});
    return respond(ctx, webhook, 200, {secret});
  },
  listWebhookDeliveries: (ctx) => {
    const webhook = target(ctx, 'outgoing_webhook', 'webhook_id');
    return list(
      ctx,
      ctx.sim.store.where('webhook_delivery', (d) => d.webhook_id === webhook.id),
    );
  },
  redeliverWebhookDelivery: (ctx) => {
    const old = target(ctx, 'webhook_delivery', 'delivery_id');
    const webhook = ctx.sim.store.find('outgoing_webhook', old.webhook_id)!;
    return respond(ctx, deliver(ctx, webhook, String(old.event_type), old.event_id as string));
  },
};

function deliver(ctx: Ctx, webhook: Obj, eventType: string, eventId?: string): Obj {
  const {sim} = ctx;
  const event = eventId ?? sim.store.newId('evt_');
  const delivery = sim.make('webhook_delivery', {
    webhook_id: webhook.id as string,
    event_id: event,
    event_type: eventType,
    attempt: 1,
    status: 'succeeded',
    response_status: 200,
    response_body: 'ok',
    duration_ms: 84,
    next_attempt_at: null,
  });
  webhook.last_delivery_at = sim.store.time;
  return delivery;
}

const pick = (body: Obj, fields: string[]): Obj => Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]));

function checkLifecycle(ctx: Ctx, obj: Obj): void {
  for (const {lifecycle, op} of ctx.sim.lifecycles.operationsOf(ctx.op.id)) {
    if (!op.contents && ctx.sim.lifecycles.of(obj)?.id === lifecycle.id) ctx.sim.lifecycles.check(op, lifecycle, obj);
  }
}

function subscriptionOf(ctx: Ctx): Obj {
  const s = ctx.sim.store.where('subscription', (x) => x.user_id === ctx.principal.user?.id)[0];
  if (!s) throw notFound('subscription');
  return s;
}

function roleOf(ctx: Ctx, id: Json | undefined, field: string): Obj {
  const role = ctx.sim.store.find('role', id);
  if (!role || (role.built_in !== true && role.project_id !== ctx.project?.id)) throw invalidField(field, `No role ${String(id)} in this project.`);
  return role;
}

function checkRoleName(ctx: Ctx, projectId: string, self?: Obj): void {
  const name = ctx.body.name;
  if (typeof name !== 'string') return;
  if (/^(owner|admin|developer|viewer)$/i.test(name)) throw invalidField('name', 'Built-in role names are reserved.', 'not_allowed');
  unique(ctx, 'role', (r) => r.project_id === projectId || r.built_in === true, 'name', name, self, true);
  const permissions = Array.isArray(ctx.body.permissions) ? ctx.body.permissions.map(String) : [];
  const known = new Set(ctx.sim.data.facts.permissions.map((p) => p.name));
  const unknown = permissions.find((p) => !known.has(p));
  if (unknown) throw invalidField('permissions', `${unknown} isn't a permission.`);
}

/** A custom role's permissions as the API keeps them (B6): the chosen ones with those they bring, in the facts' order. */
function permissionsOf(ctx: Ctx): string[] {
  const chosen = Array.isArray(ctx.body.permissions) ? ctx.body.permissions.map(String) : [];
  const all = ctx.sim.access.complete(chosen);
  return ctx.sim.data.facts.permissions.map((p) => p.name).filter((p) => all.has(p));
}

/** A token whose `expires_at` passed is `expired` (B25). */
const withTokenStatus =
  (ctx: Ctx) =>
  (t: Obj): Obj => {
    if (t.status === 'active' && typeof t.expires_at === 'string' && Date.parse(t.expires_at) <= ctx.sim.store.now) t.status = 'expired';
    return t;
  };

function revoke(ctx: Ctx, token: Obj): ReturnType<Handler> {
  withTokenStatus(ctx)(token);
  checkLifecycle(ctx, token);
  Object.assign(token, {status: 'revoked', revoked_at: ctx.sim.store.time, updated_at: ctx.sim.store.time});
  return respond(ctx, token);
}
