import type { Statement } from 'better-sqlite3';
import type { EventListItem, EventRecord } from '../../../shared/wire/event';
import type { AppDatabase } from '../../storage/database';
import type { ChangeRecorder } from '../change-log';
import type { DigestRecorder } from '../digest/digest-recorder';
import type { SyncStateWriter } from '../sync-state-writes';
import { eventParams } from '../write-params';
import type { EventRowOverlay } from './event-row-overlay';

/**
 * The events table as syncs write it: list items, single records, and events gone from the list
 * or from the service. Upserts only touch a row whose content differs, so `changes` says whether
 * anything did, and every row that changed is recorded for the commit's notice.
 */
export class EventRows {
  private readonly upsertEventItem: Statement;
  private readonly upsertEventDetail: Statement;
  private readonly listedEventIds: Statement<[], string>;
  private readonly unlistEvent: Statement<[string]>;
  private readonly deleteEvent: Statement<[string]>;
  private readonly isPinned: Statement<[string], number>;
  private readonly eventExists: Statement<[string], number>;
  private readonly eventSeason: Statement<[string], string>;
  private readonly registrationsOf: Statement<[string], number>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
    private readonly syncState: SyncStateWriter,
    /** Events with organizers' edits standing: their rows are the overlay's, not the sync's. */
    private readonly overlay: EventRowOverlay,
    private readonly digest: DigestRecorder,
  ) {
    this.upsertEventItem = db.prepare(`INSERT INTO events (id, name, season, start_date, end_date,
        venue, city, state, country, stream_status, team_count, clip_count, listed)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
        @streamStatus, @teamCount, @clipCount, 1)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, season = excluded.season,
        start_date = excluded.start_date, end_date = excluded.end_date, venue = excluded.venue,
        city = excluded.city, state = excluded.state, country = excluded.country,
        stream_status = excluded.stream_status, team_count = excluded.team_count,
        clip_count = excluded.clip_count, listed = 1
      WHERE (events.name, events.season, events.start_date, events.end_date, events.venue,
        events.city, events.state, events.country, events.stream_status, events.team_count,
        events.clip_count, events.listed)
        IS NOT (excluded.name, excluded.season, excluded.start_date, excluded.end_date,
        excluded.venue, excluded.city, excluded.state, excluded.country, excluded.stream_status,
        excluded.team_count, excluded.clip_count, 1)`);
    this.upsertEventDetail = db.prepare(`INSERT INTO events (id, name, season, start_date,
        end_date, venue, city, state, country, stream_status, team_count, clip_count, listed,
        visibility, created_at, updated_at)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
        @streamStatus, @teamCount, @clipCount, @listed, @visibility, @createdAt, @updatedAt)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, season = excluded.season,
        start_date = excluded.start_date, end_date = excluded.end_date, venue = excluded.venue,
        city = excluded.city, state = excluded.state, country = excluded.country,
        stream_status = excluded.stream_status, team_count = excluded.team_count,
        clip_count = excluded.clip_count, visibility = excluded.visibility,
        created_at = excluded.created_at, updated_at = excluded.updated_at
      WHERE (events.name, events.season, events.start_date, events.end_date, events.venue,
        events.city, events.state, events.country, events.stream_status, events.team_count,
        events.clip_count, events.visibility, events.created_at, events.updated_at)
        IS NOT (excluded.name, excluded.season, excluded.start_date, excluded.end_date,
        excluded.venue, excluded.city, excluded.state, excluded.country, excluded.stream_status,
        excluded.team_count, excluded.clip_count, excluded.visibility, excluded.created_at,
        excluded.updated_at)`);
    this.listedEventIds = db.prepare<[], string>('SELECT id FROM events WHERE listed = 1').pluck();
    this.unlistEvent = db.prepare('UPDATE events SET listed = 0 WHERE id = ?');
    this.deleteEvent = db.prepare('DELETE FROM events WHERE id = ?');
    this.isPinned = db
      .prepare<[string], number>('SELECT 1 FROM pinned_events WHERE event_id = ?')
      .pluck();
    this.eventExists = db.prepare<[string], number>('SELECT 1 FROM events WHERE id = ?').pluck();
    this.eventSeason = db
      .prepare<[string], string>('SELECT season FROM events WHERE id = ?')
      .pluck();
    this.registrationsOf = db
      .prepare<[string], number>('SELECT team_number FROM registrations WHERE event_id = ?')
      .pluck();
  }

  /** Returns how many rows were new or different. */
  upsertItems(items: readonly EventListItem[]): number {
    let changed = 0;
    for (const item of items) {
      // Statuses are the service's clock, never edited here: a guarded event's count too.
      this.digest.statusSeen(item);
      if (this.overlay.guards(item.id)) {
        changed += this.overlay.takeItem(item);
        continue;
      }
      const held = this.digest.beforeEvent(item.id);
      if (this.upsertEventItem.run(eventParams(item)).changes === 0) continue;
      changed += 1;
      this.digest.eventWritten(held, item);
      this.changes.record('events', `event:${item.id}`);
    }
    return changed;
  }

  /**
   * Stores a single event read by id. `listed` is only set for an event we did not hold before:
   * whether the list shows it is the list's business.
   */
  upsertRecord(record: EventRecord, etag: string | null = null): number {
    this.digest.statusSeen(record);
    if (this.overlay.guards(record.id)) return this.overlay.takeRecord(record, etag);
    const held = this.digest.beforeEvent(record.id);
    const listed = this.eventExists.get(record.id) === undefined ? 0 : undefined;
    const changed = this.upsertEventDetail.run({
      ...eventParams(record),
      listed: listed ?? 1,
      visibility: record.visibility,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    }).changes;
    if (changed > 0) {
      this.digest.eventWritten(held, record);
      this.changes.record('events', `event:${record.id}`);
    }
    return changed;
  }

  listed(): string[] {
    return this.listedEventIds.all();
  }

  /**
   * An event the list no longer shows: gone with its matches, clips and registrations, unless it is
   * pinned, in which case it stays readable by id until a read by id says it is gone.
   */
  dropFromList(eventId: string): void {
    if (this.overlay.guards(eventId)) {
      this.overlay.takeUnlisted(eventId);
      return;
    }
    if (this.isPinned.get(eventId) === undefined) this.remove(eventId);
    else if (this.unlistEvent.run(eventId).changes > 0) {
      this.changes.record('events', `event:${eventId}`);
    }
  }

  /**
   * An event gone from the service: its row with its matches, clips and registrations (foreign
   * keys cascade), and what we knew about its copies, so nothing claims a copy that is not there.
   */
  remove(eventId: string): boolean {
    if (this.overlay.guards(eventId)) {
      this.overlay.takeGone(eventId);
      return false;
    }
    return this.removeRow(eventId);
  }

  /** Removes the row whatever edits stand on it: the overlay's own way to take an event away. */
  removeRow(eventId: string): boolean {
    const registered = this.registrationsOf.all(eventId);
    const removed = this.deleteEvent.run(eventId).changes > 0;
    this.syncState.forget(`event:${eventId}`, `/v1/events/${eventId}`);
    // An event we never held changes nothing: no notice, so a view on it cannot loop on a 404.
    if (removed) {
      this.changes.record(
        'events',
        `event:${eventId}`,
        `event:${eventId}:teams`,
        `event:${eventId}:matches`,
        `event:${eventId}:clips`,
      );
      if (registered.length > 0) this.changes.record('registrations');
      for (const number of registered) this.changes.record(`team:${number}:events`);
    }
    return removed;
  }

  seasonOf(eventId: string): string | null {
    return this.eventSeason.get(eventId) ?? null;
  }

  has(eventId: string): boolean {
    return this.eventExists.get(eventId) !== undefined;
  }
}
