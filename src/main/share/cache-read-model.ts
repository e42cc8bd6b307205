import type { Statement } from 'better-sqlite3';
import type { ReadModel } from '../../server/reads/read-model';
import type { PageOf } from '../../server/store/paging';
import type { EventRecord } from '../../shared/wire/event';
import { EventPartQueries } from '../cache/queries/event-parts';
import { EventQueries } from '../cache/queries/events';
import { FreshnessReader } from '../cache/queries/freshness';
import type { ListPage } from '../cache/queries/paging';
import { toSeasonStats } from '../cache/queries/rows';
import { StatsQueries } from '../cache/queries/stats';
import { TeamPartQueries } from '../cache/queries/team-parts';
import { TeamQueries } from '../cache/queries/teams';
import type { AppDatabase } from '../storage/database';
import { ShareFreshness } from './share-freshness';
import { shareStatsSeason } from './share-stats-season';

function pageOf<Item>({ data, meta }: ListPage<Item>): PageOf<Item> {
  return { rows: data, total: meta.total };
}

/** Nothing is fetched on a share's behalf: it serves what the copy holds. */
const NO_FETCH = (): void => undefined;

export interface ShareReads {
  model: ReadModel;
  freshness: ShareFreshness;
}

/**
 * A venue share's reads: the cache's own queries (the ones the app's views use, which list as the
 * service lists) over a connection limited by `limitToShareable`. Every caller of a share holds its
 * viewer key, so the answers are a viewer's whatever scope is asked: public events in lists,
 * unlisted ones by code, private ones never.
 */
export function cacheReads(db: AppDatabase, now: () => Date): ShareReads {
  const freshness = new FreshnessReader(db);
  const events = new EventQueries(db);
  const eventParts = new EventPartQueries(db);
  const teams = new TeamQueries(db);
  const teamParts = new TeamPartQueries(db, freshness, NO_FETCH);
  const stats = new StatsQueries(db, freshness, NO_FETCH);
  // A team's single record carries counts over its events; the source knows them only once it
  // read that record, and otherwise they are counted in the copy as the service counts them.
  const countEvents: Statement<[number], number> = db
    .prepare<[number], number>(
      `SELECT count(*) FROM registrations r JOIN events e ON e.id = r.event_id
      WHERE r.team_number = ?`,
    )
    .pluck();
  const statsSeason = shareStatsSeason(db, now);
  const countMatches: Statement<[number], number> = db
    .prepare<[number], number>(
      `SELECT count(*) FROM match_teams mt JOIN matches m ON m.id = mt.match_id
      JOIN events e ON e.id = m.event_id WHERE mt.team_number = ?`,
    )
    .pluck();

  function event(eventId: string, now: string): EventRecord | undefined {
    const found = events.find(eventId, now);
    if (found === null) return undefined;
    const { visibility, createdAt, updatedAt, ...item } = found.event;
    if (visibility === null || createdAt === null || updatedAt === null) return undefined;
    return { ...item, visibility, createdAt, updatedAt };
  }

  const model: ReadModel = {
    events: (filters, _scope, now, page) => pageOf(events.list({ ...filters, ...page }, now)),
    event: (eventId, _scope, now) => event(eventId, now),
    eventTeams: (eventId, page) => pageOf(eventParts.teamsOf(eventId, page)),
    eventMatches: (eventId, page) => pageOf(eventParts.matchesOf(eventId, page)),
    eventClips: (eventId, filters, page) =>
      pageOf(eventParts.clipsOf({ eventId, ...filters, ...page })),
    teams: (filters, _scope, page) => pageOf(teams.list({ ...filters, ...page })),
    hasTeam: (teamNumber) => teams.find(teamNumber) !== null,
    team(teamNumber) {
      const found = teams.find(teamNumber);
      if (found === null) return undefined;
      const { number, name, school, city, state, country, rookie, website } = found.team;
      return {
        number,
        name,
        school,
        location: { city, state, country },
        rookie,
        website,
        stats: found.team.stats ?? {
          eventCount: countEvents.get(number) ?? 0,
          matchCount: countMatches.get(number) ?? 0,
          clipCount: found.team.clipCount,
        },
      };
    },
    teamEvents: (teamNumber, season, _scope, now, page) =>
      pageOf(teamParts.eventsOf({ teamNumber, season, ...page }, now)),
    teamMatches: (teamNumber, filters, _scope, page) =>
      pageOf(teamParts.matchesOf({ teamNumber, ...filters, ...page })),
    teamClips: (teamNumber, filters, _scope, page) =>
      pageOf(teamParts.clipsOf({ teamNumber, ...filters, ...page })),
    teamStats(teamNumber, season) {
      const { row } = stats.held(teamNumber, statsSeason(teamNumber, season), now());
      return row === null ? undefined : toSeasonStats(row);
    },
  };
  return { model, freshness: new ShareFreshness(freshness, teamParts, stats, statsSeason, now) };
}
