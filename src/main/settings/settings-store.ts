import type { Statement } from 'better-sqlite3';
import { syncScopeSchema, type SyncScope } from '../../shared/ipc/sync';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';

const SERVICE_URL = 'service.baseUrl';
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

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
  ) {
    super(reader);
    this.write = writer.prepare(`INSERT INTO settings (name, value) VALUES (?, ?)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  }

  async setBaseUrl(baseUrl: string): Promise<void> {
    await this.queue.run(() => this.change(SERVICE_URL, baseUrl));
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

  async setLastSyncSuccess(at: string): Promise<void> {
    await this.queue.run(() => this.write.run(LAST_SYNC_SUCCESS, at));
  }
}
