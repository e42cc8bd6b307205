import { Conditions, addStatusCondition } from '../../shared/sql/list-sql';
import type { Statement } from 'better-sqlite3';
import type { EventFields, EventStatus } from '../../shared/wire/event';
import { eventIdBase } from '../../shared/wire/event-rules';
import type { DataVersion } from './data-version';
import { EVENT_COLUMNS, type EventRow, type EventScope } from './event-rows';
import { Lister, type Page, type PageOf } from './paging';
import type { ServerDatabase } from './schema';

export interface EventFilters {
  season?: string;
  status?: EventStatus;
  region?: string;
  search?: string;
}

const ORDER = 'e.start_date, e.id';

function scoped(conditions: Conditions, scope: EventScope): Conditions {
  return scope === 'public' ? conditions.add(`e.visibility = 'public'`) : conditions;
}

/** Events: lists, lookups and the writes organizers make. Every write bumps the data version. */
export class EventRepository {
  private readonly lister: Lister<EventRow>;
  private readonly selectById: Statement<[string], EventRow>;
  private readonly idIssued: Statement<[string], { id: string }>;
  private readonly recordIssuedId: Statement<[string]>;
  private readonly insertEvent: Statement<Record<string, string>>;
  private readonly updateEvent: Statement<Record<string, string>>;
  private readonly deleteEvent: Statement<[string]>;
  private readonly createInTransaction: (fields: EventFields, now: string) => string;

  constructor(
    private readonly db: ServerDatabase,
    private readonly version: DataVersion,
  ) {
    this.lister = new Lister<EventRow>(db);
    this.selectById = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events e WHERE e.id = ?`);
    this.idIssued = db.prepare('SELECT id FROM issued_event_ids WHERE id = ?');
    this.recordIssuedId = db.prepare('INSERT INTO issued_event_ids (id) VALUES (?)');
    this.insertEvent = db.prepare(`INSERT INTO events (id, name, season, start_date, end_date,
      venue, city, state, country, visibility, stream_status, created_at, updated_at)
      VALUES (@id, @name, @season, @startDate, @endDate, @venue, @city, @state, @country,
      @visibility, @streamStatus, @now, @now)`);
    this.updateEvent = db.prepare(`UPDATE events SET name = @name, season = @season,
      start_date = @startDate, end_date = @endDate, venue = @venue, city = @city, state = @state,
      country = @country, visibility = @visibility, stream_status = @streamStatus, updated_at = @now
      WHERE id = @id`);
    this.deleteEvent = db.prepare('DELETE FROM events WHERE id = ?');
    this.createInTransaction = db.transaction((fields: EventFields, now: string) => {
      const base = eventIdBase(fields.name, fields.season);
      let id = base;
      for (let suffix = 2; this.idIssued.get(id) !== undefined; suffix += 1)
        id = `${base}${suffix}`;
      this.recordIssuedId.run(id);
      this.insertEvent.run({ id, now, ...flatten(fields) });
      return id;
    });
  }

  list(filters: EventFilters, scope: EventScope, now: string, page: Page): PageOf<EventRow> {
    const conditions = scoped(new Conditions(), scope);
    if (filters.season !== undefined) conditions.add('e.season = ?', filters.season);
    if (filters.status !== undefined) addStatusCondition(conditions, filters.status, now);
    if (filters.region !== undefined && filters.region !== '') {
      conditions.add(
        '(e.state = ? COLLATE NOCASE OR e.country = ? COLLATE NOCASE)',
        filters.region,
        filters.region,
      );
    }
    // instr, not LIKE: a search for "100%" or "a_b" means those characters literally.
    if (filters.search !== undefined && filters.search !== '') {
      conditions.add(
        '(instr(lower(e.name), lower(?)) > 0 OR instr(e.id, lower(?)) > 0)',
        filters.search,
        filters.search,
      );
    }
    return this.lister.list(
      { from: 'FROM events e', columns: EVENT_COLUMNS, conditions, orderBy: ORDER },
      page,
    );
  }

  listOfTeam(
    teamNumber: number,
    season: string | undefined,
    scope: EventScope,
    page: Page,
  ): PageOf<EventRow> {
    const conditions = scoped(new Conditions(), scope).add('r.team_number = ?', teamNumber);
    if (season !== undefined) conditions.add('e.season = ?', season);
    const from = 'FROM registrations r JOIN events e ON e.id = r.event_id';
    return this.lister.list({ from, columns: EVENT_COLUMNS, conditions, orderBy: ORDER }, page);
  }

  find(id: string): EventRow | undefined {
    return this.selectById.get(id);
  }

  /** Gives the event the first code from its name and season that was never issued before. */
  create(fields: EventFields, now: string): string {
    const id = this.createInTransaction(fields, now);
    this.version.bump();
    return id;
  }

  update(id: string, fields: EventFields, now: string): void {
    this.updateEvent.run({ id, now, ...flatten(fields) });
    this.version.bump();
  }

  /** Matches, clips and registrations go with the event (foreign keys cascade); teams stay. */
  delete(id: string): boolean {
    const deleted = this.deleteEvent.run(id).changes > 0;
    if (deleted) this.version.bump();
    return deleted;
  }

  /** Keeps imported (or otherwise pre-existing) codes from ever being issued to a new event. */
  recordExistingIds(): void {
    this.db.exec('INSERT OR IGNORE INTO issued_event_ids (id) SELECT id FROM events');
  }

  isEmpty(): boolean {
    return this.db.prepare('SELECT 1 FROM events LIMIT 1').get() === undefined;
  }
}

function flatten({ location, ...rest }: EventFields): Record<string, string> {
  return { ...rest, ...location };
}
