/**
 * The API's errors (writer's reference C2): `{"error": {"code", "message",
 * "details", "request_id"}}`. A handler throws an ApiError; the engine turns
 * it into the response.
 */
import type {Obj} from './types';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Obj;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, details: Obj = {}, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export const notFound = (what = 'resource'): ApiError => new ApiError(404, 'not_found', `No such ${what}, or it's in a project you aren't a member of.`);

export const invalidState = (status: string, allowed: string[], message: string, extra: Obj = {}): ApiError =>
  new ApiError(409, 'invalid_state', message, {current_status: status, allowed_statuses: allowed, ...extra});

export const alreadyExists = (field: string, message = `Another resource already uses this ${field}.`): ApiError =>
  new ApiError(409, 'already_exists', message, {field});

export const validationFailed = (fields: Array<{field: string; issue: string; message: string}>): ApiError =>
  new ApiError(422, 'validation_failed', fields.length === 1 ? 'The request has 1 invalid field.' : `The request has ${fields.length} invalid fields.`, {
    fields,
  });

export const protectedResource = (reason: string, message: string): ApiError => new ApiError(409, 'protected_resource', message, {reason});
