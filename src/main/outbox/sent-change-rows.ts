import type { Statement } from 'better-sqlite3';
import type { EventCreateInput } from '../../shared/wire/event';
import type { AppDatabase } from '../storage/database';
import type { SentFields } from './sent-check-rows';

/**
 * What this computer's edits made one event read on the service: an event it created (`create`,
 * with the body it was created from) or fields it changed (`update`), each field's value before
 * and after. Kept so that a service that later loses them is told (see `lost-changes.ts`).
 */
export interface SentChange {
  eventId: string;
  kind: 'create' | 'update';
  payload: EventCreateInput | null;
  fields: SentFields;
  /** When the latest of them was answered (local time). */
  sentAt: string;
}

interface SentChangeRow {
  eventId: string;
  kind: 'create' | 'update';
  payload: string | null;
  fields: string;
  sentAt: string;
}

const COLUMNS = 'event_id AS eventId, kind, payload, fields, sent_at AS sentAt';

function toChange(row: SentChangeRow): SentChange {
  return {
    ...row,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as EventCreateInput),
    fields: JSON.parse(row.fields) as SentFields,
  };
}

/**
 * The `sent_changes` table, on the writer connection inside the caller's transaction: a change is
 * recorded in the same commit as the answer that made it so. Like the outbox it is the person's
 * own: clearing the cache leaves it.
 */
export class SentChangeRows {
  private readonly selectOne: Statement<[string, string], SentChangeRow>;
  private readonly selectAll: Statement<[string], SentChangeRow>;
  private readonly upsert: Statement;
  private readonly deleteOne: Statement<[string, string]>;

  constructor(db: AppDatabase) {
    this.selectOne = db.prepare(
      `SELECT ${COLUMNS} FROM sent_changes WHERE service = ? AND event_id = ?`,
    );
    this.selectAll = db.prepare(
      `SELECT ${COLUMNS} FROM sent_changes WHERE service = ? ORDER BY sent_at`,
    );
    this.upsert = db.prepare(`INSERT OR REPLACE INTO sent_changes
        (service, event_id, kind, payload, fields, sent_at)
      VALUES (@service, @eventId, @kind, @payload, @fields, @sentAt)`);
    this.deleteOne = db.prepare('DELETE FROM sent_changes WHERE service = ? AND event_id = ?');
  }

  /**
   * Adds what one more answer made so. A field changed again keeps the value it had before this
   * computer first changed it; an event created here stays one.
   */
  record(service: string, change: SentChange): void {
    const before = this.selectOne.get(service, change.eventId);
    const earlier = before === undefined ? null : toChange(before);
    const fields: SentFields = { ...change.fields };
    for (const [field, sent] of Object.entries(earlier?.fields ?? {})) {
      const name = field as keyof SentFields;
      const now = fields[name];
      fields[name] = now === undefined ? sent : { base: sent.base, mine: now.mine };
    }
    const payload = earlier?.payload ?? change.payload;
    this.upsert.run({
      service,
      eventId: change.eventId,
      kind: earlier?.kind === 'create' ? 'create' : change.kind,
      payload: payload === null ? null : JSON.stringify(payload),
      fields: JSON.stringify(fields),
      sentAt: change.sentAt,
    });
  }

  all(service: string): SentChange[] {
    return this.selectAll.all(service).map(toChange);
  }

  remove(service: string, eventId: string): void {
    this.deleteOne.run(service, eventId);
  }
}
