import type { Statement } from 'better-sqlite3';
import type { TeamPart } from '../../../shared/ipc/resources';
import type { TeamSeasonStats } from '../../../shared/wire/stats';
import type { AppDatabase } from '../../storage/database';
import type { ChangeRecorder } from '../change-log';

/**
 * What is read per team: its statistics season by season, and its events, matches or clips as the
 * service answered them, for teams whose events are not all held in full.
 */
export class TeamPartRows {
  private readonly upsertStats: Statement;
  private readonly selectFetched: Statement<[string], string>;
  private readonly deleteFetched: Statement<[string]>;
  private readonly insertFetched: Statement<[string, number, string]>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
  ) {
    this.upsertStats = db.prepare(`INSERT INTO team_stats (team_number, season, events, matches,
        wins, losses, win_rate, avg_score, high_score, rank_regional, rank_state, rank_world)
      VALUES (@teamNumber, @season, @events, @matches, @wins, @losses, @winRate, @avgScore,
        @highScore, @regional, @state, @world)
      ON CONFLICT (team_number, season) DO UPDATE SET events = excluded.events,
        matches = excluded.matches, wins = excluded.wins, losses = excluded.losses,
        win_rate = excluded.win_rate, avg_score = excluded.avg_score,
        high_score = excluded.high_score, rank_regional = excluded.rank_regional,
        rank_state = excluded.rank_state, rank_world = excluded.rank_world
      WHERE (team_stats.events, team_stats.matches, team_stats.wins, team_stats.losses,
        team_stats.win_rate, team_stats.avg_score, team_stats.high_score,
        team_stats.rank_regional, team_stats.rank_state, team_stats.rank_world)
        IS NOT (excluded.events, excluded.matches, excluded.wins, excluded.losses,
        excluded.win_rate, excluded.avg_score, excluded.high_score, excluded.rank_regional,
        excluded.rank_state, excluded.rank_world)`);
    this.selectFetched = db
      .prepare<[string], string>(
        'SELECT record FROM fetched_records WHERE resource = ? ORDER BY position',
      )
      .pluck();
    this.deleteFetched = db.prepare('DELETE FROM fetched_records WHERE resource = ?');
    this.insertFetched = db.prepare(
      'INSERT INTO fetched_records (resource, position, record) VALUES (?, ?, ?)',
    );
  }

  putStats(teamNumber: number, stats: TeamSeasonStats): number {
    const changed = this.upsertStats.run({
      teamNumber,
      season: stats.season,
      events: stats.events,
      matches: stats.matches,
      wins: stats.wins,
      losses: stats.losses,
      winRate: stats.winRate,
      avgScore: stats.avgScore,
      highScore: stats.highScore,
      ...stats.rankings,
    }).changes;
    if (changed > 0) {
      this.changes.record(`team:${teamNumber}:stats`, `team:${teamNumber}:stats:${stats.season}`);
    }
    return changed;
  }

  /**
   * Replaces a fetched list (a team's events, matches or clips) with `records`, in order, unless
   * it holds exactly these already. Returns the rows removed and written, so emptying a list
   * counts as a change too.
   */
  replaceFetched(resource: `team:${number}:${TeamPart}`, records: readonly unknown[]): number {
    const texts = records.map((record) => JSON.stringify(record));
    const held = this.selectFetched.all(resource);
    if (held.length === texts.length && held.every((text, index) => text === texts[index])) {
      return 0;
    }
    const removed = this.deleteFetched.run(resource).changes;
    texts.forEach((text, position) => this.insertFetched.run(resource, position, text));
    this.changes.record(resource);
    return removed + texts.length;
  }
}
