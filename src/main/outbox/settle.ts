import { randomUUID } from 'node:crypto';
import { EDITABLE_EVENT_FIELDS, flatFields } from '../../shared/ipc/edits';
import type { EventRecord } from '../../shared/wire/event';
import { isLocalEventCode, newLocalEventCode } from '../../shared/wire/local-code';
import type { WriteQueue } from '../cache/write-queue';
import { patchValues, type CreateEdit, type Edit, type EditError, type UpdateEdit } from './edit';
import { basedOn, toPatch, type Conflicts } from './compare';
import type { EditableField, FieldValues } from './event-row';
import type { OutboxWriter } from './outbox-writer';
import type { SentChange } from './sent-change-rows';
import type { NewSentCheck, SentCheck, SentFields } from './sent-check-rows';
import { releasedFromUnseen } from './unseen-conflicts';

/**
 * What the sender writes as an edit goes out, each in one transaction ahead of sync writes: the
 * edit's state, and the cache's copy of the event as the service's answer leaves it.
 */
export class Settle {
  constructor(
    private readonly writer: OutboxWriter,
    private readonly queue: WriteQueue,
    private readonly scope: string,
    private readonly now: () => string,
    /** The service edits are made for now; once it is another, nothing of this run is written. */
    private readonly currentScope: () => string | null,
    /** Told, after the commit, that an event created here now has the service's code. */
    private readonly onRenamed: (from: string, to: string) => void = () => {},
  ) {}

  /**
   * Takes the edit to hand it to the service: from here on it may have been applied. `null` when
   * another sender took it (or it changed) since it was read. `counted`: this is a new try.
   */
  claim(edit: Edit, counted: boolean): Promise<Edit | null> {
    // Real time, not the service's: a create is later looked for among events made after it.
    const at = new Date().toISOString();
    return this.write(() => this.rows.claim(edit, counted, at, this.now()));
  }

  /**
   * Back to waiting, not before `notBefore`; `sent` says whether it may have been applied.
   * `refund`: the try was turned away unread (401, 429), so it costs none.
   */
  retryLater(
    edit: Edit,
    error: EditError,
    notBefore: string | null,
    sent: boolean,
    refund = false,
  ): Promise<void> {
    return this.write(() =>
      this.rows.update(
        edit.id,
        {
          state: sent ? 'sending' : 'pending',
          error,
          notBefore,
          ...(refund ? { attempts: Math.max(0, edit.attempts - 1) } : {}),
        },
        this.now(),
      ),
    );
  }

  /** Ends the conflicts held for fields never seen here (see `releasedFromUnseen`). */
  releaseUnseen(): Promise<void> {
    return this.write(() => {
      for (const edit of this.rows.all(this.scope)) {
        const released = releasedFromUnseen(edit);
        if (released === null) continue;
        this.rows.update(edit.id, released, this.now());
        this.writer.overlay.refresh(edit.eventId);
      }
    });
  }

  /** A refusal for good: the edit leaves the cache (the service's state shows) and keeps its input. */
  failed(edit: Edit, error: EditError): Promise<void> {
    return this.write(() => {
      this.rows.update(edit.id, { state: 'failed', error, notBefore: null }, this.now());
      this.writer.overlay.refresh(edit.eventId);
    });
  }

  /**
   * Both sides changed a field: the organizer chooses. The service's record becomes the shadow.
   * `sent` watches the fields that went out meanwhile, when they went without a validator.
   * `reason` says why, where it is more than "both changed the same field".
   */
  conflict(
    edit: Edit,
    conflicts: Conflicts,
    record: EventRecord,
    etag: string | null,
    sent: NewSentCheck | null = null,
    reason: EditError | null = null,
  ) {
    return this.write(() => {
      this.rows.update(
        edit.id,
        {
          state: 'conflict',
          conflict: { fields: conflicts, etag },
          error: reason,
          notBefore: null,
        },
        this.now(),
      );
      if (sent !== null) this.writer.sentChecks.add(this.scope, sent);
      this.writer.overlay.takeRecord(record, etag);
    });
  }

  /**
   * An update (or a check that found it applied): the answer becomes the service's copy. `sent`
   * is its second look, for an update that went without a validator (see `sent-checks.ts`).
   */
  updated(
    edit: UpdateEdit,
    record: EventRecord,
    etag: string | null,
    sent: NewSentCheck | null = null,
  ): Promise<void> {
    return this.write(() => {
      this.rows.remove(edit.id);
      if (sent !== null) this.writer.sentChecks.add(this.scope, sent);
      this.recordSent(record, 'update', null, changedFields(edit, record));
      this.passValidator(edit.eventId, record, etag);
      this.writer.overlay.takeRecord(record, etag);
    });
  }

  /**
   * A second look at an update sent without a validator. Fields that read another value now were
   * overwritten by a writer who had not seen them: each becomes a conflict, held in a new edit.
   * A field an edit made here since will change again is left to that edit, whose own check
   * starts from the value this one sent.
   */
  checked(
    check: SentCheck,
    crossed: Conflicts,
    record: EventRecord,
    etag: string | null,
  ): Promise<void> {
    return this.write(() => {
      this.writer.sentChecks.remove(check.id);
      const ahead = this.fieldsAhead(check.eventId);
      const conflicts: Conflicts = Object.fromEntries(
        Object.entries(crossed).filter(([field]) => !ahead.has(field as EditableField)),
      );
      const fields = Object.keys(conflicts) as EditableField[];
      if (fields.length === 0) return;
      const id = this.addSent(check.eventId, (field) => conflicts[field]!, fields);
      this.rows.update(
        id,
        {
          state: 'conflict',
          conflict: { fields: conflicts, etag },
          error: { code: 'conflict', message: crossedMessage(conflicts) },
        },
        this.now(),
      );
      this.writer.overlay.takeRecord(record, etag);
    });
  }

  /** A second look found the event deleted: unless an edit here deletes it too, that is shown. */
  checkFoundGone(check: SentCheck): Promise<void> {
    return this.write(() => {
      this.writer.sentChecks.remove(check.id);
      if (this.rows.hasStanding(this.scope, check.eventId)) return;
      const fields = Object.keys(check.fields) as EditableField[];
      const id = this.addSent(check.eventId, (field) => check.fields[field]!, fields);
      this.rows.update(
        id,
        {
          state: 'failed',
          error: {
            code: 'not_found',
            status: 404,
            message: `Event ${check.eventId} was deleted on the service moments after your change to it went out; the change went with it.`,
          },
        },
        this.now(),
      );
    });
  }

  /**
   * The service named a created event. Its temporary code moves to the real one everywhere: the
   * cache row, pins, the event's later edits; the old code stays as an alias for links.
   */
  async created(edit: CreateEdit, record: EventRecord, etag: string | null): Promise<void> {
    const from = edit.eventId;
    const to = record.id;
    await this.write(() => {
      this.rows.remove(edit.id);
      this.recordSent(record, 'create', edit.payload, {});
      this.rows.retarget(this.scope, from, to);
      this.passValidator(to, record, etag);
      this.writer.renameEvent(from, to);
      this.writer.overlay.takeRecord(record, etag);
    });
    this.onRenamed(from, to);
  }

  /** The event is gone from the service, by this edit or before it. */
  deleted(edit: Edit): Promise<void> {
    return this.write(() => {
      this.rows.remove(edit.id);
      this.writer.sentChecks.removeEvent(this.scope, edit.eventId);
      this.writer.sentChanges.remove(this.scope, edit.eventId);
      this.writer.overlay.dropShadow(edit.eventId);
      this.writer.events.removeRow(edit.eventId);
    });
  }

  /**
   * A change this computer made that the service no longer has (`lost-changes.ts`): told once, as
   * a failed edit that holds it, to be sent again or discarded. A lost event comes back under a
   * new temporary code, since the service may give its code to another event meanwhile.
   */
  lost(change: SentChange, fields: SentFields, gone: boolean): Promise<void> {
    return this.write(() => {
      this.writer.sentChanges.remove(this.scope, change.eventId);
      const error: EditError = {
        code: 'not_found',
        message: lostMessage(change, gone),
        status: 404,
      };
      if (gone && change.kind === 'create' && change.payload !== null) {
        const id = this.rows.add({
          service: this.scope,
          eventId: newLocalEventCode(),
          kind: 'create',
          payload: change.payload,
          base: null,
          baseEtag: null,
          idempotencyKey: randomUUID(),
          queuedAt: this.now(),
        });
        this.rows.update(id, { state: 'failed', error }, this.now());
        return;
      }
      const names = Object.keys(fields) as EditableField[];
      const id = this.addSent(change.eventId, (field) => fields[field]!, names);
      this.rows.update(id, { state: 'failed', error }, this.now());
    });
  }

  /** A sent change that still holds, or that someone changed knowingly since, is no longer watched. */
  forgetSent(eventId: string): Promise<void> {
    return this.write(() => this.writer.sentChanges.remove(this.scope, eventId));
  }

  private recordSent(
    record: EventRecord,
    kind: SentChange['kind'],
    payload: SentChange['payload'],
    fields: SentFields,
  ): void {
    if (isLocalEventCode(record.id)) return;
    this.writer.sentChanges.record(this.scope, {
      eventId: record.id,
      kind,
      payload,
      fields,
      sentAt: new Date().toISOString(),
    });
  }

  private get rows() {
    return this.writer.outbox;
  }

  /** The fields the event's standing edits will still change. */
  private fieldsAhead(eventId: string): Set<EditableField> {
    const fields = new Set<EditableField>();
    for (const edit of this.rows.standing(this.scope, eventId)) {
      const changed =
        edit.kind === 'update'
          ? (Object.keys(patchValues(edit.payload)) as EditableField[])
          : EDITABLE_EVENT_FIELDS;
      for (const field of changed) fields.add(field);
    }
    return fields;
  }

  /** A new update edit holding what was sent of `fields`, based on what the service read before. */
  private addSent(
    eventId: string,
    of: (field: EditableField) => { base: string | null; mine: string | null },
    fields: readonly EditableField[],
  ): number {
    const mine: FieldValues = Object.fromEntries(fields.map((field) => [field, of(field).mine]));
    const base: FieldValues = Object.fromEntries(fields.map((field) => [field, of(field).base]));
    return this.rows.add({
      service: this.scope,
      eventId,
      kind: 'update',
      payload: toPatch(mine),
      base,
      baseEtag: null,
      idempotencyKey: randomUUID(),
      queuedAt: this.now(),
    });
  }

  /**
   * The next edit of the event was made on this one's result: this answer's validator is its base,
   * unless the answer holds someone else's change to a field it was based on (its form was open
   * on the event before that change), which only a comparison shows.
   */
  private passValidator(eventId: string, record: EventRecord, etag: string | null): void {
    const next = this.rows.standing(this.scope, eventId)[0];
    if (next === undefined || next.kind === 'create' || next.baseEtag !== null || etag === null) {
      return;
    }
    if (basedOn(next, record)) this.rows.update(next.id, { baseEtag: etag }, this.now());
  }

  private write<Result>(work: () => Result): Promise<Result> {
    return this.queue.runFirst(() => {
      if (this.currentScope() !== this.scope) {
        throw new Error('The service changed while edits were sent; this answer was not stored.');
      }
      return work();
    });
  }
}

/** The fields an update wrote, as the service's answer has them, and what they read before. */
function changedFields(edit: UpdateEdit, record: EventRecord): SentFields {
  const after = flatFields(record);
  const fields: SentFields = {};
  for (const field of Object.keys(patchValues(edit.payload)) as EditableField[]) {
    fields[field] = { base: edit.base[field] ?? null, mine: after[field] };
  }
  return fields;
}

function lostMessage(change: SentChange, gone: boolean): string {
  if (gone && change.kind === 'create') {
    return `The event ${change.payload?.name ?? change.eventId} you created is no longer on the service: it may have been restored from an older copy, or someone deleted it. Send it again or discard it.`;
  }
  if (gone) {
    return `Event ${change.eventId}, which you changed, is no longer on the service: it may have been restored from an older copy, or someone deleted it.`;
  }
  return `Your change to ${change.eventId} is no longer on the service: it reads as before you changed it (restored from an older copy, or undone by someone). Send it again or discard it.`;
}

/**
 * What a second look found, in words. A field back at its value from before the change was not
 * changed by anyone who saw it: the change was undone, or the service lost it (restored, say).
 */
function crossedMessage(conflicts: Conflicts): string {
  const undone = Object.values(conflicts).every((field) => field.theirs === field.base);
  return undone
    ? 'Your change is no longer on the service: it reads as it did before you changed it (undone by someone, or lost by the service). Choose which value stays.'
    : 'Someone changed this on the service moments after your change went out, without having seen it. Choose which value stays.';
}
