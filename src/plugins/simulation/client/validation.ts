/**
 * The contract's checks in the browser, from the validators Ajv compiled at
 * build time (../validators.ts): the simulation checks requests with them, and
 * the API console checks a reader's fields and body before sending, and a
 * real response after it.
 */
import {issuesOf, type AjvError} from './engine/issues';
import type {FieldIssue, Validators} from './engine/types';

export type CompiledValidator = ((value: unknown) => boolean) & {errors?: AjvError[] | null};

/** Loads the request validators (one chunk, shared by the console and the simulation). */
export async function requestValidators(): Promise<Record<string, CompiledValidator>> {
  const loaded = (await import(/* webpackChunkName: "simulation-requests" */ '@generated/launchdeck-simulation/default/requests.js')) as unknown as Record<
    string,
    CompiledValidator
  > & {default?: Record<string, CompiledValidator>};
  return loaded.default ?? loaded;
}

/** Loads one operation's request validators (its own small chunk): what the API console checks a reader's fields and body with. */
export async function operationValidators(operationId: string): Promise<Record<string, CompiledValidator>> {
  // Operation IDs are the contract's (letters only); anything else has no module.
  if (!/^[A-Za-z]+$/.test(operationId)) return {};
  const loaded = (await import(
    /* webpackChunkName: "simulation-operation", webpackMode: "lazy" */ `@generated/launchdeck-simulation/default/operations/${operationId}.js`
  )) as unknown as Record<string, CompiledValidator> & {default?: Record<string, CompiledValidator>};
  return loaded.default ?? loaded;
}

/** Loads the response validators (its own chunk: only after a response of the real API). */
export async function responseValidators(): Promise<Record<string, CompiledValidator>> {
  const loaded = (await import(/* webpackChunkName: "simulation-responses" */ '@generated/launchdeck-simulation/default/responses.js')) as unknown as Record<
    string,
    CompiledValidator
  > & {default?: Record<string, CompiledValidator>};
  return loaded.default ?? loaded;
}

export function check(validators: Record<string, CompiledValidator>, key: string, value: unknown): FieldIssue[] {
  const validate = validators[key];
  if (!validate || validate(value)) return [];
  return issuesOf(validate.errors);
}

/** The engine's Validators over the compiled request checks (responses aren't checked in the browser). */
export function browserValidators(compiled: Record<string, CompiledValidator>): Validators {
  return {
    body: (op, value) => check(compiled, `b_${op}`, value),
    query: (op, value) => check(compiled, `p_${op}`, value),
  };
}
