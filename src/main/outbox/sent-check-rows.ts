import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../storage/database';
import type { EditableField } from './event-row';

/** One field an update wrote: what the service held when it was checked, and what was sent. */
export interface SentField {
  base: string | null;
  mine: string | null;
}

export type SentFields = Partial<Record<EditableField, SentField>>;

/** An update sent without a validator, waiting for its second look (see `sent-checks.ts`). */
export interface SentCheck {
  id: number;
  eventId: string;
  fields: SentFields;
  /** Local time after which the second look is due. */
  checkAfter: string;
}

export type NewSentCheck = Omit<SentCheck, 'id'>;

interface SentCheckRow {
  id: number;
  eventId: string;
  fields: string;
  checkAfter: string;
}

const COLUMNS = `id, event_id AS eventId, fields, check_after AS checkAfter`;

function toCheck(row: SentCheckRow): SentCheck {
  return { ...row, fields: JSON.parse(row.fields) as SentFields };
}

/**
 * The `sent_checks` table, on the writer connection inside the caller's transaction: a check is
 * written in the same commit as the answer to the write it watches, so a crash between the two
 * cannot lose it. Like the outbox, it is the person's own: clearing the cache leaves it.
 */
export class SentCheckRows {
  private readonly insert: Statement;
  private readonly selectDue: Statement<[string, string], SentCheckRow>;
  private readonly selectOfEvent: Statement<[string, string], SentCheckRow>;
  private readonly selectNext: Statement<[string], string>;
  private readonly selectCount: Statement<[string], number>;
  private readonly deleteOne: Statement<[number]>;
  private readonly deleteOfEvent: Statement<[string, string]>;
  private readonly updateFields: Statement<[string, number]>;

  constructor(db: AppDatabase) {
    this.insert = db.prepare(`INSERT INTO sent_checks (service, event_id, fields, check_after)
      VALUES (@service, @eventId, @fields, @checkAfter)`);
    this.selectDue = db.prepare(`SELECT ${COLUMNS} FROM sent_checks
      WHERE service = ? AND check_after <= ? ORDER BY id`);
    this.selectOfEvent = db.prepare(`SELECT ${COLUMNS} FROM sent_checks
      WHERE service = ? AND event_id = ? ORDER BY id`);
    this.selectNext = db
      .prepare<[string], string>('SELECT min(check_after) FROM sent_checks WHERE service = ?')
      .pluck();
    this.selectCount = db
      .prepare<[string], number>('SELECT count(*) FROM sent_checks WHERE service = ?')
      .pluck();
    this.deleteOne = db.prepare('DELETE FROM sent_checks WHERE id = ?');
    this.deleteOfEvent = db.prepare('DELETE FROM sent_checks WHERE service = ? AND event_id = ?');
    this.updateFields = db.prepare('UPDATE sent_checks SET fields = ? WHERE id = ?');
  }

  /**
   * Watches what an update wrote. An earlier check of the same field is dropped: this write
   * replaced that one's value here, so finding it gone is no news.
   */
  add(service: string, check: NewSentCheck): void {
    const written = new Set(Object.keys(check.fields));
    for (const earlier of this.selectOfEvent.all(service, check.eventId).map(toCheck)) {
      const kept = Object.fromEntries(
        Object.entries(earlier.fields).filter(([field]) => !written.has(field)),
      );
      if (Object.keys(kept).length === 0) this.deleteOne.run(earlier.id);
      else this.updateFields.run(JSON.stringify(kept), earlier.id);
    }
    this.insert.run({ service, ...check, fields: JSON.stringify(check.fields) });
  }

  /** The checks of `service` due at `now` (an ISO time), oldest first. */
  due(service: string, now: string): SentCheck[] {
    return this.selectDue.all(service, now).map(toCheck);
  }

  /** When the next check of `service` is due; null when none waits. */
  nextDue(service: string): string | null {
    return this.selectNext.get(service) ?? null;
  }

  count(service: string): number {
    return this.selectCount.get(service) ?? 0;
  }

  remove(id: number): void {
    this.deleteOne.run(id);
  }

  /** The event is gone by an edit made here: nothing of it is left to look at. */
  removeEvent(service: string, eventId: string): void {
    this.deleteOfEvent.run(service, eventId);
  }
}
