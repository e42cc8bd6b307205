import type { Statement } from 'better-sqlite3';
import { syncScopeSchema, type SyncScope } from '../../shared/ipc/sync';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';

const SERVICE_URL = 'service.baseUrl';
/**
 * After a change of service, the service whose copy the cache still holds: views keep showing it
 * until the new service's first resource commits and replaces it (`ServiceReplacement`). Absent
 * when the copy is the current service's.
 */
export const KEPT_COPY_OF = 'service.keptCopyOf';
const SYNC_SCOPE = 'sync.scope';
const LAST_SYNC_SUCCESS = 'sync.lastSuccessAt';

/** The settings as a reader sees them, on the read-only connection (`outbox list`, say). */
export class SettingsReader {
  private readonly read: Statement<[string], string>;

  constructor(reader: AppDatabase) {
    this.read = reader
      .prepare<[string], string>('SELECT value FROM settings WHERE name = ?')
      .pluck();
  }

  baseUrl(): string | null {
    return this.read.get(SERVICE_URL) ?? null;
  }

  /** The service whose copy is still shown while the configured one has not answered yet. */
  keptCopyOf(): string | null {
    return this.read.get(KEPT_COPY_OF) ?? null;
  }

  /**
   * The service whose records the cache holds: the one it is set to, or, until that one has
   * answered, the one whose copy is kept. What a bundle says it carries.
   */
  copyOf(): string | null {
    return this.keptCopyOf() ?? this.baseUrl();
  }

  scope(): SyncScope {
    const parsed = syncScopeSchema.safeParse(this.read.get(SYNC_SCOPE));
    return parsed.success ? parsed.data : 'default';
  }

  /** When the last sync run completed whole, so the status says it after a restart too. */
  lastSyncSuccess(): string | null {
    return this.read.get(LAST_SYNC_SUCCESS) ?? null;
  }
}

/**
 * The plain settings kept in the cache's `settings` table. Deliberately no method for a key:
 * keys go to the keychain (see credentials.ts) and this table never sees one.
 */
export class SettingsStore extends SettingsReader {
  private readonly write: Statement<[string, string]>;
  private readonly remove: Statement<[string]>;
  /** Read inside the write transaction, which may hold what the reader does not see yet. */
  private readonly current: Statement<[string], string>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
  ) {
    super(reader);
    this.write = writer.prepare(`INSERT INTO settings (name, value) VALUES (?, ?)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
    this.remove = writer.prepare('DELETE FROM settings WHERE name = ?');
    this.current = writer
      .prepare<[string], string>('SELECT value FROM settings WHERE name = ?')
      .pluck();
  }

  async setBaseUrl(baseUrl: string): Promise<void> {
    await this.queue.run(() => this.change(SERVICE_URL, baseUrl));
  }

  /**
   * Points the cache at another service, and says in the same transaction whose copy it holds:
   * the copy it had stays whole on screen until `baseUrl` answers with a resource, which then
   * replaces it (`ServiceReplacement`). A crash in between keeps the copy and the plan. Going back
   * to the service whose copy is kept takes the plan back: the copy is that service's after all.
   */
  async changeService(baseUrl: string): Promise<void> {
    await this.queue.run(() => {
      const held = this.current.get(KEPT_COPY_OF) ?? this.current.get(SERVICE_URL) ?? null;
      this.change(SERVICE_URL, baseUrl);
      if (held === null || held === baseUrl) this.drop(KEPT_COPY_OF);
      else this.change(KEPT_COPY_OF, held);
    });
  }

  /**
   * The same as `setBaseUrl`, as one step of a write session already open (a bundle's merge
   * records the service in the transaction that brings its records).
   */
  putBaseUrl(baseUrl: string): void {
    this.change(SERVICE_URL, baseUrl);
  }

  async setScope(scope: SyncScope): Promise<void> {
    await this.queue.run(() => this.change(SYNC_SCOPE, scope));
  }

  /** A setting the renderer shows: its commit names `settings`, so Settings reads it again. */
  private change(name: string, value: string): void {
    if (this.write.run(name, value).changes > 0) this.queue.changes.record('settings');
  }

  private drop(name: string): void {
    if (this.remove.run(name).changes > 0) this.queue.changes.record('settings');
  }

  async setLastSyncSuccess(at: string): Promise<void> {
    await this.queue.run(() => this.write.run(LAST_SYNC_SUCCESS, at));
  }
}
