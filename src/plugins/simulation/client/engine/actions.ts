/**
 * Actions on the simulation's clock (writer's reference B17): an action is
 * `queued` until its turn (the project's concurrency limit, one action at a
 * time per server and per application), then `running` step by step, then
 * `succeeded`, `failed` or `canceled`. Every step that starts uses 1 credit of
 * the project owner's subscription; queuing reserves them all (`402
 * credits_exhausted`). What an action does to its resources when it ends is
 * kept as data on the action (`$then`), so that a world saved in the middle
 * of an action (the browser keeps it in sessionStorage) finishes it the same
 * way.
 */
import {ApiError} from './errors';
import type {Store} from './store';
import type {Json, Obj, SimActionType, SimFacts} from './types';

/** Simulated seconds each step takes. */
export const STEP_SECONDS = 12;
/** How long a canceled running step takes to stop (B17: SIGTERM, then SIGKILL after 10 seconds). */
export const CANCEL_SECONDS = 10;
/** A queued action's turn comes this long after the request that queued it, at the soonest: the API answers `queued`. */
export const QUEUE_SECONDS = 2;

export type FailureReason = 'non_zero_exit' | 'timeout' | 'agent_unreachable' | 'provider_error' | 'internal_error';

/** What an action does when it ends: set fields, delete an object, or call a named hook of the handlers. */
export type Effect = {set: string; fields: Obj} | {delete: string} | {hook: string; args: Json};

export interface PlannedStep {
  name: string;
  server_id: string | null;
  pipeline_step_id?: string | null;
  /** Planned as skipped (B17: Uninstall agent when the agent can't be reached). */
  skipped?: boolean;
}

export interface ActionPlan {
  type: string;
  environment_id: string;
  subject: {type: string; id: string; name: string};
  steps: PlannedStep[];
  actor: Obj;
  pipeline_id?: string | null;
  deployment_id?: string | null;
  /** No credits (B17: renewals). */
  free?: boolean;
  /** Waits for other actions on these servers and applications. */
  locks: string[];
  succeeded: Effect[];
  failed: Effect[];
  /** Can't be canceled while running (`server.provision`, `server.delete`, `server.remove`). */
  uncancelable?: boolean;
}

/** A failure injected into the next matching step: an unreachable agent, a provider error, a timeout, a failing command. */
export interface Injection {
  failure: FailureReason;
  /** Only steps on this server, of this action type, or with this name. */
  server_id?: string;
  action_type?: string;
  step?: string;
  /** Fail every matching step until removed, instead of the next one only. */
  sticky?: boolean;
}

const FAILURE_TEXT: Record<FailureReason, string> = {
  non_zero_exit: 'The command exited with status 1.',
  timeout: 'The step ran longer than its timeout and was stopped.',
  agent_unreachable: "The server's agent didn't answer.",
  provider_error: 'The cloud provider refused the request.',
  internal_error: 'Launchdeck had an internal error.',
};

export interface ActionHost {
  store: Store;
  facts: SimFacts;
  /** Runs a hook named by an effect. */
  hook(name: string, args: Json, action: Obj, result: 'succeeded' | 'failed'): void;
  /** The project an environment belongs to, and its owner's subscription. */
  subscriptionOf(environmentId: string): Obj | undefined;
  planOf(environmentId: string): string;
}

export class Actions {
  constructor(private readonly host: ActionHost) {}

  private get store(): Store {
    return this.host.store;
  }

  /** The action type of a contract operation (facts.yml `actions`), for a kind when its rows differ by kind. */
  typeOf(operationId: string, kind?: string): SimActionType | undefined {
    const rows = this.host.facts.actions.filter((a) => a.operations.includes(operationId));
    return rows.find((a) => a.kind === kind) ?? rows.find((a) => !a.kind) ?? rows[0];
  }

  /** Steps of an action type, on the given servers. */
  stepsOf(type: SimActionType, servers: Array<string | null>): PlannedStep[] {
    if (!type.perServer) return type.steps.map((name) => ({name, server_id: servers[0] ?? null}));
    return servers.flatMap((server) => type.steps.map((name) => ({name, server_id: server})));
  }

  private projectOf(environmentId: string): string | undefined {
    return this.store.find('environment', environmentId)?.project_id as string | undefined;
  }

  private active(projectId?: string): Obj[] {
    return this.store.where(
      'action',
      (a) => (a.status === 'queued' || a.status === 'running' || a.status === 'canceling') && (!projectId || a.$project === projectId),
    );
  }

  /** Credits reserved by queued and running actions: the steps they still plan to start. */
  reserved(projectId: string): number {
    return this.active(projectId)
      .filter((a) => !a.$free)
      .reduce((sum, a) => sum + this.stepsOfAction(a).filter((s) => s.status === 'pending').length, 0);
  }

  stepsOfAction(action: Obj): Obj[] {
    return this.store.where('action_step', (s) => s.action_id === action.id).sort((a, b) => Number(a.position) - Number(b.position));
  }

  /** Queues an action, or throws `402 credits_exhausted`. */
  queue(plan: ActionPlan): Obj {
    const projectId = this.projectOf(plan.environment_id) ?? '';
    const planned = plan.steps.filter((s) => !s.skipped).length;
    const subscription = this.host.subscriptionOf(plan.environment_id);
    if (!plan.free && subscription) {
      const remaining = Number(subscription.credits_remaining);
      const reserved = this.reserved(projectId);
      if (remaining - reserved < planned) {
        throw new ApiError(402, 'credits_exhausted', `This action needs ${planned} credits; ${remaining - reserved} are free.`, {
          credits_remaining: remaining,
          credits_reserved: reserved,
          credits_needed: planned,
          owner_id: subscription.user_id as string,
        });
      }
    }
    const now = this.store.time;
    const action = this.store.add({
      id: this.store.newId('act_'),
      object: 'action',
      environment_id: plan.environment_id,
      type: plan.type,
      status: 'queued',
      pipeline_id: plan.pipeline_id ?? null,
      subject: plan.subject,
      deployment_id: plan.deployment_id ?? null,
      actor: plan.actor,
      credits_used: 0,
      error_message: null,
      queued_at: now,
      started_at: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
      $project: projectId,
      $locks: plan.locks,
      $then: {succeeded: plan.succeeded, failed: plan.failed} as unknown as Json,
      $free: plan.free === true,
      $uncancelable: plan.uncancelable === true,
      $readyAt: this.store.now + QUEUE_SECONDS * 1000,
    });
    plan.steps.forEach((step, index) =>
      this.store.add({
        id: this.store.newId('ast_'),
        object: 'action_step',
        action_id: action.id as string,
        pipeline_step_id: step.pipeline_step_id ?? null,
        position: index + 1,
        name: step.name,
        server_id: step.server_id,
        status: step.skipped ? 'skipped' : 'pending',
        exit_code: null,
        failure_reason: null,
        started_at: null,
        finished_at: null,
        duration_seconds: null,
        log_size_bytes: 0,
        created_at: now,
        updated_at: now,
        $log: '',
      }),
    );
    return action;
  }

  /** Starts queued actions whose turn has come. */
  private schedule(): void {
    for (const action of this.store.where('action', (a) => a.status === 'queued').sort((a, b) => Number(a.$seq) - Number(b.$seq))) {
      if (Number(action.$readyAt ?? 0) > this.store.now) continue;
      const projectId = String(action.$project);
      const running = this.store.where('action', (a) => a.$project === projectId && (a.status === 'running' || a.status === 'canceling'));
      const limit = this.concurrency(String(action.environment_id));
      if (running.length >= limit) continue;
      const locks = (action.$locks as string[]) ?? [];
      if (running.some((r) => ((r.$locks as string[]) ?? []).some((lock) => locks.includes(lock)))) continue;
      // An earlier queued action on the same server or application goes first.
      const earlier = this.store.where('action', (a) => a.status === 'queued' && Number(a.$seq) < Number(action.$seq));
      if (earlier.some((e) => ((e.$locks as string[]) ?? []).some((lock) => locks.includes(lock)))) continue;
      action.status = 'running';
      action.started_at = this.store.time;
      action.updated_at = this.store.time;
      this.startNext(action);
    }
  }

  private concurrency(environmentId: string): number {
    const plan = this.host.planOf(environmentId);
    const limits = this.host.facts.plans.concurrent_actions_per_project ?? {};
    return limits[plan] ?? Infinity;
  }

  /** Starts the action's next pending step, or ends the action. */
  private startNext(action: Obj): void {
    const next = this.stepsOfAction(action).find((s) => s.status === 'pending');
    if (!next) return this.finish(action, 'succeeded');
    next.status = 'running';
    next.started_at = this.store.time;
    next.updated_at = this.store.time;
    next.$endsAt = this.store.now + STEP_SECONDS * 1000;
    next.$log = `${this.store.time} ${String(next.name)}: started\n`;
    if (!action.$free) {
      action.credits_used = Number(action.credits_used) + 1;
      const subscription = this.host.subscriptionOf(String(action.environment_id));
      if (subscription) subscription.credits_remaining = Math.max(0, Number(subscription.credits_remaining) - 1);
    }
  }

  /** The failure a step meets: an injected one, or its server not being able to run it. */
  private failureOf(action: Obj, step: Obj): FailureReason | undefined {
    for (const injection of this.store.all('$injection')) {
      const i = injection as unknown as Injection & Obj;
      if (i.server_id && i.server_id !== step.server_id) continue;
      if (i.action_type && i.action_type !== action.type) continue;
      if (i.step && i.step !== step.name) continue;
      if (!i.sticky) this.store.remove(String(injection.id));
      return i.failure;
    }
    const server = this.store.find('server', step.server_id);
    // A step on a server needs its agent, except the provider's steps while it is being created, started or deleted.
    if (server && server.status === 'unreachable' && !/^server\.(start|restart|delete|remove)$/.test(String(action.type))) return 'agent_unreachable';
    return undefined;
  }

  private endStep(action: Obj, step: Obj): void {
    const failure = this.failureOf(action, step);
    const started = Date.parse(String(step.started_at));
    step.finished_at = this.store.time;
    step.duration_seconds = Math.round((this.store.now - started) / 1000);
    step.updated_at = this.store.time;
    delete step.$endsAt;
    if (failure) {
      step.status = 'failed';
      step.failure_reason = failure;
      step.exit_code = failure === 'non_zero_exit' ? 1 : null;
      step.$log = `${String(step.$log)}${this.store.time} ${FAILURE_TEXT[failure]}\n`;
      step.log_size_bytes = String(step.$log).length;
      action.error_message = `${String(step.name)} failed: ${FAILURE_TEXT[failure]}`;
      for (const rest of this.stepsOfAction(action).filter((s) => s.status === 'pending')) {
        rest.status = 'skipped';
        rest.updated_at = this.store.time;
      }
      this.finish(action, 'failed');
      return;
    }
    step.status = 'succeeded';
    step.exit_code = step.pipeline_step_id ? 0 : null;
    step.$log = `${String(step.$log)}${this.store.time} ${String(step.name)}: done\n`;
    step.log_size_bytes = String(step.$log).length;
    this.startNext(action);
  }

  private finish(action: Obj, result: 'succeeded' | 'failed' | 'canceled'): void {
    action.status = result;
    action.finished_at = this.store.time;
    action.updated_at = this.store.time;
    if (result !== 'canceled') {
      const then = action.$then as unknown as {succeeded: Effect[]; failed: Effect[]};
      for (const effect of then[result]) this.apply(effect, action, result);
    } else {
      const then = action.$then as unknown as {failed: Effect[]};
      for (const effect of then.failed) this.apply(effect, action, 'failed');
    }
    this.schedule();
  }

  private apply(effect: Effect, action: Obj, result: 'succeeded' | 'failed'): void {
    if ('set' in effect) {
      const target = this.store.get(effect.set);
      if (target) Object.assign(target, effect.fields, {updated_at: this.store.time});
    } else if ('delete' in effect) {
      this.host.hook('delete', effect.delete, action, result);
    } else {
      this.host.hook(effect.hook, effect.args, action, result);
    }
  }

  /** Cancels a queued or running action (B17). */
  cancel(action: Obj): void {
    if (action.status === 'queued') {
      for (const step of this.stepsOfAction(action)) if (step.status === 'pending') step.status = 'canceled';
      this.finish(action, 'canceled');
      return;
    }
    action.status = 'canceling';
    action.updated_at = this.store.time;
    action.$cancelAt = this.store.now + CANCEL_SECONDS * 1000;
  }

  /** The next moment something happens: a step ends, a cancel completes, or a timer fires. */
  private nextEvent(): number | undefined {
    const times: number[] = [];
    for (const step of this.store.where('action_step', (s) => s.status === 'running')) times.push(Number(step.$endsAt));
    for (const action of this.store.where('action', (a) => a.status === 'canceling')) times.push(Number(action.$cancelAt));
    for (const timer of this.store.all('$timer')) times.push(Number(timer.at));
    // A queued action waiting only for its first moment; one waiting for another action starts when that one ends.
    for (const action of this.store.where('action', (a) => a.status === 'queued' && Number(a.$readyAt ?? 0) > this.store.now))
      times.push(Number(action.$readyAt));
    return times.length ? Math.min(...times) : undefined;
  }

  /** Moves the clock forward, running everything that happens on the way. */
  advance(seconds: number, fire: (timer: Obj) => void): void {
    const target = this.store.now + seconds * 1000;
    this.schedule();
    for (let guard = 0; guard < 100000; guard++) {
      const next = this.nextEvent();
      if (next === undefined || next > target) break;
      this.store.now = Math.max(this.store.now, next);
      for (const action of this.store.where('action', (a) => a.status === 'canceling' && Number(a.$cancelAt) <= this.store.now)) {
        for (const step of this.stepsOfAction(action)) {
          if (step.status === 'running' || step.status === 'pending') {
            step.finished_at = step.status === 'running' ? this.store.time : null;
            step.status = 'canceled';
            delete step.$endsAt;
          }
        }
        delete action.$cancelAt;
        this.finish(action, 'canceled');
      }
      for (const step of this.store.where('action_step', (s) => s.status === 'running' && Number(s.$endsAt) <= this.store.now)) {
        const action = this.store.get(String(step.action_id));
        if (action && action.status === 'running') this.endStep(action, step);
      }
      for (const timer of this.store.all('$timer').filter((t) => Number(t.at) <= this.store.now)) {
        this.store.remove(String(timer.id));
        fire(timer);
      }
      this.schedule();
    }
    this.store.now = Math.max(this.store.now, target);
  }

  /** Whether anything is still to happen. */
  busy(): boolean {
    return this.nextEvent() !== undefined || this.active().length > 0;
  }
}
