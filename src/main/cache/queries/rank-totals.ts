import type { Statement } from 'better-sqlite3';
import type { RankTotals } from '../../../shared/ipc/reads';
import type { AppDatabase } from '../../storage/database';

interface GroupCounts {
  held: number;
  top: number | null;
  distinct: number;
}

interface TotalsRow {
  world_held: number;
  world_top: number | null;
  world_distinct: number;
  regional_held: number;
  regional_top: number | null;
  regional_distinct: number;
  state_held: number;
  state_top: number | null;
  state_distinct: number;
}

/**
 * How many teams a season's ranks are out of, as far as the cache can vouch for it. The service
 * ranks the teams with a played match (world: all; regional: same country; state: same state
 * and country) at positions 1 to N, each position once. The cache holds only what it synced, so
 * it counts the ranked teams it holds only when it holds them all: the team list of every event
 * of the season, a statistics row of the season for every team on them, and ranks held that are
 * exactly 1 to the count (none missing, the last one held). Otherwise the total is unknown
 * (null) and the view says "#77 world" without "of N" (a sync of scope All makes it known).
 */
export class RankTotalsQuery {
  private readonly select: Statement<[number, string], TotalsRow>;
  private readonly covered: Statement<{ season: string }, number>;

  constructor(db: AppDatabase) {
    const group = (name: string, rank: string, inGroup: string) => `
      sum(${inGroup}) AS ${name}_held,
      max(CASE WHEN ${inGroup} THEN s.${rank} END) AS ${name}_top,
      count(DISTINCT CASE WHEN ${inGroup} THEN s.${rank} END) AS ${name}_distinct`;
    const sameCountry = 't.country = me.country COLLATE NOCASE';
    this.select = db.prepare(`SELECT
      ${group('world', 'rank_world', '1')},
      ${group('regional', 'rank_regional', sameCountry)},
      ${group('state', 'rank_state', `${sameCountry} AND t.state = me.state COLLATE NOCASE`)}
      FROM (SELECT country, state FROM teams WHERE number = ?) me,
        team_stats s JOIN teams t ON t.number = s.team_number
      WHERE s.season = ? AND s.matches > 0 AND s.rank_world > 0`);
    this.covered = db
      .prepare<{ season: string }, number>(
        `SELECT NOT EXISTS (SELECT 1 FROM events e WHERE e.season = @season AND e.listed = 1
            AND NOT EXISTS (SELECT 1 FROM sync_state ss
              WHERE ss.resource = 'event:' || e.id || ':teams' AND ss.complete = 1))
          AND NOT EXISTS (SELECT 1 FROM registrations r JOIN events e ON e.id = r.event_id
            WHERE e.season = @season AND e.listed = 1
            AND NOT EXISTS (SELECT 1 FROM team_stats s
              WHERE s.team_number = r.team_number AND s.season = @season))`,
      )
      .pluck();
  }

  of(teamNumber: number, season: string): RankTotals {
    const row =
      this.covered.get({ season }) === 1 ? this.select.get(teamNumber, season) : undefined;
    if (row === undefined) return { world: null, regional: null, state: null };
    return {
      world: total({ held: row.world_held, top: row.world_top, distinct: row.world_distinct }),
      regional: total({
        held: row.regional_held,
        top: row.regional_top,
        distinct: row.regional_distinct,
      }),
      state: total({ held: row.state_held, top: row.state_top, distinct: row.state_distinct }),
    };
  }
}

function total({ held, top, distinct }: GroupCounts): number | null {
  return held > 0 && top === held && distinct === held ? held : null;
}
