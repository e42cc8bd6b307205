import { NO_CHANGE_LOG, type ChangeRecorder } from '../cache/change-log';
import { CacheWriter } from '../cache/writes';
import type { AppDatabase } from '../storage/database';
import { EventOverlay } from './event-overlay';
import { OutboxRows } from './outbox-rows';
import { SentChangeRows } from './sent-change-rows';
import { SentCheckRows } from './sent-check-rows';

/**
 * The cache's writes with the outbox's on top. The outbox is built on the cache, never the other
 * way: its overlay reaches the cache's event rows through the cache's own `EventRowOverlay`.
 */
export class OutboxWriter extends CacheWriter {
  /** The overlay that keeps organizers' edits on screen through syncs. */
  declare readonly overlay: EventOverlay;
  /** Organizers' edits. */
  readonly outbox: OutboxRows;
  /** Updates sent to a service without ETags, waiting for their second look. */
  readonly sentChecks: SentCheckRows;
  /** What sent edits made events read on the service, to tell when a service loses it. */
  readonly sentChanges: SentChangeRows;

  /**
   * `scope` names the service whose edits apply to this copy (see `OutboxRows`); with none, the
   * cache is written as the service sends it.
   */
  constructor(
    db: AppDatabase,
    changes: ChangeRecorder = NO_CHANGE_LOG,
    scope: () => string | null = () => null,
  ) {
    const outbox = new OutboxRows(db, changes);
    super(db, changes, (removeRow) => new EventOverlay(db, changes, outbox, scope, removeRow));
    this.outbox = outbox;
    this.sentChecks = new SentCheckRows(db);
    this.sentChanges = new SentChangeRows(db);
  }
}
