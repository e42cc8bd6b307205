import { Conditions, StatementCache } from '../../../shared/sql/list-sql';
import type { Statement } from 'better-sqlite3';
import type { CachedTeam, TeamListInput } from '../../../shared/ipc/reads';
import type { TeamListItem } from '../../../shared/wire/team';
import type { AppDatabase } from '../../storage/database';
import { Lister, pageOfArray, type ListPage, type PageRequest } from './paging';
import { PerCommit } from './per-commit';
import { SeasonTeams } from './season-teams';
import { TEAM_COLUMNS, toTeamListItem, type TeamRow } from './rows';
import { ftsPhrase, numberPrefixRanges } from './text-match';

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

/** The team list and single teams, read the way `GET /v1/teams` reads the service's store. */
export class TeamQueries {
  private readonly lister: Lister<TeamRow>;
  private readonly numbers: StatementCache<Statement<unknown[], number>>;
  private readonly selectByNumber: Statement<[number], TeamDetailRow>;
  private readonly seasonTeams: SeasonTeams;
  private readonly seasonLists: PerCommit<string, readonly number[]>;

  constructor(db: AppDatabase) {
    // Counting 10,000 listed teams takes longer than reading a page of them.
    this.lister = new Lister<TeamRow>(db, { keepTotals: true });
    this.numbers = new StatementCache((sql) => db.prepare<unknown[], number>(sql));
    this.selectByNumber = db.prepare(`SELECT ${TEAM_COLUMNS}, t.listed, t.event_count,
      t.match_count FROM teams t WHERE t.number = ?`);
    this.seasonTeams = new SeasonTeams(db);
    this.seasonLists = new PerCommit(db, KEEP_SEASON_LISTS);
  }

  list(input: TeamListInput): ListPage<TeamListItem> {
    const conditions = new Conditions().add('t.listed = 1');
    if (input.region !== undefined && input.region !== '') {
      conditions.add(
        '(t.state = ? COLLATE NOCASE OR t.country = ? COLLATE NOCASE)',
        input.region,
        input.region,
      );
    }
    if (input.search !== undefined && input.search !== '') addSearch(conditions, input.search);
    if (input.season !== undefined) return this.listOfSeason(input.season, conditions, input);
    return this.lister.list(
      { from: 'FROM teams t', columns: TEAM_COLUMNS, conditions, orderBy: 't.number' },
      input,
      toTeamListItem,
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
    page: PageRequest,
  ): ListPage<TeamListItem> {
    const matching = this.seasonLists.get(JSON.stringify(season) + conditions.key, () => {
      const inSeason = this.seasonTeams.of(season);
      return this.numbers
        .get(`SELECT t.number FROM teams t${conditions.sql} ORDER BY t.number`)
        .pluck()
        .all(...conditions.params)
        .filter((number) => inSeason.has(number));
    });
    const { data, meta } = pageOfArray(matching, page);
    return {
      data: data.flatMap((number) => {
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
