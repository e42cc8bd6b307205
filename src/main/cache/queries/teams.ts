import { Conditions, StatementCache } from '../../../shared/sql/list-sql';
import type { Statement } from 'better-sqlite3';
import type { CachedTeam, TeamListInput, TeamListRow } from '../../../shared/ipc/reads';
import type { AppDatabase } from '../../storage/database';
import { Lister, pageOfArray, type ListPage, type PageRequest } from './paging';
import { PerCommit } from './per-commit';
import { SeasonTeams } from './season-teams';
import { TEAM_COLUMNS, toTeamListItem, type TeamRow } from './rows';
import { ftsPhrase, numberPrefixRanges } from './text-match';
import {
  ordersByStats,
  RECORD_COLUMNS,
  TEAM_STATS_JOIN,
  teamOrderBy,
  toRecord,
  type RecordRow,
} from './team-list-order';

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

/** Season lists of the last few filter combinations; each holds up to every team's number. */
const KEEP_SEASON_LISTS = 16;

/**
 * The service's rule: a case-insensitive substring of the name (SQLite's ASCII `lower()`, as the
 * service uses); a search of digits also matches numbers that start with them.
 *
 * For text with trigrams the index narrows the rows first and `instr` then decides exactly as the
 * service does: the index folds case and accents more widely than `lower()`, so it finds a
 * superset. Number prefixes are ranges of the primary key (254: 254, 2540–2549, 25400–25499), so
 * "254" reads a few dozen rows instead of every team.
 */
function addSearch(conditions: Conditions, search: string): void {
  const byName =
    [...search].length >= 3
      ? {
          sql: `(t.number IN (SELECT rowid FROM teams_search WHERE teams_search MATCH ?)
            AND instr(lower(t.name), lower(?)) > 0)`,
          params: [ftsPhrase('name', search), search],
        }
      : { sql: 'instr(lower(t.name), lower(?)) > 0', params: [search] };
  if (!DIGITS.test(search)) {
    conditions.add(byName.sql, ...byName.params);
    return;
  }
  // A number's text never starts with 0, so "0254" matches no number, as in the service.
  const exact = Number(search);
  const ranges = String(exact) === search ? [[exact, exact], ...numberPrefixRanges(search)] : [];
  conditions.add(
    `(${[byName.sql, ...ranges.map(() => 't.number BETWEEN ? AND ?')].join(' OR ')})`,
    ...byName.params,
    ...ranges.flat(),
  );
}

/** The record columns of a row read with them (the list reads them only when asked). */
function recordOf(row: Partial<RecordRow>): RecordRow {
  return {
    stats_season: row.stats_season ?? null,
    stats_matches: row.stats_matches ?? null,
    stats_wins: row.stats_wins ?? null,
    stats_losses: row.stats_losses ?? null,
    stats_win_rate: row.stats_win_rate ?? null,
    stats_rank_world: row.stats_rank_world ?? null,
  };
}

/** The team list and single teams, read the way `GET /v1/teams` reads the service's store. */
export class TeamQueries {
  private readonly lister: Lister<TeamRow & Partial<RecordRow>>;
  private readonly numbers: StatementCache<Statement<unknown[], number>>;
  private readonly selectByNumber: Statement<[number], TeamDetailRow>;
  private readonly selectWithRecord: Statement<[string | null, number], TeamRow & RecordRow>;
  private readonly seasonTeams: SeasonTeams;
  private readonly seasonLists: PerCommit<string, readonly number[]>;

  constructor(db: AppDatabase) {
    // Counting 10,000 listed teams takes longer than reading a page of them.
    this.lister = new Lister<TeamRow & Partial<RecordRow>>(db, { keepTotals: true });
    this.numbers = new StatementCache((sql) => db.prepare<unknown[], number>(sql));
    this.selectByNumber = db.prepare(`SELECT ${TEAM_COLUMNS}, t.listed, t.event_count,
      t.match_count FROM teams t WHERE t.number = ?`);
    this.selectWithRecord = db.prepare(`SELECT ${TEAM_COLUMNS}, ${RECORD_COLUMNS}
      FROM teams t ${TEAM_STATS_JOIN} WHERE t.number = ?`);
    this.seasonTeams = new SeasonTeams(db);
    this.seasonLists = new PerCommit(db, KEEP_SEASON_LISTS);
  }

  list(input: TeamListInput): ListPage<TeamListRow> {
    const conditions = new Conditions().add('t.listed = 1');
    if (input.favorites === true) {
      conditions.add('t.number IN (SELECT team_number FROM favorite_teams)');
    }
    if (input.region !== undefined && input.region !== '') {
      conditions.add(
        '(t.state = ? COLLATE NOCASE OR t.country = ? COLLATE NOCASE)',
        input.region,
        input.region,
      );
    }
    if (input.search !== undefined && input.search !== '') addSearch(conditions, input.search);
    const records = input.records === true;
    const joined = records || ordersByStats(input.sort);
    const from = joined ? `FROM teams t ${TEAM_STATS_JOIN}` : 'FROM teams t';
    const fromParams = joined ? [input.season ?? null] : [];
    const orderBy = teamOrderBy(input.sort);
    if (input.season !== undefined) {
      const order = { from, fromParams, orderBy };
      return this.listOfSeason(input.season, conditions, order, records, input);
    }
    return this.lister.list(
      {
        from,
        fromParams,
        columns: records ? `${TEAM_COLUMNS}, ${RECORD_COLUMNS}` : TEAM_COLUMNS,
        conditions,
        orderBy,
      },
      input,
      (row) =>
        records ? { ...toTeamListItem(row), record: toRecord(recordOf(row)) } : toTeamListItem(row),
    );
  }

  /**
   * The other filters in SQL, the season's set in memory, then the page's rows by number. Reading
   * every listed number for each page took longer than the rest together, so the matching numbers
   * are kept per filter combination until the writer commits again.
   */
  private listOfSeason(
    season: string,
    conditions: Conditions,
    order: { from: string; fromParams: readonly unknown[]; orderBy: string },
    records: boolean,
    page: PageRequest,
  ): ListPage<TeamListRow> {
    const { from, fromParams, orderBy } = order;
    const key = JSON.stringify([season, from, fromParams, orderBy]) + conditions.key;
    const matching = this.seasonLists.get(key, () => {
      const inSeason = this.seasonTeams.of(season);
      return this.numbers
        .get(`SELECT t.number ${from}${conditions.sql} ORDER BY ${orderBy}`)
        .pluck()
        .all(...fromParams, ...conditions.params)
        .filter((number) => inSeason.has(number));
    });
    const { data, meta } = pageOfArray(matching, page);
    return {
      data: data.flatMap((number) => {
        if (records) {
          const row = this.selectWithRecord.get(season, number);
          return row === undefined ? [] : [{ ...toTeamListItem(row), record: toRecord(row) }];
        }
        const row = this.selectByNumber.get(number);
        return row === undefined ? [] : [toTeamListItem(row)];
      }),
      meta,
    };
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
