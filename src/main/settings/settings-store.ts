import type { Statement } from 'better-sqlite3';
import { syncScopeSchema, type SyncScope } from '../../shared/ipc/sync';
import type { WriteQueue } from '../cache/write-queue';
import type { AppDatabase } from '../storage/database';

const SERVICE_URL = 'service.baseUrl';
const SYNC_SCOPE = 'sync.scope';
const LAST_SYNC_SUCCESS = 'sync.lastSuccessAt';

/**
 * The plain settings kept in the cache's `settings` table. Deliberately no method for a key:
 * keys go to the keychain (see credentials.ts) and this table never sees one.
 */
export class SettingsStore {
  private readonly read: Statement<[string], string>;
  private readonly write: Statement<[string, string]>;

  constructor(
    reader: AppDatabase,
    writer: AppDatabase,
    private readonly queue: WriteQueue,
  ) {
    this.read = reader
      .prepare<[string], string>('SELECT value FROM settings WHERE name = ?')
      .pluck();
    this.write = writer.prepare(`INSERT INTO settings (name, value) VALUES (?, ?)
      ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  }

  baseUrl(): string | null {
    return this.read.get(SERVICE_URL) ?? null;
  }

  async setBaseUrl(baseUrl: string): Promise<void> {
    await this.queue.run(() => this.write.run(SERVICE_URL, baseUrl));
  }

  scope(): SyncScope {
    const parsed = syncScopeSchema.safeParse(this.read.get(SYNC_SCOPE));
    return parsed.success ? parsed.data : 'default';
  }

  async setScope(scope: SyncScope): Promise<void> {
    await this.queue.run(() => this.write.run(SYNC_SCOPE, scope));
  }

  /** When the last sync run completed whole, so the status says it after a restart too. */
  lastSyncSuccess(): string | null {
    return this.read.get(LAST_SYNC_SUCCESS) ?? null;
  }

  async setLastSyncSuccess(at: string): Promise<void> {
    await this.queue.run(() => this.write.run(LAST_SYNC_SUCCESS, at));
  }
}
