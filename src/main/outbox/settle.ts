import type { EventRecord } from '../../shared/wire/event';
import type { WriteQueue } from '../cache/write-queue';
import type { CacheWriter } from '../cache/writes';
import type { Edit, EditError } from './edit';
import type { Conflicts } from './compare';

/**
 * What the sender writes as an edit goes out, each in one transaction ahead of sync writes: the
 * edit's state, and the cache's copy of the event as the service's answer leaves it.
 */
export class Settle {
  constructor(
    private readonly writer: CacheWriter,
    private readonly queue: WriteQueue,
    private readonly scope: string,
    private readonly now: () => string,
    /** The service edits are made for now; once it is another, nothing of this run is written. */
    private readonly currentScope: () => string | null,
    /** Told, after the commit, that an event created here now has the service's code. */
    private readonly onRenamed: (from: string, to: string) => void = () => {},
  ) {}

  /** Marks the edit as handed to the service: from here on it may have been applied. */
  sending(edit: Edit): Promise<void> {
    return this.write(() =>
      this.rows.update(edit.id, { state: 'sending', attempts: edit.attempts + 1 }, this.now()),
    );
  }

  /** Back to waiting, not before `notBefore`; `sent` says whether it may have been applied. */
  retryLater(edit: Edit, error: EditError, notBefore: string | null, sent: boolean): Promise<void> {
    return this.write(() =>
      this.rows.update(
        edit.id,
        { state: sent ? 'sending' : 'pending', error, notBefore },
        this.now(),
      ),
    );
  }

  /** A refusal for good: the edit leaves the cache (the service's state shows) and keeps its input. */
  failed(edit: Edit, error: EditError): Promise<void> {
    return this.write(() => {
      this.rows.update(edit.id, { state: 'failed', error, notBefore: null }, this.now());
      this.writer.overlay.refresh(edit.eventId);
    });
  }

  /** Both sides changed a field: the organizer chooses. The service's record becomes the shadow. */
  conflict(edit: Edit, conflicts: Conflicts, record: EventRecord, etag: string | null) {
    return this.write(() => {
      this.rows.update(
        edit.id,
        { state: 'conflict', conflict: { fields: conflicts, etag }, error: null, notBefore: null },
        this.now(),
      );
      this.writer.overlay.takeRecord(record, etag);
    });
  }

  /** An update (or a check that found it applied): the answer becomes the service's copy. */
  updated(edit: Edit, record: EventRecord, etag: string | null): Promise<void> {
    return this.write(() => {
      this.rows.remove(edit.id);
      this.passValidator(edit.eventId, etag);
      this.writer.overlay.takeRecord(record, etag);
    });
  }

  /**
   * The service named a created event. Its temporary code moves to the real one everywhere: the
   * cache row, pins, the event's later edits; the old code stays as an alias for links.
   */
  async created(edit: Edit, record: EventRecord, etag: string | null): Promise<void> {
    const from = edit.eventId;
    const to = record.id;
    await this.write(() => {
      this.rows.remove(edit.id);
      this.rows.retarget(this.scope, from, to);
      this.passValidator(to, etag);
      this.writer.renameEvent(from, to);
      this.writer.overlay.takeRecord(record, etag);
    });
    this.onRenamed(from, to);
  }

  /** The event is gone from the service, by this edit or before it. */
  deleted(edit: Edit): Promise<void> {
    return this.write(() => {
      this.rows.remove(edit.id);
      this.writer.overlay.dropShadow(edit.eventId);
      this.writer.events.removeRow(edit.eventId);
    });
  }

  private get rows() {
    return this.writer.outbox;
  }

  /** The next edit of the event was made on this one's result: this answer's validator is its base. */
  private passValidator(eventId: string, etag: string | null): void {
    const next = this.rows.standing(this.scope, eventId)[0];
    if (next !== undefined && next.kind !== 'create' && next.baseEtag === null && etag !== null) {
      this.rows.update(next.id, { baseEtag: etag }, this.now());
    }
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
