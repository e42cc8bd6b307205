import type { Statement } from 'better-sqlite3';
import type { CachedTeamStats } from '../../../shared/ipc/reads';
import type { ResourceKey } from '../../../shared/ipc/resources';
import type { TeamSeasonStats } from '../../../shared/wire/stats';
import type { AppDatabase } from '../../storage/database';
import type { FreshnessReader } from './freshness';
import type { RequestFetch } from './team-parts';

interface StatsRow {
  season: string;
  events: number;
  matches: number;
  wins: number;
  losses: number;
  win_rate: number;
  avg_score: number;
  high_score: number;
  rank_regional: number;
  rank_state: number;
  rank_world: number;
}

function toSeasonStats(row: StatsRow): TeamSeasonStats {
  return {
    season: row.season,
    events: row.events,
    matches: row.matches,
    wins: row.wins,
    losses: row.losses,
    winRate: row.win_rate,
    avgScore: row.avg_score,
    highScore: row.high_score,
    rankings: { regional: row.rank_regional, state: row.rank_state, world: row.rank_world },
  };
}

/** The season a date falls in: August starts the next one, as in the service's demo calendar. */
export function seasonAt(instant: Date): string {
  const year = instant.getUTCFullYear();
  const first = instant.getUTCMonth() >= 7 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** A team's season statistics, one season at a time, and which seasons the cache holds. */
export class StatsQueries {
  private readonly selectSeasons: Statement<[number], StatsRow>;
  private readonly selectLatestEventSeason: Statement<[number], string>;

  constructor(
    db: AppDatabase,
    private readonly freshness: FreshnessReader,
    private readonly requestFetch: RequestFetch,
  ) {
    this.selectSeasons = db.prepare(`SELECT season, events, matches, wins, losses, win_rate,
        avg_score, high_score, rank_regional, rank_state, rank_world
      FROM team_stats WHERE team_number = ? ORDER BY season DESC`);
    this.selectLatestEventSeason = db
      .prepare<[number], string>(
        `SELECT e.season FROM registrations r
        JOIN events e ON e.id = r.event_id WHERE r.team_number = ?
        ORDER BY e.start_date DESC, e.id DESC LIMIT 1`,
      )
      .pluck();
  }

  hasAny(teamNumber: number): boolean {
    return this.selectSeasons.get(teamNumber) !== undefined;
  }

  /** Without `season`, the latest season the cache holds, like the service's default. */
  forTeam(teamNumber: number, season: string | undefined, now: Date): CachedTeamStats {
    const rows = this.selectSeasons.all(teamNumber);
    const wanted = season ?? rows[0]?.season;
    const row = rows.find((candidate) => candidate.season === wanted);
    // Nothing cached and nothing asked: fetch the season the service would answer by default,
    // as far as the cache can tell which one that is.
    const target = wanted ?? this.selectLatestEventSeason.get(teamNumber) ?? seasonAt(now);
    const resource: ResourceKey = `team:${teamNumber}:stats:${target}`;
    const state = this.freshness.of(resource);
    const freshness = row === undefined ? { complete: false, syncedAt: state.syncedAt } : state;
    if (!freshness.complete) this.requestFetch(resource);
    return {
      data: row === undefined ? null : toSeasonStats(row),
      seasons: rows.map((candidate) => candidate.season),
      freshness,
    };
  }
}
