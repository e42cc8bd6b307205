import type { Statement } from 'better-sqlite3';
import type { CachedTeam, TeamListInput } from '../../../shared/ipc/reads';
import type { TeamListItem } from '../../../shared/wire/team';
import type { AppDatabase } from '../../storage/database';
import { Conditions, Lister, type ListPage } from './paging';
import { TEAM_COLUMNS, toTeamListItem, type TeamRow } from './rows';

interface TeamDetailRow extends TeamRow {
  listed: number;
  event_count: number | null;
  match_count: number | null;
}

export interface FoundTeam {
  team: CachedTeam;
  listed: boolean;
}

const DIGITS = /^\d+$/;

/** The team list and single teams, read the way `GET /v1/teams` reads the service's store. */
export class TeamQueries {
  private readonly lister: Lister<TeamRow>;
  private readonly selectByNumber: Statement<[number], TeamDetailRow>;

  constructor(db: AppDatabase) {
    this.lister = new Lister<TeamRow>(db);
    this.selectByNumber = db.prepare(`SELECT ${TEAM_COLUMNS}, t.listed, t.event_count,
      t.match_count FROM teams t WHERE t.number = ?`);
  }

  list(input: TeamListInput): ListPage<TeamListItem> {
    const conditions = new Conditions().add('t.listed = 1');
    if (input.season !== undefined) {
      // Listed events are the ones the service shows our key, the same set its filter looks at.
      conditions.add(
        `t.number IN (SELECT r.team_number FROM events e JOIN registrations r ON r.event_id = e.id
          WHERE e.season = ? AND e.listed = 1)`,
        input.season,
      );
    }
    if (input.region !== undefined && input.region !== '') {
      conditions.add(
        '(t.state = ? COLLATE NOCASE OR t.country = ? COLLATE NOCASE)',
        input.region,
        input.region,
      );
    }
    if (input.search !== undefined && input.search !== '') {
      if (DIGITS.test(input.search)) {
        conditions.add(
          '(instr(lower(t.name), ?) > 0 OR instr(CAST(t.number AS TEXT), ?) = 1)',
          input.search,
          input.search,
        );
      } else {
        conditions.add('instr(lower(t.name), lower(?)) > 0', input.search);
      }
    }
    return this.lister.list(
      { from: 'FROM teams t', columns: TEAM_COLUMNS, conditions, orderBy: 't.number' },
      input,
      toTeamListItem,
    );
  }

  find(teamNumber: number): FoundTeam | null {
    const row = this.selectByNumber.get(teamNumber);
    if (row === undefined) return null;
    // The single record's counts are known together or not at all (CacheWriter writes both).
    const stats =
      row.event_count === null || row.match_count === null
        ? null
        : { eventCount: row.event_count, matchCount: row.match_count, clipCount: row.clip_count };
    return { team: { ...toTeamListItem(row), stats }, listed: row.listed === 1 };
  }
}
