import type { Statement } from 'better-sqlite3';
import { forgetInSession } from '../cache/forget';
import type { WriteQueue, WriteSession } from '../cache/write-queue';
import { KEPT_COPY_OF, SettingsReader } from '../settings/settings-store';
import type { AppDatabase } from '../storage/database';

/**
 * A change of service keeps the copy the cache had (`SettingsStore.changeService`) until the new
 * service has answered: its first resource to commit replaces the copy, the old one forgotten in
 * the same transaction. Views see the old copy whole until that commit and the new one after it;
 * a service that never answers with a readable resource (offline, a portal page, a refused key, a
 * wrong address) costs nothing. Until the replacement, nothing the old copy knows of its service
 * (validators, sync state) stands for the new one.
 */
export class ServiceReplacement {
  private readonly committed: SettingsReader;
  private readonly inTransaction: Statement<[string], string>;

  constructor(
    reader: AppDatabase,
    private readonly writer: AppDatabase,
    private readonly queue: WriteQueue,
  ) {
    this.committed = new SettingsReader(reader);
    this.inTransaction = writer
      .prepare<[string], string>('SELECT value FROM settings WHERE name = ?')
      .pluck();
  }

  /**
   * The service whose copy is still shown, as committed; `null` when the copy is the current
   * service's. What a pull reads of the copy's bookkeeping is read on the same connection, so the
   * two agree.
   */
  keptCopyOf(): string | null {
    return this.committed.keptCopyOf();
  }

  get pending(): boolean {
    return this.keptCopyOf() !== null;
  }

  /** Inside a write transaction: whether the copy there is still another service's. */
  due(): boolean {
    return this.inTransaction.get(KEPT_COPY_OF) !== undefined;
  }

  /**
   * Forgets the old copy, in a write session about to write a resource the new service sent; the
   * session's transaction holds the replacement, committed or rolled back with the resource.
   */
  replaceIn(session: WriteSession): Promise<void> {
    return forgetInSession(this.writer, this.queue, session);
  }

  /** The same for a session that writes one resource whole (a big list): only when due. */
  async replaceIfDue(session: WriteSession): Promise<void> {
    if (this.due()) await this.replaceIn(session);
  }
}
