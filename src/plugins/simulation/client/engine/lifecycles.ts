/**
 * The lifecycles of contributing/facts.yml at work: which lifecycle an object
 * follows, the state a new one starts in, whether an operation is allowed
 * from its state (and what the API answers when it isn't), and the state an
 * action's outcome leaves it in.
 */
import {ApiError, invalidState} from './errors';
import type {Obj, SimFacts, SimLifecycle, SimLifecycleOperation} from './types';

/** The lifecycle each object type follows (facts.yml names them by resource, the contract by object type). */
const LIFECYCLE_OF: Record<string, string> = {
  network: 'configuration',
  subnet: 'configuration',
  network_rule: 'configuration',
  service: 'configuration',
  file: 'configuration',
  cron_job: 'configuration',
  daemon: 'configuration',
  virtual_host: 'configuration',
  link: 'configuration',
  environment: 'environment',
  invitation: 'invitation',
  subscription: 'subscription',
  credential: 'credential',
  server: 'server',
  ssl_certificate: 'ssl_certificate',
  application: 'application',
  action: 'action',
  personal_access_token: 'token',
  project_api_token: 'token',
};

/** The kind of an object, for lifecycles whose rules differ by kind (facts.yml `kinds`). */
export function kindOf(obj: Obj): string | undefined {
  if (obj.object === 'server') return obj.provider === 'self_hosted' ? 'self-hosted' : 'cloud';
  if (obj.object === 'ssl_certificate') return String(obj.type);
  return undefined;
}

export class Lifecycles {
  private readonly byId: Map<string, SimLifecycle>;
  private readonly byApi = new Map<string, Array<{lifecycle: SimLifecycle; op: SimLifecycleOperation}>>();

  constructor(facts: SimFacts) {
    this.byId = new Map(facts.lifecycles.map((l) => [l.id, l]));
    for (const lifecycle of facts.lifecycles) {
      for (const op of lifecycle.operations) {
        for (const api of op.api) this.byApi.set(api, [...(this.byApi.get(api) ?? []), {lifecycle, op}]);
      }
    }
  }

  of(obj: Obj): SimLifecycle | undefined {
    const id = LIFECYCLE_OF[String(obj.object)];
    return id ? this.byId.get(id) : undefined;
  }

  get(id: string): SimLifecycle | undefined {
    return this.byId.get(id);
  }

  /** The lifecycle operations a contract operation is (an operation can be one on the resource and one on what holds it). */
  operationsOf(operationId: string): Array<{lifecycle: SimLifecycle; op: SimLifecycleOperation}> {
    return this.byApi.get(operationId) ?? [];
  }

  /** The state a new object of this type starts in. */
  initial(obj: Obj): string | undefined {
    const lifecycle = this.of(obj);
    if (!lifecycle) return undefined;
    const kind = kindOf(obj);
    return (kind ? lifecycle.initial[kind] : undefined) ?? lifecycle.initial.default ?? Object.values(lifecycle.initial)[0];
  }

  /** The states an operation is allowed from, for this object. */
  allowed(op: SimLifecycleOperation, lifecycle: SimLifecycle, obj: Obj): string[] {
    if (op.from === 'any') return lifecycle.states;
    if (Array.isArray(op.from)) return op.from;
    const kind = kindOf(obj);
    return (kind ? op.from[kind] : undefined) ?? [];
  }

  /**
   * Throws what the API answers when the object's state doesn't allow the operation: the fact's `refused`
   * ("409 invalid_state", "409 environment_archived", "422 credential_invalid"), else `409 invalid_state`.
   */
  check(op: SimLifecycleOperation, lifecycle: SimLifecycle, obj: Obj, what = String(obj.object).replace(/_/g, ' ')): void {
    const allowed = this.allowed(op, lifecycle, obj);
    const status = String(obj.status);
    if (allowed.includes(status)) return;
    const [code, name] = (op.refused ?? '409 invalid_state').split(' ') as [string, string];
    if (name === 'environment_archived') {
      throw new ApiError(Number(code), name, 'The environment is archived: it is read-only. Unarchive it first.', {environment_id: obj.id as string});
    }
    if (name === 'credential_invalid') {
      throw new ApiError(Number(code), name, `The credential is ${status}: only a valid credential can be used.`, {credential_id: obj.id as string, status});
    }
    const message = allowed.length
      ? `The ${what} is ${status}: ${op.name.replace(/-/g, ' ')} needs it to be ${allowed.join(' or ')}.`
      : `The ${what} can't be ${op.name.replace(/-/g, ' ')}${/e$/.test(op.name) ? 'd' : 'ed'}: it is ${status}.`;
    throw Object.assign(invalidState(status, allowed, message), {status: Number(code)});
  }

  /**
   * The state after an action on an object in `state` ends: the facts' event transitions first ("The apply action
   * fails" → `failed`), then the operation's own end state, then (on failure) the state before the operation.
   */
  outcome(lifecycle: SimLifecycle, state: string, result: 'succeeded' | 'failed', op: SimLifecycleOperation | undefined, before: string): string {
    const row = lifecycle.settles.find((s) => s.from === state && s.outcome === result);
    if (row) return row.to === 'previous' ? before : row.to;
    if (result === 'succeeded') return op?.to ?? state;
    return before;
  }
}
