import { randomUUID } from 'node:crypto';
import type { EventCreateInput, EventPatchInput } from '../../shared/wire/event';
import { checkCreateBody, checkPatchBody, mergePatch } from '../../shared/wire/event-input';
import { EDITABLE_EVENT_FIELDS, type EditBase } from '../../shared/ipc/edits';
import { formatTimestamp } from '../../shared/wire/formats';
import { isLocalEventCode, newLocalEventCode } from '../../shared/wire/local-code';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';
import { resolvedEdit, type Resolution } from './conflict-choices';
import { OutboxReader } from './outbox-rows';
import type { OutboxWriter } from './outbox-writer';
import { createValues, patchValues, type Edit } from './edit';
import { EditRefusedError } from './edit-refused';
import { fieldsOf, fieldValues, type EditableField, type EventRow } from './event-row';

export interface OutboxOptions {
  writer: OutboxWriter;
  /** The cache's read-only connection, for listing the edits. */
  reader: AppDatabase;
  queue: WriteQueue;
  /** The service whose copy the cache holds; edits are queued for it alone. */
  scope: () => string | null;
  now: () => Date;
  random?: () => number;
}

/**
 * Queues organizers' edits. Each is written to the outbox in the same transaction as its change
 * to the cache, ahead of any sync write waiting: when a call resolves, the edit is on disk and on
 * screen, and nothing has gone to the network. The sender (`sender.ts`) takes it from there.
 * Input is checked with the service's own rules first, so what the service would refuse is never
 * queued.
 */
export class Outbox {
  private readonly random: () => number;
  private readonly reads: OutboxReader;

  constructor(private readonly options: OutboxOptions) {
    this.random = options.random ?? Math.random;
    this.reads = new OutboxReader(options.reader);
  }

  /** Every edit for the current service, oldest first. */
  list(): Promise<Edit[]> {
    const scope = this.options.scope();
    return Promise.resolve(scope === null ? [] : this.reads.all(scope));
  }

  /**
   * Puts every standing edit of the current service back on screen: after the cache was cleared
   * or the service changed, events created here show again at once, and edited events as soon as
   * a pull brings the service's copy to apply them to.
   */
  restore(): Promise<void> {
    const scope = this.options.scope();
    if (scope === null) return Promise.resolve();
    return this.write(() => {
      const events = new Set(this.rows.all(scope).map((edit) => edit.eventId));
      for (const eventId of events) this.overlay.refresh(eventId);
    });
  }

  /** Queues a new event under a temporary code; the service names it when it gets it. */
  create(body: unknown): Promise<Edit> {
    const checked = checkCreateBody(body);
    if (!checked.ok) return Promise.reject(EditRefusedError.of(checked.error));
    return this.write(() => {
      const scope = this.requireScope();
      const eventId = newLocalEventCode(this.random);
      const id = this.rows.add({
        service: scope,
        eventId,
        kind: 'create',
        payload: body,
        base: null,
        baseEtag: null,
        idempotencyKey: randomUUID(),
        queuedAt: formatTimestamp(this.options.now()),
      });
      this.overlay.refresh(eventId);
      return this.requireEdit(id);
    });
  }

  /**
   * Queues a merge patch of an event, checked against the event as it reads now. `seen` is what
   * the organizer's form showed when it opened: the edit is based on it, so a field someone else
   * changed meanwhile is compared as theirs, never overwritten. Without it (the command line, a
   * stream button), the edit is based on the event as it reads now. With `holdMs` it is on disk at
   * once but sent no sooner than that: an undo window, as for ending a stream.
   */
  update(
    eventId: string,
    patch: unknown,
    { seen, holdMs = 0 }: { seen?: EditBase; holdMs?: number } = {},
  ): Promise<Edit> {
    const checked = checkPatchBody(patch);
    if (!checked.ok) return Promise.reject(EditRefusedError.of(checked.error));
    return this.write(() => {
      const scope = this.requireScope();
      const row = this.requireRow(eventId);
      const merged = mergePatch(fieldsOf(row), checked.value);
      if (!merged.ok) throw EditRefusedError.of(merged.error);
      const fields = Object.keys(patchValues(patch as EventPatchInput)) as EditableField[];
      const base = seen === undefined ? fieldValues(row, EDITABLE_EVENT_FIELDS) : seen.fields;
      const unseen = fields.filter((field) => base[field] === undefined);
      if (unseen.length > 0) {
        throw new EditRefusedError(
          'invalid_base',
          'The change does not say what the fields it sets read before it.',
          unseen.map((field) => ({ field: `base.fields.${field}`, issue: 'is required' })),
        );
      }
      const captured = this.captureBase(scope, eventId);
      // A validator vouches for the state it was read with, and a base with a field it never knew
      // was not that state: the edit is compared with the service's record instead, on what was seen.
      const known = fields.every((field) => base[field] !== null);
      const baseEtag =
        !known || !captured.first ? null : seen === undefined ? captured.baseEtag : seen.etag;
      const id = this.rows.add({
        service: scope,
        eventId,
        kind: 'update',
        payload: patch,
        base,
        baseEtag,
        idempotencyKey: randomUUID(),
        queuedAt: formatTimestamp(this.options.now()),
      });
      if (holdMs > 0) this.hold(id, holdMs);
      this.overlay.refresh(eventId);
      return this.requireEdit(id);
    });
  }

  /**
   * Queues the deletion of an event. An event created here that has not gone out yet is simply
   * taken back, with its edits: there is nothing to tell the service. Returns the queued edit, or
   * `null` when nothing needs sending.
   *
   * With `holdMs`, the deletion is on disk at once but sent no sooner than that (its undo window):
   * closing the app meanwhile loses nothing, and `discard` takes it back. A created event is then
   * held with it, and taken back for good once the window has passed (`settleHeld`).
   */
  queueDelete(eventId: string, holdMs = 0): Promise<Edit | null> {
    return this.write(() => {
      const scope = this.requireScope();
      const row = this.requireRow(eventId);
      const standing = this.rows.standing(scope, eventId);
      const create = standing.find((edit) => edit.kind === 'create');
      const neverSent =
        create !== undefined && create.state === 'pending' && create.sentAt === null;
      if (neverSent && holdMs === 0) {
        for (const edit of standing) this.rows.remove(edit.id);
        this.overlay.refresh(eventId);
        return null;
      }
      const base = fieldValues(row, EDITABLE_EVENT_FIELDS);
      // As for an update: a validator cannot vouch for a base with a field it never knew, so the
      // service's record is read and compared instead, on what was seen.
      const known = Object.values(base).every((value) => value !== null);
      const { baseEtag } = this.captureBase(scope, eventId);
      const id = this.rows.add({
        service: scope,
        eventId,
        kind: 'delete',
        payload: null,
        base,
        baseEtag: known ? baseEtag : null,
        idempotencyKey: randomUUID(),
        queuedAt: formatTimestamp(this.options.now()),
      });
      if (holdMs > 0) {
        this.hold(id, holdMs);
        // A create sent in the window would put on the service an event about to be taken back.
        if (neverSent) this.hold(create.id, holdMs);
      }
      this.overlay.refresh(eventId);
      return this.requireEdit(id);
    });
  }

  /**
   * Ends the undo windows that have passed of deletions of events created here and never sent:
   * the event and its edits are taken back, as `remove` does without a window. Deletions of
   * events the service has go out as any edit does.
   */
  settleHeld(): Promise<void> {
    const scope = this.options.scope();
    if (scope === null) return Promise.resolve();
    const now = formatTimestamp(this.options.now());
    return this.write(() => {
      for (const edit of this.rows.all(scope)) {
        if (edit.kind !== 'delete' || (edit.notBefore !== null && edit.notBefore > now)) continue;
        const standing = this.rows.standing(scope, edit.eventId);
        const create = standing.find((each) => each.kind === 'create');
        if (create === undefined || create.state !== 'pending') continue;
        for (const each of standing) this.rows.remove(each.id);
        this.overlay.refresh(edit.eventId);
      }
    });
  }

  /**
   * Takes an edit back. One that may already have reached the service (`sending`) cannot be:
   * the next sync finds out whether it did. Taking back a create takes its event's later edits too.
   */
  discard(id: number): Promise<void> {
    return this.write(() => {
      const edit = this.requireEdit(id);
      if (edit.state === 'sending') {
        throw new EditRefusedError(
          'not_allowed',
          `Edit ${id} may already have reached the service; the next sync finds out, then it can be discarded.`,
        );
      }
      this.rows.remove(id);
      if (edit.kind === 'delete') {
        // Undo in the deletion's window: a created event held with it may go out again.
        const scope = this.requireScope();
        const create = this.rows
          .standing(scope, edit.eventId)
          .find((each) => each.kind === 'create');
        if (create?.state === 'pending')
          this.rows.update(create.id, { notBefore: null }, formatTimestamp(this.options.now()));
      }
      if (edit.kind === 'create') {
        const scope = this.requireScope();
        for (const later of this.rows.all(scope)) {
          if (later.eventId === edit.eventId) this.rows.remove(later.id);
        }
      }
      this.overlay.refresh(edit.eventId);
    });
  }

  /**
   * Ends a conflict. Each field both sides changed keeps the service's value (`theirs`) or this
   * edit's (`mine`); fields only one side changed were merged already. An edit left with nothing to
   * send is done; otherwise it goes out again, based on the state the conflict was found against.
   */
  resolve(id: number, resolution: Resolution): Promise<Edit | null> {
    return this.write(() => {
      const edit = this.requireEdit(id);
      if (edit.state !== 'conflict' || edit.conflict === null || edit.kind === 'create') {
        throw new EditRefusedError('not_allowed', `Edit ${id} is not in conflict.`);
      }
      const service = this.overlay.shadow(edit.eventId)?.record;
      const resolved = resolvedEdit(edit, edit.conflict, resolution, service);
      if (resolved === null) this.rows.remove(id);
      else this.rows.update(id, resolved, formatTimestamp(this.options.now()));
      this.overlay.refresh(edit.eventId);
      return this.rows.get(id, this.requireScope());
    });
  }

  /**
   * Queues a failed edit again, with corrected input for a create or an update. A create is
   * queued again in place, under the same temporary code and with the same idempotency key, so
   * the event's later edits still follow it and a service that got it before never makes it
   * twice. One that may have arrived (it went out before) is looked for first; corrected, it goes
   * out as it was, and the corrections as a change after it. An update or delete goes out after
   * the edits queued since, as a new edit.
   */
  async resend(id: number, payload?: unknown, seen?: EditBase): Promise<Edit | null> {
    const edit = await this.write(() => this.requireEdit(id));
    if (edit.state !== 'failed') {
      throw new EditRefusedError('not_allowed', `Edit ${id} has not failed; it is ${edit.state}.`);
    }
    if (edit.kind === 'create') {
      const body = payload ?? edit.payload;
      const checked = checkCreateBody(body);
      if (!checked.ok) throw EditRefusedError.of(checked.error);
      const corrected = !sameCreate(edit.payload, body);
      // Refused as it was, it never arrived; given up on, it may have.
      const keep = corrected && edit.sentAt !== null && edit.error?.gaveUp !== undefined;
      await this.write(() => {
        this.rows.update(
          id,
          {
            state: 'pending',
            attempts: 0,
            error: null,
            notBefore: null,
            payload: keep ? edit.payload : body,
          },
          formatTimestamp(this.options.now()),
        );
        this.overlay.refresh(edit.eventId);
      });
      if (keep) await this.update(edit.eventId, body);
      return this.write(() => this.requireEdit(id));
    }
    const queued =
      edit.kind === 'update'
        ? await this.update(edit.eventId, payload ?? edit.payload, { seen })
        : await this.queueDelete(edit.eventId);
    await this.write(() => this.rows.remove(id));
    return queued;
  }

  /** Not sent before `holdMs` from now: an undo window; the sender leaves it (and its event's later edits) until then. */
  private hold(id: number, holdMs: number): void {
    const notBefore = formatTimestamp(new Date(this.options.now().getTime() + holdMs));
    this.rows.update(id, { notBefore }, formatTimestamp(this.options.now()));
  }

  private get rows() {
    return this.options.writer.outbox;
  }

  private get overlay() {
    return this.options.writer.overlay;
  }

  private write<Result>(work: () => Result): Promise<Result> {
    return this.options.queue.runFirst(work);
  }

  private requireScope(): string {
    const scope = this.options.scope();
    if (scope === null) {
      throw new EditRefusedError('no_service', 'No service is set up: edits are made for one.');
    }
    return scope;
  }

  private requireRow(eventId: string): EventRow {
    const row = this.overlay.row(eventId);
    if (row === null) {
      throw new EditRefusedError('not_found', `There is no event ${eventId} in the cache.`);
    }
    return row;
  }

  private requireEdit(id: number): Edit {
    const edit = this.rows.get(id, this.requireScope());
    if (edit === null) throw new EditRefusedError('not_found', `There is no edit ${id}.`);
    return edit;
  }

  /**
   * The first edit of an event keeps the service's copy as its shadow; its validator is the
   * edit's base. A later edit is based on the one before it, whose answer gives its validator.
   */
  private captureBase(scope: string, eventId: string): { baseEtag: string | null; first: boolean } {
    if (isLocalEventCode(eventId)) return { baseEtag: null, first: false };
    const first = this.rows.standing(scope, eventId).length === 0;
    const shadow = this.overlay.capture(eventId);
    return { baseEtag: first ? shadow.etag : null, first };
  }
}

/** Whether two create bodies make the same event, as the service would store it. */
function sameCreate(before: EventCreateInput, after: unknown): boolean {
  const next = createValues(after as EventCreateInput);
  const previous = createValues(before);
  return (Object.keys(previous) as EditableField[]).every(
    (field) => previous[field] === next[field],
  );
}
