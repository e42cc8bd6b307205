import Database from 'better-sqlite3';
import { openAppDatabase, type AppDatabase } from '../storage/database';
import { Checkpointer } from './checkpointer';
import { CACHE_DATABASE } from './migrations';

export interface CacheFiles {
  /** The one connection that writes: sync, favorites, settings. Owned by the write queue. */
  writer: AppDatabase;
  /**
   * A second, read-only connection for views. WAL gives it the last committed state, so a view
   * reading while a sync holds a transaction open sees the old copy whole, never half the new one.
   */
  reader: AppDatabase;
  /** Copies the WAL into the database file now, off the main thread (after a sync, say). */
  checkpoint(): Promise<void>;
  close(): void;
}

export interface OpenCacheOptions {
  nativeBinding?: string;
}

/**
 * Opens (creating, marking or migrating) the cache at `file`. Another program's file, a file that
 * is no database, a cache from a newer Pitside and a read-only file are refused with a
 * `RefusedDatabaseError` whose message says which, before anything is written to them.
 */
export function openCache(file: string, options: OpenCacheOptions = {}): CacheFiles {
  const writer = openAppDatabase(file, CACHE_DATABASE, options);
  // NORMAL is durable across application crashes in WAL mode and skips an fsync per commit;
  // only a power loss can take back the last commits, never corrupt the file.
  writer.pragma('synchronous = NORMAL');
  const reader = new Database(
    file,
    options.nativeBinding === undefined
      ? { readonly: true }
      : { readonly: true, nativeBinding: options.nativeBinding },
  );
  reader.pragma('busy_timeout = 5000');
  const checkpointer = Checkpointer.start(file, options.nativeBinding, () => {
    if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
  });
  // With a background checkpointer the writer's commits never checkpoint (and never block on the
  // fsync that comes with it); without one, SQLite's own automatic checkpoints stay on.
  if (checkpointer !== null) writer.pragma('wal_autocheckpoint = 0');
  return {
    writer,
    reader,
    checkpoint: () => checkpointer?.checkpoint() ?? Promise.resolve(),
    close: () => {
      checkpointer?.stop();
      reader.close();
      writer.close();
    },
  };
}
