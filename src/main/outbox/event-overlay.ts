import type { Statement } from 'better-sqlite3';
import type { EventListItem, EventRecord } from '../../shared/wire/event';
import type { ChangeRecorder } from '../cache/change-log';
import type { AppDatabase } from '../storage/database';
import { isLocalEventCode } from '../../shared/wire/local-code';
import { createValues, patchValues, type Edit } from './edit';
import { EVENT_ROW_COLUMNS, withFields, type EventRow } from './event-row';
import type { OutboxRows } from './outbox-rows';

interface Shadow {
  /** The service's copy; `null` when the service does not have the event (any more). */
  record: EventRow | null;
  etag: string | null;
}

/** The row of a list item or single record, before the cache's own `listed` is decided. */
function rowOf(
  item: EventListItem | EventRecord,
  listed: 0 | 1,
  known: Pick<EventRow, 'visibility' | 'createdAt' | 'updatedAt'>,
): EventRow {
  return {
    id: item.id,
    name: item.name,
    season: item.season,
    startDate: item.startDate,
    endDate: item.endDate,
    ...item.location,
    streamStatus: item.streamStatus,
    teamCount: item.teamCount,
    clipCount: item.clipCount,
    listed,
    ...known,
  };
}

/**
 * Keeps organizers' edits on screen through every sync. An event with edits standing has a shadow:
 * the service's own copy, which syncs update in its place. Its `events` row is always that copy
 * with the standing edits applied on top, in order; an event created here has no copy of the
 * service's yet, and a pending delete has no row. When the last edit is done (sent, discarded or
 * refused), the row goes back to being the service's copy.
 */
export class EventOverlay {
  private readonly selectRow: Statement<[string], EventRow>;
  private readonly upsertRow: Statement;
  private readonly selectShadow: Statement<
    [string],
    { record: string | null; etag: string | null }
  >;
  private readonly putShadowRow: Statement<[string, string | null, string | null]>;
  private readonly deleteShadow: Statement<[string]>;
  private readonly selectEtag: Statement<[string], string>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
    private readonly outbox: OutboxRows,
    /** Which service's edits apply: the one the cache holds a copy of. */
    private readonly scope: () => string | null,
    /** Removes an events row and everything of it, as a sync would. */
    private readonly removeRow: (eventId: string) => void,
  ) {
    this.selectRow = db.prepare(`SELECT ${EVENT_ROW_COLUMNS} FROM events WHERE id = ?`);
    this.upsertRow = db.prepare(`INSERT INTO events (id, name, season, start_date, end_date,
        venue, city, state, country, stream_status, team_count, clip_count, listed, visibility,
        created_at, updated_at)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
        @streamStatus, @teamCount, @clipCount, @listed, @visibility, @createdAt, @updatedAt)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, season = excluded.season,
        start_date = excluded.start_date, end_date = excluded.end_date, venue = excluded.venue,
        city = excluded.city, state = excluded.state, country = excluded.country,
        stream_status = excluded.stream_status, team_count = excluded.team_count,
        clip_count = excluded.clip_count, listed = excluded.listed,
        visibility = excluded.visibility, created_at = excluded.created_at,
        updated_at = excluded.updated_at
      WHERE (events.name, events.season, events.start_date, events.end_date, events.venue,
        events.city, events.state, events.country, events.stream_status, events.team_count,
        events.clip_count, events.listed, events.visibility, events.created_at,
        events.updated_at)
        IS NOT (excluded.name, excluded.season, excluded.start_date, excluded.end_date,
        excluded.venue, excluded.city, excluded.state, excluded.country, excluded.stream_status,
        excluded.team_count, excluded.clip_count, excluded.listed, excluded.visibility,
        excluded.created_at, excluded.updated_at)`);
    this.selectShadow = db.prepare('SELECT record, etag FROM event_shadows WHERE event_id = ?');
    this.putShadowRow = db.prepare(`INSERT INTO event_shadows (event_id, record, etag)
      VALUES (?, ?, ?) ON CONFLICT (event_id) DO UPDATE SET record = excluded.record,
      etag = excluded.etag`);
    this.deleteShadow = db.prepare('DELETE FROM event_shadows WHERE event_id = ?');
    this.selectEtag = db.prepare<[string], string>('SELECT etag FROM etags WHERE url = ?').pluck();
  }

  /** Whether a sync must leave the event's row to the overlay. */
  guards(eventId: string): boolean {
    // Asked for every record a list pull writes: the edits are looked at first, by the event's
    // index, and the service only for an event that has any (reading it costs a query of its own).
    if (!this.outbox.anyStanding(eventId)) return false;
    const scope = this.scope();
    return scope !== null && this.outbox.hasStanding(scope, eventId);
  }

  /** The event as the cache shows it now. */
  row(eventId: string): EventRow | null {
    return this.selectRow.get(eventId) ?? null;
  }

  /**
   * The service's copy an edit is made against, kept from the first edit on: the row as synced,
   * with the validator of its single record where one was read.
   */
  capture(eventId: string): Shadow {
    const held = this.shadow(eventId);
    if (held !== undefined) return held;
    const shadow = {
      record: this.row(eventId),
      etag: this.selectEtag.get(`/v1/events/${eventId}`) ?? null,
    };
    this.putShadow(eventId, shadow);
    return shadow;
  }

  /** A sync's list item for a guarded event goes to its shadow. */
  takeItem(item: EventListItem): number {
    const held = this.shadow(item.id);
    const previous = held?.record ?? null;
    this.putShadow(item.id, {
      record: rowOf(item, 1, {
        visibility: previous?.visibility ?? null,
        createdAt: previous?.createdAt ?? null,
        updatedAt: previous?.updatedAt ?? null,
      }),
      etag: held?.etag ?? null,
    });
    return this.refresh(item.id);
  }

  /** A sync's (or a write answer's) single record for a guarded event goes to its shadow. */
  takeRecord(record: EventRecord, etag: string | null): number {
    const previous = this.shadow(record.id)?.record ?? null;
    this.putShadow(record.id, {
      record: rowOf(record, previous?.listed ?? 1, record),
      etag,
    });
    return this.refresh(record.id);
  }

  /** The service's list no longer shows a guarded event; its row stays while edits stand. */
  takeUnlisted(eventId: string): void {
    const shadow = this.shadow(eventId);
    if (shadow?.record === undefined || shadow.record === null) return;
    this.putShadow(eventId, { record: { ...shadow.record, listed: 0 }, etag: shadow.etag });
    this.refresh(eventId);
  }

  /** The service no longer has a guarded event; what to do about its edits is the sender's call. */
  takeGone(eventId: string): void {
    if (this.shadow(eventId) === undefined) return;
    this.putShadow(eventId, { record: null, etag: null });
  }

  /**
   * Makes the event's row its shadow with the standing edits on top; with no edit standing, the
   * service's copy again (or nothing, for an event the service never had or no longer has).
   * Returns how many rows changed.
   */
  refresh(eventId: string): number {
    const scope = this.scope();
    if (scope === null) return 0;
    const edits = this.outbox.standing(scope, eventId);
    const shadow = this.shadow(eventId);
    if (edits.length === 0) {
      if (shadow !== undefined) this.deleteShadow.run(eventId);
      if (shadow !== undefined && shadow.record !== null) return this.write(shadow.record);
      if (shadow !== undefined || isLocalEventCode(eventId)) return this.remove(eventId);
      return 0;
    }
    const row = edits.reduce(applyEdit, shadow?.record ?? null);
    return row === null ? this.remove(eventId) : this.write(row);
  }

  shadow(eventId: string): Shadow | undefined {
    const held = this.selectShadow.get(eventId);
    if (held === undefined) return undefined;
    return {
      record: held.record === null ? null : (JSON.parse(held.record) as EventRow),
      etag: held.etag,
    };
  }

  putShadow(eventId: string, shadow: Shadow): void {
    this.putShadowRow.run(
      eventId,
      shadow.record === null ? null : JSON.stringify(shadow.record),
      shadow.etag,
    );
  }

  dropShadow(eventId: string): void {
    this.deleteShadow.run(eventId);
  }

  private write(row: EventRow): number {
    const changed = this.upsertRow.run(row).changes;
    if (changed > 0) this.changes.record('events', `event:${row.id}`);
    return changed;
  }

  private remove(eventId: string): number {
    if (this.row(eventId) === null) return 0;
    this.removeRow(eventId);
    return 1;
  }
}

/** One edit on top of the event as the ones before it left it. */
function applyEdit(row: EventRow | null, edit: Edit): EventRow | null {
  switch (edit.kind) {
    case 'create':
      return withFields(
        {
          id: edit.eventId,
          name: '',
          season: '',
          startDate: '',
          endDate: '',
          venue: '',
          city: '',
          state: '',
          country: '',
          streamStatus: 'none',
          teamCount: 0,
          clipCount: 0,
          listed: 1,
          visibility: null,
          createdAt: null,
          updatedAt: null,
        },
        createValues(edit.payload),
      );
    case 'update':
      return row === null ? null : withFields(row, patchValues(edit.payload));
    case 'delete':
      return null;
  }
}
