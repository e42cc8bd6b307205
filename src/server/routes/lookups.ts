import { seesHiddenEvents, type Caller } from '../auth';
import { notFound } from '../errors';
import { eventIdParam, teamNumberParam } from '../params';
import type { Services } from '../services';
import type { EventRow, EventScope } from '../store/event-rows';
import type { TeamRow } from '../store/teams';

/** The events a caller sees in lists (team sub-resources included). */
export function listScope(caller: Caller): EventScope {
  return seesHiddenEvents(caller) ? 'all' : 'public';
}

/**
 * The event named in the path as a caller of this scope may read it: unlisted ones by anyone with
 * the code, private ones only by organizers and admins; for everyone else it does not exist.
 */
export function readableEvent(services: Services, scope: EventScope, params: unknown): EventRow {
  const row = services.events.find(eventIdParam(params));
  if (row === undefined || (row.visibility === 'private' && scope !== 'all')) {
    throw notFound('No such event.');
  }
  return row;
}

export function existingTeam(services: Services, params: unknown): TeamRow {
  const row = services.teams.find(teamNumberParam(params));
  if (row === undefined) throw notFound('No such team.');
  return row;
}
