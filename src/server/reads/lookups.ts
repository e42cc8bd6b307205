import { seesHiddenEvents, type Caller } from '../auth';
import { notFound } from '../errors';
import { eventIdParam, teamNumberParam } from '../params';
import type { EventScope } from '../store/event-rows';
import type { EventRecord } from '../../shared/wire/event';
import type { ReadModel } from './read-model';

/** The events a caller sees in lists (team sub-resources included). */
export function listScope(caller: Caller): EventScope {
  return seesHiddenEvents(caller) ? 'all' : 'public';
}

/**
 * The event named in the path as a caller of this scope may read it: unlisted ones by anyone with
 * the code, private ones only by organizers and admins; for everyone else it does not exist.
 */
export function readableEvent(
  model: ReadModel,
  scope: EventScope,
  now: string,
  params: unknown,
): EventRecord {
  const event = model.event(eventIdParam(params), scope, now);
  if (event === undefined) throw notFound('No such event.');
  return event;
}

export function existingTeam(model: ReadModel, params: unknown): number {
  const teamNumber = teamNumberParam(params);
  if (!model.hasTeam(teamNumber)) throw notFound('No such team.');
  return teamNumber;
}
