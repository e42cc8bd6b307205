import type { Statement } from 'better-sqlite3';
import { formatTimestamp } from '../../shared/wire/formats';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';

/** Favorite teams and pinned events: what the sync pulls first and views offer first. */
export class Favorites {
  private readonly teams: Statement<[], number>;
  private readonly events: Statement<[], string>;
  private readonly addTeam: Statement<[number, string]>;
  private readonly removeTeam: Statement<[number]>;
  private readonly addEvent: Statement<[string, string]>;
  private readonly removeEvent: Statement<[string]>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
    private readonly now: () => Date,
  ) {
    this.teams = reader
      .prepare<[], number>('SELECT team_number FROM favorite_teams ORDER BY team_number')
      .pluck();
    this.events = reader
      .prepare<[], string>('SELECT event_id FROM pinned_events ORDER BY event_id')
      .pluck();
    this.addTeam = writer.prepare(
      'INSERT OR IGNORE INTO favorite_teams (team_number, added_at) VALUES (?, ?)',
    );
    this.removeTeam = writer.prepare('DELETE FROM favorite_teams WHERE team_number = ?');
    this.addEvent = writer.prepare(
      'INSERT OR IGNORE INTO pinned_events (event_id, added_at) VALUES (?, ?)',
    );
    this.removeEvent = writer.prepare('DELETE FROM pinned_events WHERE event_id = ?');
  }

  favoriteTeams(): number[] {
    return this.teams.all();
  }

  pinnedEvents(): string[] {
    return this.events.all();
  }

  async setFavorite(teamNumber: number, favorite: boolean): Promise<number[]> {
    await this.queue.run(() => {
      const { changes } = favorite
        ? this.addTeam.run(teamNumber, formatTimestamp(this.now()))
        : this.removeTeam.run(teamNumber);
      if (changes > 0) this.queue.changes.record('favorites');
    });
    return this.favoriteTeams();
  }

  async setPinned(eventId: string, pinned: boolean): Promise<string[]> {
    await this.queue.run(() => {
      const { changes } = pinned
        ? this.addEvent.run(eventId, formatTimestamp(this.now()))
        : this.removeEvent.run(eventId);
      if (changes > 0) this.queue.changes.record('pins');
    });
    return this.pinnedEvents();
  }
}
