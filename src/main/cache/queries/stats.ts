import type { Statement } from 'better-sqlite3';
import type { Freshness } from '../../../shared/ipc/cached';
import type { CachedTeamStats } from '../../../shared/ipc/reads';
import type { CacheResource, ResourceKey } from '../../../shared/ipc/resources';
import type { AppDatabase } from '../../storage/database';
import type { FreshnessReader } from './freshness';
import { RankTotalsQuery } from './rank-totals';
import { STATS_COLUMNS, toSeasonStats, type StatsRow } from './rows';
import type { RequestFetch } from './team-parts';

/** The season a date falls in: August starts the next one, as in the service's demo calendar. */
export function seasonAt(instant: Date): string {
  const year = instant.getUTCFullYear();
  const first = instant.getUTCMonth() >= 7 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** What the cache holds of one team's statistics for a season, and how fresh it is. */
export interface HeldStats {
  row: StatsRow | null;
  /** Every season held for the team, the latest first. */
  rows: StatsRow[];
  /** The season asked, else the latest held; `undefined` when neither. */
  wanted: string | undefined;
  resource: ResourceKey;
  freshness: Freshness;
}

/** A team's season statistics, one season at a time, and which seasons the cache holds. */
export class StatsQueries {
  private readonly selectSeasons: Statement<[number], StatsRow>;
  private readonly selectLatestEventSeason: Statement<[number], string>;
  private readonly rankTotals: RankTotalsQuery;

  constructor(
    db: AppDatabase,
    private readonly freshness: FreshnessReader,
    private readonly requestFetch: RequestFetch,
  ) {
    this.selectSeasons = db.prepare(`SELECT ${STATS_COLUMNS}
      FROM team_stats WHERE team_number = ? ORDER BY season DESC`);
    this.selectLatestEventSeason = db
      .prepare<[number], string>(
        `SELECT e.season FROM registrations r
        JOIN events e ON e.id = r.event_id WHERE r.team_number = ?
        ORDER BY e.start_date DESC, e.id DESC LIMIT 1`,
      )
      .pluck();
    this.rankTotals = new RankTotalsQuery(db);
  }

  hasAny(teamNumber: number): boolean {
    return this.selectSeasons.get(teamNumber) !== undefined;
  }

  /**
   * One season's statistics as held, without asking for more: what a venue share serves. Without
   * `season`, the latest season the cache holds, like the service's default.
   */
  held(teamNumber: number, season: string | undefined, now: Date): HeldStats {
    const rows = this.selectSeasons.all(teamNumber);
    const wanted = season ?? rows[0]?.season;
    const row = rows.find((candidate) => candidate.season === wanted);
    // Nothing cached and nothing asked: the season the service would answer by default, as far
    // as the cache can tell which one that is.
    const target = wanted ?? this.selectLatestEventSeason.get(teamNumber) ?? seasonAt(now);
    const resource: ResourceKey = `team:${teamNumber}:stats:${target}`;
    const state = this.freshness.of(resource);
    const freshness = row === undefined ? { complete: false, syncedAt: state.syncedAt } : state;
    return { row: row ?? null, rows, wanted, resource, freshness };
  }

  /** Without `season`, the latest season the cache holds, like the service's default. */
  forTeam(teamNumber: number, season: string | undefined, now: Date): CachedTeamStats {
    const { row, rows, wanted, resource, freshness } = this.held(teamNumber, season, now);
    if (!freshness.complete) this.requestFetch(resource);
    const builtFrom: CacheResource[] = [`team:${teamNumber}:stats`, resource];
    // With no season asked and none held, the season to show follows the team's latest event.
    if (wanted === undefined) builtFrom.push('registrations', 'events');
    return {
      data: row === null ? null : toSeasonStats(row),
      rankTotals:
        row === null
          ? { world: null, regional: null, state: null }
          : this.rankTotals.of(teamNumber, row.season),
      seasons: rows.map((candidate) => candidate.season),
      freshness,
      builtFrom,
    };
  }
}
