import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../storage/database';
import { PerCommit } from './per-commit';

/** A handful of seasons are ever asked for; the bound only guards against odd input. */
const KEEP_SEASONS = 8;

/**
 * The teams registered at a listed event of a season: what the team list's `season` filter keeps.
 * At 10,000 teams a season has tens of thousands of registrations, and joining them for every page
 * costs tens of milliseconds; the set is built once per season and kept until the writer commits
 * again.
 */
export class SeasonTeams {
  private readonly selectTeamsOf: Statement<[string], number>;
  private readonly sets: PerCommit<string, ReadonlySet<number>>;

  constructor(db: AppDatabase) {
    // Listed events are the ones the service shows our key, the same set its filter looks at.
    this.selectTeamsOf = db
      .prepare<[string], number>(
        `SELECT DISTINCT r.team_number FROM events e
        JOIN registrations r ON r.event_id = e.id WHERE e.season = ? AND e.listed = 1`,
      )
      .pluck();
    this.sets = new PerCommit(db, KEEP_SEASONS);
  }

  of(season: string): ReadonlySet<number> {
    return this.sets.get(season, () => new Set(this.selectTeamsOf.all(season)));
  }
}
