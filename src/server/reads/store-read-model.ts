import type { Services } from '../services';
import { toEventListItem, toEventRecord } from '../store/event-rows';
import type { ReadModel } from './read-model';

type StoreParts = Pick<Services, 'events' | 'teams' | 'matches' | 'clips' | 'stats'>;

/** The reference service's reads: its repositories, their rows made wire records. */
export function storeReadModel({ events, teams, matches, clips, stats }: StoreParts): ReadModel {
  return {
    events(filters, scope, now, page) {
      const found = events.list(filters, scope, now, page);
      return { rows: found.rows.map((row) => toEventListItem(row, now)), total: found.total };
    },
    event(eventId, scope, now) {
      const row = events.find(eventId);
      // Unlisted events are readable by anyone with the code; private ones only by organizers.
      if (row === undefined || (row.visibility === 'private' && scope !== 'all')) return undefined;
      return toEventRecord(row, now);
    },
    eventTeams(eventId, page) {
      const found = teams.listOfEvent(eventId, page);
      return { rows: found.rows.map((row) => teams.toListItem(row)), total: found.total };
    },
    eventMatches: (eventId, page) => matches.listOfEvent(eventId, page),
    eventClips: (eventId, filters, page) => clips.listOfEvent(eventId, filters, page),
    teams(filters, scope, page) {
      const found = teams.list(filters, scope, page);
      return { rows: found.rows.map((row) => teams.toListItem(row)), total: found.total };
    },
    hasTeam: (teamNumber) => teams.find(teamNumber) !== undefined,
    team(teamNumber) {
      const row = teams.find(teamNumber);
      return row === undefined ? undefined : teams.toRecord(row);
    },
    teamEvents(teamNumber, season, scope, now, page) {
      const found = events.listOfTeam(teamNumber, season, scope, page);
      return { rows: found.rows.map((row) => toEventListItem(row, now)), total: found.total };
    },
    teamMatches: (teamNumber, filters, scope, page) =>
      matches.listOfTeam(teamNumber, filters, scope, page),
    teamClips: (teamNumber, filters, scope, page) =>
      clips.listOfTeam(teamNumber, filters, scope, page),
    teamStats: (teamNumber, season) =>
      stats.forTeam(teamNumber, season ?? stats.defaultSeason(teamNumber)),
  };
}
