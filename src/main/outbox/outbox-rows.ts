import type { Statement } from 'better-sqlite3';
import type { ChangeRecorder } from '../cache/change-log';
import type { AppDatabase } from '../storage/database';
import { EDIT_STATES, type EditState } from '../../shared/ipc/edits';
import type { Edit, EditConflict, EditError, EditKind } from './edit';
import type { FieldValues } from './event-row';

interface OutboxRow {
  id: number;
  eventId: string;
  kind: EditKind;
  payload: string | null;
  base: string | null;
  baseEtag: string | null;
  idempotencyKey: string;
  state: EditState;
  attempts: number;
  notBefore: string | null;
  error: string | null;
  conflict: string | null;
  queuedAt: string;
  sentAt: string | null;
}

export interface NewEdit {
  service: string;
  eventId: string;
  kind: EditKind;
  payload: unknown;
  base: FieldValues | null;
  baseEtag: string | null;
  idempotencyKey: string;
  queuedAt: string;
}

/** What changes of an edit as it goes out; fields left out stay as they are. */
export interface EditUpdate {
  state?: EditState;
  attempts?: number;
  notBefore?: string | null;
  error?: EditError | null;
  conflict?: EditConflict | null;
  base?: FieldValues;
  baseEtag?: string | null;
  payload?: unknown;
}

/** The columns the outbox has had since it was made (migration 4). */
const FIRST_COLUMNS = `id, event_id AS eventId, kind, payload, base, base_etag AS baseEtag,
  idempotency_key AS idempotencyKey, state, attempts, not_before AS notBefore, error, conflict,
  queued_at AS queuedAt`;
const COLUMNS = `${FIRST_COLUMNS}, sent_at AS sentAt`;

/** `state IN (…)` of the states named, from the one list of them. */
function stateIn(states: readonly EditState[]): string {
  return `state IN (${states.map((state) => `'${state}'`).join(', ')})`;
}

/** States whose edit still stands in the cache: everything but a refused one. */
const STANDING = stateIn(EDIT_STATES.filter((state) => state !== 'failed'));
/** States a sender may take an edit in: waiting, or sent without a clear answer. */
const SENDABLE = stateIn(['pending', 'sending']);

function parse<Value>(text: string | null): Value | null {
  return text === null ? null : (JSON.parse(text) as Value);
}

function toEdit(row: OutboxRow): Edit {
  const common = {
    id: row.id,
    eventId: row.eventId,
    state: row.state,
    attempts: row.attempts,
    error: parse<EditError>(row.error),
    conflict: parse<EditConflict>(row.conflict),
    queuedAt: row.queuedAt,
    notBefore: row.notBefore,
    idempotencyKey: row.idempotencyKey,
    sentAt: row.sentAt,
  };
  switch (row.kind) {
    case 'create':
      return { ...common, kind: 'create', payload: parse(row.payload) as never };
    case 'update':
      return {
        ...common,
        kind: 'update',
        payload: parse(row.payload) as never,
        base: parse<FieldValues>(row.base) ?? {},
        baseEtag: row.baseEtag,
      };
    case 'delete':
      return {
        ...common,
        kind: 'delete',
        base: parse<FieldValues>(row.base) ?? {},
        baseEtag: row.baseEtag,
      };
  }
}

type ServiceRow = OutboxRow & { service: string };

/** One service's edits, as another service's are shown: read only. */
export interface ServiceEdits {
  service: string;
  edits: Edit[];
}

/**
 * The outbox as views read it, on the read-only connection: a panel re-reading on every notice
 * never waits behind a sync's write session, and sees only what was committed.
 */
export class OutboxReader {
  private readonly selectAll: Statement<[string], OutboxRow>;

  constructor(reader: AppDatabase) {
    this.selectAll = reader.prepare(`SELECT ${COLUMNS} FROM outbox WHERE service = ? ORDER BY id`);
  }

  /** Every edit for `service`, oldest first. */
  all(service: string): Edit[] {
    return this.selectAll.all(service).map(toEdit);
  }
}

/**
 * Other services' edits, on a read-only connection. Only the columns the outbox has had from the
 * start are read: these edits are shown, never sent from here, and the closed cache of the other
 * profile may still be at the version an older Pitside left it at.
 */
export class ElsewhereReader {
  private readonly selectOthers: Statement<[string | null], ServiceRow>;

  constructor(reader: AppDatabase) {
    this.selectOthers = reader.prepare<
      [string | null],
      ServiceRow
    >(`SELECT service, ${FIRST_COLUMNS}, NULL AS sentAt
      FROM outbox WHERE service IS NOT ? ORDER BY service, id`);
  }

  /** Every edit of a service other than `service`, by service, each oldest first. */
  others(service: string | null): ServiceEdits[] {
    const groups = new Map<string, Edit[]>();
    for (const row of this.selectOthers.all(service)) {
      const edits = groups.get(row.service) ?? [];
      edits.push(toEdit(row));
      groups.set(row.service, edits);
    }
    return [...groups].map(([name, edits]) => ({ service: name, edits }));
  }
}

/**
 * The outbox table: organizers' edits in the order they were made, one service's apart from
 * another's. Statements run on the writer connection inside the caller's transaction, so an edit
 * and its change to the cache commit together or not at all.
 */
export class OutboxRows {
  private readonly insert: Statement;
  private readonly selectOne: Statement<[number, string], OutboxRow>;
  private readonly selectAll: Statement<[string], OutboxRow>;
  private readonly selectStanding: Statement<[string, string], OutboxRow>;
  private readonly selectHasStanding: Statement<[string, string], number>;
  private readonly selectAnyStanding: Statement<[string], number>;
  private readonly deleteOne: Statement<[number]>;
  private readonly retargetEdits: Statement<[string, string, string]>;
  private readonly updateOne: Statement;
  private readonly claimOne: Statement;

  /** Every change of an edit is recorded as `outbox`, so a panel of pending edits re-reads. */
  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
  ) {
    this.insert = db.prepare(`INSERT INTO outbox (service, event_id, kind, payload, base,
        base_etag, idempotency_key, state, queued_at, changed_at)
      VALUES (@service, @eventId, @kind, @payload, @base, @baseEtag, @idempotencyKey, 'pending',
        @queuedAt, @queuedAt)`);
    this.selectOne = db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE id = ? AND service = ?`);
    this.selectAll = db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE service = ? ORDER BY id`);
    this.selectStanding = db.prepare(`SELECT ${COLUMNS} FROM outbox
      WHERE service = ? AND event_id = ? AND ${STANDING} ORDER BY id`);
    this.selectHasStanding = db
      .prepare<[string, string], number>(
        `SELECT 1 FROM outbox WHERE service = ? AND event_id = ? AND ${STANDING} LIMIT 1`,
      )
      .pluck();
    this.selectAnyStanding = db
      .prepare<[string], number>(`SELECT 1 FROM outbox WHERE event_id = ? AND ${STANDING} LIMIT 1`)
      .pluck();
    this.deleteOne = db.prepare('DELETE FROM outbox WHERE id = ?');
    this.retargetEdits = db.prepare(
      'UPDATE outbox SET event_id = ? WHERE service = ? AND event_id = ?',
    );
    this.updateOne = db.prepare(`UPDATE outbox SET
        state = coalesce(@state, state),
        attempts = coalesce(@attempts, attempts),
        not_before = CASE WHEN @setNotBefore THEN @notBefore ELSE not_before END,
        error = CASE WHEN @setError THEN @error ELSE error END,
        conflict = CASE WHEN @setConflict THEN @conflict ELSE conflict END,
        base = coalesce(@base, base),
        base_etag = CASE WHEN @setBaseEtag THEN @baseEtag ELSE base_etag END,
        payload = coalesce(@payload, payload),
        changed_at = @changedAt
      WHERE id = @id`);
    this.claimOne = db.prepare(`UPDATE outbox SET state = 'sending', attempts = attempts + @added,
        sent_at = coalesce(sent_at, @at), changed_at = @changedAt
      WHERE id = @id AND state = @state AND attempts = @attempts
        AND ${SENDABLE}
      RETURNING ${COLUMNS}`);
  }

  /**
   * Takes an edit to send it, if it is still as the sender read it (same state, same count of
   * tries): one statement, so two senders that read the same edit cannot both take it. `counted`
   * adds a try; the first claim also stamps when the edit first went out. `null`: taken, changed
   * or gone meanwhile.
   */
  claim(edit: Edit, counted: boolean, at: string, changedAt: string): Edit | null {
    const row = this.claimOne.get({
      id: edit.id,
      state: edit.state,
      attempts: edit.attempts,
      added: counted ? 1 : 0,
      at,
      changedAt,
    }) as OutboxRow | undefined;
    if (row === undefined) return null;
    this.changes.record('outbox');
    return toEdit(row);
  }

  add(edit: NewEdit): number {
    const result = this.insert.run({
      ...edit,
      payload: edit.payload === undefined ? null : JSON.stringify(edit.payload),
      base: edit.base === null ? null : JSON.stringify(edit.base),
    });
    this.changes.record('outbox');
    return Number(result.lastInsertRowid);
  }

  /** The edit `id` of `service`; another service's edits are not reachable from this one. */
  get(id: number, service: string): Edit | null {
    const row = this.selectOne.get(id, service);
    return row === undefined ? null : toEdit(row);
  }

  /** Every edit for `service`, oldest first. */
  all(service: string): Edit[] {
    return this.selectAll.all(service).map(toEdit);
  }

  /** The edits of one event that still stand (not refused), in the order they were made. */
  standing(service: string, eventId: string): Edit[] {
    return this.selectStanding.all(service, eventId).map(toEdit);
  }

  /** Whether any service's edits of `eventId` still stand. */
  anyStanding(eventId: string): boolean {
    return this.selectAnyStanding.get(eventId) !== undefined;
  }

  hasStanding(service: string, eventId: string): boolean {
    return this.selectHasStanding.get(service, eventId) !== undefined;
  }

  update(id: number, update: EditUpdate, changedAt: string): void {
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    this.updateOne.run({
      id,
      changedAt,
      state: update.state ?? null,
      attempts: update.attempts ?? null,
      setNotBefore: update.notBefore !== undefined ? 1 : 0,
      notBefore: update.notBefore ?? null,
      setError: update.error !== undefined ? 1 : 0,
      error: update.error === undefined ? null : json(update.error),
      setConflict: update.conflict !== undefined ? 1 : 0,
      conflict: update.conflict === undefined ? null : json(update.conflict),
      base: update.base === undefined ? null : JSON.stringify(update.base),
      setBaseEtag: update.baseEtag !== undefined ? 1 : 0,
      baseEtag: update.baseEtag ?? null,
      payload: update.payload === undefined ? null : JSON.stringify(update.payload),
    });
    this.changes.record('outbox');
  }

  remove(id: number): void {
    if (this.deleteOne.run(id).changes > 0) this.changes.record('outbox');
  }

  /** The later edits of an event created here follow it to the code the service gave it. */
  retarget(service: string, from: string, to: string): void {
    if (this.retargetEdits.run(to, service, from).changes > 0) this.changes.record('outbox');
  }
}
