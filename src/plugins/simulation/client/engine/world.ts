/**
 * The simulation as its operations and hooks see it (./handlers, ./hooks.ts):
 * the store, the rules, and the few things the engine does for them. The
 * engine (./engine.ts) implements it; the handlers depend on this, not on the
 * engine, so nothing imports back up into it.
 */
import type {Access, Principal} from './access';
import type {ActionPlan, Actions, Effect} from './actions';
import type {Lifecycles} from './lifecycles';
import type {Store} from './store';
import type {Json, Obj, SimData, SimOperation} from './types';

export interface World {
  readonly data: SimData;
  readonly store: Store;
  readonly access: Access;
  readonly lifecycles: Lifecycles;
  readonly actions: Actions;
  /** Runs a hook of ./hooks.ts after `seconds` of the clock. */
  timer(seconds: number, hook: string, args: Json): void;
  /** The project and environment an object is in. */
  placeOf(obj: Obj): {project?: Obj; environment?: Obj};
  /** Throws `plan_limit_reached` or `limit_reached` when one more would go past the limit. */
  limit(limitName: string, current: number, projectId: string): void;
  /** A new object from the contract's template, with a new ID. */
  make(object: string, fields: Obj): Obj;
  /** An object as the API shows it. */
  present(obj: Obj, options?: {steps?: boolean}): Obj;
  /** Queues an action (202). */
  queue(plan: ActionPlan): Obj;
  /** Deletes an object and what it contains. */
  cascade(id: string): void;
  /** The agent of a self-hosted server connects: its provisioning runs. */
  provisionSelfHosted(server: Obj): Obj;
  /** What an operation's action does to its subject when it succeeds or fails. */
  endStates(obj: Obj, opName: string | undefined, state: string): {succeeded: Effect[]; failed: Effect[]};
}

/** A request as an operation's handler gets it. */
export interface Ctx {
  sim: World;
  op: SimOperation;
  params: Record<string, string>;
  query: Record<string, Json>;
  body: Obj;
  principal: Principal;
  /** The caller as an action's or object's actor. */
  actor: Obj;
  /** The project and environment the request acts in, when it acts in one. */
  project?: Obj;
  environment?: Obj;
  headers: Record<string, string>;
}

/** What happens when an action ends or a timer fires. */
export type Hook = (sim: World, args: Json, action: Obj | undefined, result: 'succeeded' | 'failed') => void;
