/**
 * Who is calling and what they may do (writer's reference B5, B6, B25, C1):
 * tokens, project membership, roles and permissions, by project and
 * environment.
 */
import {ApiError} from './errors';
import type {Store} from './store';
import type {Obj, SimFacts} from './types';

export interface Principal {
  kind: 'personal_access_token' | 'project_api_token' | 'none';
  token?: Obj;
  /** The user a personal access token acts as. */
  user?: Obj;
}

/** The caller of a request with `Authorization: Bearer <secret>`, or an error (401). */
export function authenticate(store: Store, header: string | undefined): Principal {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!secret) throw new ApiError(401, 'unauthenticated', 'Send a token in the Authorization header: Bearer <token>.');
  const token = store.all().find((o) => o.$secret === secret && (o.object === 'personal_access_token' || o.object === 'project_api_token'));
  if (!token) throw new ApiError(401, 'unauthenticated', "The token doesn't exist.");
  if (token.status === 'revoked') throw new ApiError(401, 'token_revoked', 'The token was revoked.', {token_id: token.id as string});
  if (token.status === 'expired' || (typeof token.expires_at === 'string' && Date.parse(token.expires_at) <= store.now)) {
    token.status = 'expired';
    throw new ApiError(401, 'token_expired', 'The token passed its expiration date.', {token_id: token.id as string});
  }
  token.last_used_at = store.time;
  if (token.object === 'personal_access_token') {
    return {kind: 'personal_access_token', token, user: store.find('user', token.user_id)};
  }
  return {kind: 'project_api_token', token};
}

export class Access {
  private readonly byRole: Map<string, Set<string>>;
  private readonly levels: Map<string, 'project' | 'environment'>;

  constructor(
    private readonly store: Store,
    private readonly facts: SimFacts,
  ) {
    this.levels = new Map(facts.permissions.map((p) => [p.name, p.level]));
    this.byRole = new Map();
    for (const p of facts.permissions) {
      for (const role of p.roles) {
        const set = this.byRole.get(`role_${role}`) ?? new Set<string>();
        set.add(p.name);
        this.byRole.set(`role_${role}`, set);
      }
    }
  }

  levelOf(permission: string): 'project' | 'environment' | undefined {
    return this.levels.get(permission);
  }

  /** A role's permissions: a built-in role's from the facts; a custom role's, with those every role holds (B6). */
  rolePermissions(roleId: string): Set<string> {
    const builtIn = this.byRole.get(roleId);
    if (builtIn) return builtIn;
    const role = this.store.find('role', roleId);
    return this.complete(Array.isArray(role?.permissions) ? role.permissions.map(String) : []);
  }

  /** A custom role's permissions as the API keeps them: the chosen ones, those every role holds, and the view permission each one brings. */
  complete(chosen: string[]): Set<string> {
    const out = new Set([...this.facts.alwaysPermissions, ...chosen]);
    if (this.facts.impliesView) {
      for (const name of chosen) {
        const view = `${name.split(':')[0]}:view`;
        if (this.levels.has(view)) out.add(view);
      }
    }
    return out;
  }

  /** The teams of a project that a user is a member of. */
  private teamsOf(userId: string, projectId: string): string[] {
    const teams = new Set(this.store.where('team', (t) => t.project_id === projectId).map((t) => t.id as string));
    return this.store.where('team_member', (m) => m.user_id === userId && teams.has(m.team_id as string)).map((m) => m.team_id as string);
  }

  /** Whether the caller can see the project at all (a member, or a token of it). Otherwise the API answers 404. */
  canSee(principal: Principal, projectId: string): boolean {
    if (principal.kind === 'project_api_token') return principal.token?.project_id === projectId;
    if (principal.kind === 'personal_access_token' && principal.user) {
      const project = this.store.find('project', projectId);
      return project?.owner_id === principal.user.id || this.teamsOf(principal.user.id as string, projectId).length > 0;
    }
    return false;
  }

  /**
   * The caller's permissions in a project, and in one of its environments: the union of their teams' memberships'
   * roles in that environment, plus the project-level permissions of any membership in the project (B5).
   */
  permissions(principal: Principal, projectId: string, environmentId?: string): Set<string> {
    const out = new Set<string>();
    const add = (roleId: string, envId: string | undefined) => {
      for (const p of this.rolePermissions(roleId)) {
        if (this.levels.get(p) === 'project' || (environmentId !== undefined && envId === environmentId)) out.add(p);
      }
    };
    if (principal.kind === 'project_api_token' && principal.token) {
      const token = principal.token;
      if (token.project_id !== projectId) return out;
      const envs = Array.isArray(token.environment_ids) ? token.environment_ids.map(String) : [];
      for (const p of this.rolePermissions(String(token.role_id))) {
        if (this.levels.get(p) === 'project' || (environmentId !== undefined && envs.includes(environmentId))) out.add(p);
      }
      return out;
    }
    if (!principal.user) return out;
    const teams = new Set(this.teamsOf(principal.user.id as string, projectId));
    for (const membership of this.store.where('team_membership', (m) => teams.has(m.team_id as string))) {
      add(String(membership.role_id), membership.environment_id as string);
    }
    return out;
  }

  /** Throws `403 permission_denied` unless the caller holds the permission where it applies. */
  require(principal: Principal, permission: string, projectId: string, environmentId?: string): void {
    const level = this.levelOf(permission);
    if (this.permissions(principal, projectId, environmentId).has(permission)) return;
    throw new ApiError(403, 'permission_denied', `You need the permission ${permission} for this request.`, {
      required_permission: permission,
      ...(level === 'environment' && environmentId ? {environment_id: environmentId} : {}),
    });
  }

  /** Whether the caller holds the Owner role through any membership of the project (B5). */
  holdsOwner(principal: Principal, projectId: string): boolean {
    if (!principal.user) return false;
    const teams = new Set(this.teamsOf(principal.user.id as string, projectId));
    return this.store.where('team_membership', (m) => teams.has(m.team_id as string)).some((m) => m.role_id === 'role_owner');
  }
}
