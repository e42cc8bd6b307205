import { parseResourceKey } from '../../shared/ipc/resources';
import type { AnalysisReader, MatchInfo } from './cache-read';

/*
 * What a change notice makes the analysis re-read. Terms the analysis does not draw from (clips,
 * favorites, settings, statistics...) cost nothing; the event list and `all` re-read everything.
 */

export interface ChangedScope {
  /** Events whose record to re-read. */
  events: Set<string>;
  matches: Set<string>;
  registrations: Set<string>;
  allRegistrations: boolean;
}

/** Events where the model or the cache hold a match or a registration of the team. */
function eventsOfTeam(
  teamNumber: number,
  reader: AnalysisReader,
  matches: ReadonlyMap<string, readonly MatchInfo[]>,
): Set<string> {
  const events = new Set(reader.teamEvents(teamNumber));
  for (const [id, list] of matches) {
    if (list.some((match) => match.red.includes(teamNumber) || match.blue.includes(teamNumber))) {
      events.add(id);
    }
  }
  return events;
}

export function changedScope(
  changed: readonly string[],
  reader: AnalysisReader,
  matches: ReadonlyMap<string, readonly MatchInfo[]>,
): ChangedScope | 'everything' {
  const scope: ChangedScope = {
    events: new Set(),
    matches: new Set(),
    registrations: new Set(),
    allRegistrations: false,
  };
  for (const term of changed) {
    if (term === 'all' || term === 'events') return 'everything';
    if (term === 'registrations') {
      scope.allRegistrations = true;
      continue;
    }
    const key = parseResourceKey(term);
    if (key === null) continue;
    if (key.kind === 'event') {
      scope.events.add(key.eventId);
      scope.matches.add(key.eventId);
      scope.registrations.add(key.eventId);
    } else if (key.kind === 'eventPart' && key.part === 'matches') {
      scope.matches.add(key.eventId);
    } else if (key.kind === 'eventPart' && key.part === 'teams') {
      scope.registrations.add(key.eventId);
    } else if (key.kind === 'teamPart' && key.part !== 'clips') {
      // A team's events name its registrations; its matches, rows of its events' schedules.
      for (const id of eventsOfTeam(key.teamNumber, reader, matches)) {
        scope.events.add(id);
        (key.part === 'events' ? scope.registrations : scope.matches).add(id);
      }
    }
  }
  return scope;
}
