import { Conditions, addStatusCondition } from '../../../shared/sql/list-sql';
import type { Statement } from 'better-sqlite3';
import type { CachedEvent, EventListInput, EventListSort } from '../../../shared/ipc/reads';
import type { EventListItem, Visibility } from '../../../shared/wire/event';
import type { AppDatabase } from '../../storage/database';
import { Lister, type ListPage } from './paging';
import { EVENT_COLUMNS, toEventListItem, type EventRow } from './rows';

interface EventDetailRow extends EventRow {
  listed: number;
  visibility: Visibility | null;
  created_at: string | null;
  updated_at: string | null;
}

/**
 * `date` is the service's order. `current` puts live events first, then upcoming ones from the
 * soonest, then past ones from the latest: the same windows as the status filter's, so a status
 * filter keeps the order within its group.
 */
function eventOrder(
  sort: EventListSort | undefined,
  now: string,
): { orderBy: string; orderParams: readonly unknown[] } {
  if (sort !== 'current') return { orderBy: 'e.start_date, e.id', orderParams: [] };
  return {
    orderBy: `CASE WHEN e.start_date > ? THEN 1 WHEN e.end_date >= ? THEN 0 ELSE 2 END,
      CASE WHEN e.end_date >= ? THEN e.start_date END, e.start_date DESC, e.id`,
    orderParams: [now, now, now],
  };
}

/** A single event and whether the event list shows it (for our key). */
export interface FoundEvent {
  event: CachedEvent;
  listed: boolean;
}

/** The event list and single events, read the way `GET /v1/events` reads the service's store. */
export class EventQueries {
  private readonly lister: Lister<EventRow>;
  private readonly selectById: Statement<[string], EventDetailRow>;
  private readonly selectValidator: Statement<[string, string], string | null>;

  constructor(db: AppDatabase) {
    this.lister = new Lister<EventRow>(db);
    this.selectById = db.prepare(`SELECT ${EVENT_COLUMNS}, e.listed, e.visibility, e.created_at,
      e.updated_at FROM events e WHERE e.id = ?`);
    // An event with edits standing has a shadow (the service's copy under them): what the row
    // shows is no state of the service's, so no validator vouches for it.
    this.selectValidator = db
      .prepare<[string, string], string | null>(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM event_shadows WHERE event_id = ?) THEN NULL
          ELSE (SELECT etag FROM etags WHERE url = ?) END`,
      )
      .pluck();
  }

  /** The validator of the service's record the event's row shows, where one vouches for it. */
  validator(eventId: string): string | null {
    return this.selectValidator.get(eventId, `/v1/events/${eventId}`) ?? null;
  }

  /** `now` is the local clock formatted like the stored timestamps. */
  list(input: EventListInput, now: string): ListPage<EventListItem> {
    // Only what the service's list showed our key: an unlisted event we hold is readable by id only.
    const conditions = new Conditions().add('e.listed = 1');
    if (input.season !== undefined) conditions.add('e.season = ?', input.season);
    if (input.status !== undefined) addStatusCondition(conditions, input.status, now);
    if (input.region !== undefined && input.region !== '') {
      conditions.add(
        '(e.state = ? COLLATE NOCASE OR e.country = ? COLLATE NOCASE)',
        input.region,
        input.region,
      );
    }
    // instr, not LIKE: a search for "100%" or "a_b" means those characters literally.
    if (input.search !== undefined && input.search !== '') {
      conditions.add(
        '(instr(lower(e.name), lower(?)) > 0 OR instr(e.id, lower(?)) > 0)',
        input.search,
        input.search,
      );
    }
    return this.lister.list(
      { from: 'FROM events e', columns: EVENT_COLUMNS, conditions, ...eventOrder(input.sort, now) },
      input,
      (row) => toEventListItem(row, now),
    );
  }

  find(eventId: string, now: string): FoundEvent | null {
    const row = this.selectById.get(eventId);
    if (row === undefined) return null;
    return {
      event: {
        ...toEventListItem(row, now),
        visibility: row.visibility,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      },
      listed: row.listed === 1,
    };
  }
}
