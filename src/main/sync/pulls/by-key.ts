import { parseResourceKey, type ResourceKey } from '../../../shared/ipc/resources';
import type { PullContext, PullOutcome } from './context';
import { pullEvent, pullEventPart } from './event';
import { pullEventList, pullTeamList } from './lists';
import { pullTeam, pullTeamPart, pullTeamStats } from './team';

/** Pulls the one resource a key names; `null` for text that is not a resource key. */
export function pullByKey(context: PullContext, key: ResourceKey): Promise<PullOutcome> | null {
  const parsed = parseResourceKey(key);
  if (parsed === null) return null;
  switch (parsed.kind) {
    case 'events':
      return pullEventList(context);
    case 'teams':
      return pullTeamList(context);
    case 'event':
      return pullEvent(context, parsed.eventId);
    case 'eventPart':
      return pullEventPart(context, parsed.eventId, parsed.part);
    case 'team':
      return pullTeam(context, parsed.teamNumber);
    case 'teamPart':
      return pullTeamPart(context, parsed.teamNumber, parsed.part);
    case 'teamStats':
      return pullTeamStats(context, parsed.teamNumber, parsed.season);
  }
}
