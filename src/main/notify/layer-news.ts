import type { Statement } from 'better-sqlite3';
import { formatTimestamp } from '../../shared/wire/formats';
import type { DataLayer } from '../data-layer';
import type { NewsInput, NextMatch } from './notice-rules';

const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

interface NextMatchRow {
  team_number: number;
  match_id: string;
  event_id: string;
  event_name: string;
  scheduled_at: string;
  pulled_at: string;
}

/**
 * What the notice rules read of one data layer's cache, and where they keep what they announced
 * (`notified`, in the same cache: a profile's news is its own, and a restart does not repeat it).
 */
export class LayerNews {
  private readonly favoriteEvents: Statement<[], string>;
  private readonly nextMatches: Statement<[string], NextMatchRow>;
  private readonly sentKeys: Statement<[], string>;
  private readonly putSent: Statement<[string, string]>;
  private readonly pruneSent: Statement<[string]>;

  constructor(private readonly layer: DataLayer) {
    const { reader, writer } = layer.cache;
    this.favoriteEvents = reader
      .prepare<[], string>(
        `SELECT DISTINCT r.event_id FROM registrations r JOIN favorite_teams f
           ON f.team_number = r.team_number`,
      )
      .pluck();
    // Scheduled matches of favorite teams from now on, with when their event's matches were
    // last pulled whole: a copy never pulled whole has no row in sync_state and stays out.
    this.nextMatches = reader.prepare(`SELECT t.team_number, m.id AS match_id, m.event_id,
        e.name AS event_name, m.scheduled_at,
        coalesce(s.source_synced_at, s.last_success) AS pulled_at
      FROM favorite_teams f
      JOIN match_teams t ON t.team_number = f.team_number
      JOIN matches m ON m.id = t.match_id
      JOIN events e ON e.id = m.event_id
      JOIN sync_state s ON s.resource = 'event:' || m.event_id || ':matches'
      WHERE m.status = 'scheduled' AND m.scheduled_at > ? AND s.last_success IS NOT NULL
      ORDER BY m.scheduled_at`);
    this.sentKeys = reader.prepare<[], string>('SELECT key FROM notified').pluck();
    this.putSent = writer.prepare('INSERT OR IGNORE INTO notified (key, at) VALUES (?, ?)');
    this.pruneSent = writer.prepare('DELETE FROM notified WHERE at < ?');
  }

  read(now: Date): Omit<NewsInput, 'switches' | 'clock'> {
    const nextMatches: NextMatch[] = this.nextMatches.all(formatTimestamp(now)).map((row) => ({
      teamNumber: row.team_number,
      matchId: row.match_id,
      eventId: row.event_id,
      eventName: row.event_name,
      scheduledAt: row.scheduled_at,
      pulledAt: row.pulled_at,
    }));
    return {
      now,
      syncs: this.layer.digest.read().syncs,
      pinned: new Set(this.layer.favorites.pinnedEvents()),
      favoriteEvents: new Set(this.favoriteEvents.all()),
      nextMatches,
      sent: new Set(this.sentKeys.all()),
    };
  }

  /** The changes announced (or passed over): never again, whatever syncs come. */
  markSent(keys: readonly string[], now: Date): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    const at = formatTimestamp(now);
    // A key outlives the news it stands for by far: a match's time, a sync kept in the digest.
    const forgotten = formatTimestamp(new Date(now.getTime() - KEEP_SENT_MS));
    return this.layer.queue.run(() => {
      for (const key of keys) this.putSent.run(key, at);
      this.pruneSent.run(forgotten);
    });
  }
}
