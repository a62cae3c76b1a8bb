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

/** Loads the request validators of one resource's operations (a small chunk of its own): what the API console checks a reader's fields and body with. */
export async function resourceValidators(resource: string): Promise<Record<string, CompiledValidator>> {
  // Resource slugs are the API reference's (lower case and hyphens); anything else has no module.
  if (!/^[a-z-]+$/.test(resource)) return {};
  const loaded = (await import(`@generated/launchdeck-simulation/default/resources/${resource}.js`)) as unknown as Record<string, CompiledValidator> & {
    default?: Record<string, CompiledValidator>;
  };
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
