import type { Statement } from 'better-sqlite3';
import type { ResourceKey } from '../../shared/ipc/resources';
import type { AppDatabase } from '../storage/database';
import type { ChangeRecorder } from './change-log';

export interface SyncStateUpdate {
  complete: boolean;
  recordCount: number;
  /** Records the service listed that could not be read (and are not in `recordCount`). */
  unreadable?: number;
  pageSize?: number | null;
  /** Set on success; a failed attempt keeps the last success it had. */
  success?: string;
  /**
   * With `success`: when the source of this copy synced it from the service, where that is not
   * the service itself (a venue share says so); absent when the service answered.
   */
  sourceSyncedAt?: string | null;
  attempt: string;
  error?: string | null;
}

/**
 * The bookkeeping of the copy, beside the data: what each copy is (complete, how many records,
 * when it was last pulled, why it last failed), the validator of every URL it came from, and what
 * was learned about the service itself. None of it is what views show, so none of it is a change
 * notice, except a copy becoming complete or incomplete: that changes what answers say of it.
 */
export class SyncStateWriter {
  private readonly putSyncState: Statement;
  private readonly putFailure: Statement;
  private readonly selectComplete: Statement<[string], number>;
  private readonly forgetStatesOf: Statement<[{ resource: string }]>;
  private readonly putServiceFact: Statement<[string, string, string]>;
  private readonly putEtag: Statement<[string, string]>;
  private readonly dropEtag: Statement<[string]>;
  private readonly dropEtagsUnder: Statement<[{ path: string }]>;
  private readonly dropPageEtags: Statement<[{ path: string }]>;

  constructor(
    db: AppDatabase,
    private readonly changes: ChangeRecorder,
  ) {
    this.putSyncState = db.prepare(`INSERT INTO sync_state (resource, complete, record_count,
        unreadable, page_size, last_success, source_synced_at, last_attempt, last_error)
      VALUES (@resource, @complete, @recordCount, @unreadable, @pageSize, @success,
        @sourceSyncedAt, @attempt, @error)
      ON CONFLICT (resource) DO UPDATE SET complete = excluded.complete,
        record_count = excluded.record_count, unreadable = excluded.unreadable,
        page_size = excluded.page_size,
        last_success = coalesce(excluded.last_success, sync_state.last_success),
        source_synced_at = CASE WHEN excluded.last_success IS NULL
          THEN sync_state.source_synced_at ELSE excluded.source_synced_at END,
        last_attempt = excluded.last_attempt, last_error = excluded.last_error`);
    this.putFailure = db.prepare(`INSERT INTO sync_state (resource, complete, record_count,
        last_attempt, last_error) VALUES (@resource, 0, 0, @attempt, @error)
      ON CONFLICT (resource) DO UPDATE SET last_attempt = excluded.last_attempt,
        last_error = excluded.last_error`);
    this.selectComplete = db
      .prepare<[string], number>('SELECT complete FROM sync_state WHERE resource = ?')
      .pluck();
    // What we knew about a resource and everything below it (`event:x` and `event:x:…`).
    this.forgetStatesOf = db.prepare(
      `DELETE FROM sync_state WHERE resource = @resource OR resource LIKE @resource || ':%'`,
    );
    this.putServiceFact = db.prepare(`INSERT INTO sync_state (resource, complete, last_success,
        last_attempt) VALUES (?, 1, ?, ?)
      ON CONFLICT (resource) DO UPDATE SET complete = 1, last_error = NULL`);
    this.putEtag = db.prepare(
      'INSERT INTO etags (url, etag) VALUES (?, ?) ON CONFLICT (url) DO UPDATE SET etag = excluded.etag',
    );
    this.dropEtag = db.prepare('DELETE FROM etags WHERE url = ?');
    // The validators of a path and of every query and sub-path below it. Named parameters:
    // better-sqlite3 binds `?1` as a name, not as the first positional value.
    this.dropEtagsUnder = db.prepare(`DELETE FROM etags WHERE url = @path
      OR url LIKE @path || '?%' OR url LIKE @path || '/%'`);
    this.dropPageEtags = db.prepare(`DELETE FROM etags WHERE url LIKE @path || '?%'`);
  }

  /**
   * A copy that becomes complete (or stops being complete) changes what answers say about it,
   * even when not one of its rows changed; a copy merely confirmed again changes nothing.
   */
  setSyncState(resource: ResourceKey, update: SyncStateUpdate): void {
    const wasComplete = this.selectComplete.get(resource) === 1;
    if (wasComplete !== update.complete) {
      this.changes.record(resource);
      // Whether every registration is known rests on the event list and each event's teams.
      if (resource === 'events' || resource.endsWith(':teams')) {
        this.changes.record('registrations');
      }
    }
    this.putSyncState.run({
      resource,
      complete: update.complete ? 1 : 0,
      recordCount: update.recordCount,
      unreadable: update.unreadable ?? 0,
      pageSize: update.pageSize ?? null,
      success: update.success ?? null,
      sourceSyncedAt: update.sourceSyncedAt ?? null,
      attempt: update.attempt,
      error: update.error ?? null,
    });
  }

  /** A failed pull leaves the copy, its completeness and its last success as they were. */
  noteFailure(resource: string, attempt: string, error: string): void {
    this.putFailure.run({ resource, attempt, error });
  }

  setEtag(url: string, etag: string | null): void {
    if (etag === null) this.dropEtag.run(url);
    else this.putEtag.run(url, etag);
  }

  /**
   * The validators of `path` and of its pages, and nothing else: a copy that came from elsewhere (a
   * bundle) replaced what they validated, so the next pull must read it whole.
   */
  dropEtagsOf(path: string): void {
    this.dropEtag.run(path);
    this.dropPageEtags.run({ path });
  }

  /** Everything known of `resource` and below it, and the validators of `path` and below it. */
  forget(resource: string, path: string): void {
    this.forgetStatesOf.run({ resource });
    this.dropEtagsUnder.run({ path });
  }

  /**
   * Remembers something learned about the service itself (`service:…`), or forgets it with
   * `null`. It is kept in `sync_state` so that forgetting the copy of a service forgets it too.
   */
  setServiceFact(name: `service:${string}`, learnedAt: string | null): void {
    if (learnedAt === null) this.forgetStatesOf.run({ resource: name });
    else this.putServiceFact.run(name, learnedAt, learnedAt);
  }
}
