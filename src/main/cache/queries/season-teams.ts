import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../storage/database';

/**
 * The teams registered at a listed event of a season: what the team list's `season` filter keeps.
 * At 10,000 teams a season has tens of thousands of registrations, and joining them for every page
 * costs tens of milliseconds; the set is built once per season and kept until the writer commits
 * again (the reader's `data_version` changes exactly then).
 */
export class SeasonTeams {
  private readonly selectDataVersion: Statement<[], number>;
  private readonly selectTeamsOf: Statement<[string], number>;
  private readonly sets = new Map<string, ReadonlySet<number>>();
  private version: number | null = null;

  constructor(db: AppDatabase) {
    this.selectDataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    // Listed events are the ones the service shows our key, the same set its filter looks at.
    this.selectTeamsOf = db
      .prepare<[string], number>(
        `SELECT DISTINCT r.team_number FROM events e
        JOIN registrations r ON r.event_id = e.id WHERE e.season = ? AND e.listed = 1`,
      )
      .pluck();
  }

  of(season: string): ReadonlySet<number> {
    const version = this.selectDataVersion.get() ?? 0;
    if (version !== this.version) {
      this.sets.clear();
      this.version = version;
    }
    let teams = this.sets.get(season);
    if (teams === undefined) {
      teams = new Set(this.selectTeamsOf.all(season));
      this.sets.set(season, teams);
    }
    return teams;
  }
}
