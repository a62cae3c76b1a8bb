/**
 * What an object holds, and so what goes when it goes: the objects whose
 * containing fields name it (a server's files, services, links; a team's
 * members and memberships; an application's deploy pipeline and links). The
 * history of what happened (actions, their steps, deployments, events and
 * deliveries) stays, except when a whole project is deleted (B2).
 */
import type {Obj} from './types';

/** The fields that say what contains an object. Other `_id` fields only refer to something (`credential_id`, `certificate_id`). */
const CONTAINERS = [
  'project_id',
  'environment_id',
  'team_id',
  'server_id',
  'network_id',
  'application_id',
  'pipeline_id',
  'webhook_id',
  'action_id',
  'action_step_id',
];

/** History: kept when what it refers to goes. */
export const HISTORY = new Set(['action', 'action_step', 'deployment', 'event', 'webhook_delivery']);

/** The IDs of the objects that contain this one. */
export function containedBy(obj: Obj): string[] {
  const out: string[] = [];
  for (const field of CONTAINERS) {
    const value = obj[field];
    // A variable's or virtual host's application, or a scoped variable's server, contains it too.
    if (typeof value === 'string') out.push(value);
  }
  if (obj.object === 'link') {
    for (const end of [obj.source, obj.target]) if (end && typeof end === 'object' && !Array.isArray(end) && typeof end.id === 'string') out.push(end.id);
  }
  if (obj.object === 'team_member' && typeof obj.team_id === 'string') out.push(obj.team_id);
  return out;
}
