import { Conditions } from '../../shared/sql/list-sql';
import type { Statement } from 'better-sqlite3';
import type { TeamListItem, TeamRecord } from '../../shared/wire/team';
import { PerVersion, type DataVersion } from './data-version';
import type { EventScope } from './event-rows';
import { Lister, type Page, type PageOf } from './paging';
import type { ServerDatabase } from './schema';

export interface TeamFilters {
  season?: string;
  region?: string;
  search?: string;
}

export interface TeamRow {
  number: number;
  name: string;
  school: string;
  city: string;
  state: string;
  country: string;
  rookie: number;
  website: string;
}

const TEAM_COLUMNS = 't.number, t.name, t.school, t.city, t.state, t.country, t.rookie, t.website';

/**
 * The team lists of clips of events that are not private: counts that describe a team the same way
 * for every caller. Reading each clip's JSON list once is several times faster than joining every
 * `clip_teams` row back to its clip and event.
 */
const VISIBLE_CLIP_TEAMS = `SELECT c.team_numbers FROM clips c JOIN events e ON e.id = c.event_id
  WHERE e.visibility <> 'private'`;

function countClipsPerTeam(clips: { team_numbers: string }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const clip of clips) {
    for (const number of JSON.parse(clip.team_numbers) as number[]) {
      counts.set(number, (counts.get(number) ?? 0) + 1);
    }
  }
  return counts;
}

export class TeamRepository {
  private readonly lister: Lister<TeamRow>;
  private readonly selectByNumber: Statement<[number], TeamRow>;
  private readonly countEvents: Statement<[number], { total: number }>;
  private readonly countMatches: Statement<[number], { total: number }>;
  /** Clip counts of every team at once: a page of 100 teams then costs 100 map lookups. */
  private readonly clipCounts: PerVersion<Map<number, number>>;

  constructor(db: ServerDatabase, version: DataVersion) {
    this.lister = new Lister<TeamRow>(db);
    this.selectByNumber = db.prepare(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.number = ?`);
    this.countEvents = db.prepare(`SELECT count(*) AS total FROM registrations r
      JOIN events e ON e.id = r.event_id WHERE r.team_number = ? AND e.visibility <> 'private'`);
    this.countMatches = db.prepare(`SELECT count(*) AS total FROM match_teams mt
      JOIN matches m ON m.id = mt.match_id JOIN events e ON e.id = m.event_id
      WHERE mt.team_number = ? AND e.visibility <> 'private'`);
    const selectClipTeams = db.prepare<[], { team_numbers: string }>(VISIBLE_CLIP_TEAMS);
    this.clipCounts = new PerVersion(version, () => countClipsPerTeam(selectClipTeams.all()));
  }

  list(filters: TeamFilters, scope: EventScope, page: Page): PageOf<TeamRow> {
    const conditions = new Conditions();
    if (filters.season !== undefined) {
      const visible = scope === 'public' ? ` AND e.visibility = 'public'` : '';
      conditions.add(
        `t.number IN (SELECT r.team_number FROM events e JOIN registrations r ON r.event_id = e.id
          WHERE e.season = ?${visible})`,
        filters.season,
      );
    }
    if (filters.region !== undefined && filters.region !== '') {
      conditions.add(
        '(t.state = ? COLLATE NOCASE OR t.country = ? COLLATE NOCASE)',
        filters.region,
        filters.region,
      );
    }
    if (filters.search !== undefined && filters.search !== '') {
      if (/^\d+$/.test(filters.search)) {
        conditions.add(
          '(instr(lower(t.name), ?) > 0 OR instr(CAST(t.number AS TEXT), ?) = 1)',
          filters.search,
          filters.search,
        );
      } else {
        conditions.add('instr(lower(t.name), lower(?)) > 0', filters.search);
      }
    }
    const query = { from: 'FROM teams t', columns: TEAM_COLUMNS, conditions, orderBy: 't.number' };
    return this.lister.list(query, page);
  }

  listOfEvent(eventId: string, page: Page): PageOf<TeamRow> {
    const conditions = new Conditions().add('r.event_id = ?', eventId);
    const from = 'FROM registrations r JOIN teams t ON t.number = r.team_number';
    return this.lister.list({ from, columns: TEAM_COLUMNS, conditions, orderBy: 't.number' }, page);
  }

  find(number: number): TeamRow | undefined {
    return this.selectByNumber.get(number);
  }

  toListItem(row: TeamRow): TeamListItem {
    return { ...row, clipCount: this.clipCounts.get().get(row.number) ?? 0 };
  }

  toRecord(row: TeamRow): TeamRecord {
    return {
      number: row.number,
      name: row.name,
      school: row.school,
      location: { city: row.city, state: row.state, country: row.country },
      rookie: row.rookie,
      website: row.website,
      stats: {
        eventCount: this.countEvents.get(row.number)?.total ?? 0,
        matchCount: this.countMatches.get(row.number)?.total ?? 0,
        clipCount: this.clipCounts.get().get(row.number) ?? 0,
      },
    };
  }
}
