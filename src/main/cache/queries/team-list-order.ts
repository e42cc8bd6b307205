import type { TeamListRecord, TeamListSort } from '../../../shared/ipc/reads';

/*
 * The Teams list's own orders and its record column, over the season statistics the cache holds:
 * one row per team joined from `team_stats` (aliased `s`) for one season, so the order is the
 * SQL's and every page of it follows on from the last.
 */

/**
 * The season's statistics beside each team: the season asked for, else the latest the cache
 * holds. Its one parameter is the season or null.
 */
export const TEAM_STATS_JOIN = `LEFT JOIN team_stats s ON s.team_number = t.number
  AND s.season = COALESCE(?, (SELECT max(season) FROM team_stats))`;

export const RECORD_COLUMNS = `s.season AS stats_season, s.matches AS stats_matches,
  s.wins AS stats_wins, s.losses AS stats_losses, s.win_rate AS stats_win_rate,
  s.rank_world AS stats_rank_world`;

export interface RecordRow {
  stats_season: string | null;
  stats_matches: number | null;
  stats_wins: number | null;
  stats_losses: number | null;
  stats_win_rate: number | null;
  stats_rank_world: number | null;
}

export function toRecord(row: RecordRow): TeamListRecord | null {
  if (row.stats_season === null) return null;
  return {
    season: row.stats_season,
    matches: row.stats_matches ?? 0,
    wins: row.stats_wins ?? 0,
    losses: row.stats_losses ?? 0,
    winRate: row.stats_win_rate ?? 0,
    worldRank: row.stats_rank_world ?? 0,
  };
}

/** Whether an order reads the statistics (and so needs the join). */
export function ordersByStats(sort: TeamListSort | undefined): boolean {
  return sort !== undefined && /record|rank/.test(sort);
}

/**
 * The ORDER BY of a sort; the number last, so equal rows keep one order across pages. A team
 * without statistics of the season (or unranked) comes last whichever way the column is turned.
 */
export function teamOrderBy(sort: TeamListSort | undefined): string {
  switch (sort) {
    case undefined:
    case 'number':
      return 't.number';
    case '-number':
      return 't.number DESC';
    case 'name':
      return 't.name COLLATE NOCASE, t.number';
    case '-name':
      return 't.name COLLATE NOCASE DESC, t.number';
    case 'record':
      return 'coalesce(s.matches, 0) > 0 DESC, s.win_rate DESC, s.wins DESC, t.number';
    case '-record':
      return 'coalesce(s.matches, 0) > 0 DESC, s.win_rate, s.wins, t.number';
    case 'rank':
      return 'coalesce(s.rank_world, 0) > 0 DESC, s.rank_world, t.number';
    case '-rank':
      return 'coalesce(s.rank_world, 0) > 0 DESC, s.rank_world DESC, t.number';
  }
}
