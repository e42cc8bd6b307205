import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { openAppDatabase, refuseBeforeWriting, type AppDatabase } from '../storage/database';
import { lockDataDirectory } from '../storage/directory-lock';
import { Checkpointer, WAL_BACKLOG_BYTES } from './checkpointer';
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
  /**
   * A checkpoint the next write should wait for, or `null` (see Checkpointer.backlog): a plain
   * function, handed to the write queue as it is.
   */
  walBacklog: () => Promise<void> | null;
  close(): void;
}

export interface OpenCacheOptions {
  nativeBinding?: string;
  /** WAL size past which writes wait for a checkpoint; tests make it small. */
  walBacklogBytes?: number;
}

/**
 * Opens (creating, marking or migrating) the cache at `file`. Another program's file, a file that
 * is no database, a cache from a newer Pitside and a read-only file are refused with a
 * `RefusedDatabaseError` whose message says which, before anything is written to them. The
 * directory is this process's to write while the cache is open: a directory another process writes
 * is refused with a `DataDirectoryInUseError` naming it.
 */
export function openCache(file: string, options: OpenCacheOptions = {}): CacheFiles {
  // Refusals first, so that a file Pitside will not open leaves its directory as it was found.
  refuseBeforeWriting(file, CACHE_DATABASE, options);
  const lock = lockDataDirectory(dirname(file), options);
  try {
    return openLocked(file, options, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openLocked(file: string, options: OpenCacheOptions, unlock: () => void): CacheFiles {
  const writer = openAppDatabase(file, CACHE_DATABASE, options);
  // NORMAL is durable across application crashes in WAL mode and skips an fsync per commit;
  // only a power loss can take back the last commits, never corrupt the file.
  writer.pragma('synchronous = NORMAL');
  let reader: AppDatabase;
  try {
    reader = new Database(
      file,
      options.nativeBinding === undefined
        ? { readonly: true }
        : { readonly: true, nativeBinding: options.nativeBinding },
    );
  } catch (error) {
    writer.close();
    throw error;
  }
  reader.pragma('busy_timeout = 5000');
  const backlogBytes = options.walBacklogBytes ?? WAL_BACKLOG_BYTES;
  const checkpointer = Checkpointer.start(
    file,
    options.nativeBinding,
    () => {
      if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
    },
    backlogBytes,
  );
  // With a background checkpointer the writer's commits never checkpoint (and never block on the
  // fsync that comes with it); without one, SQLite's own automatic checkpoints stay on.
  if (checkpointer !== null) writer.pragma('wal_autocheckpoint = 0');
  return {
    writer,
    reader,
    checkpoint: () => checkpointer?.checkpoint() ?? Promise.resolve(),
    walBacklog: () => checkpointer?.backlog() ?? null,
    close: () => {
      checkpointer?.stop();
      reader.close();
      writer.close();
      unlock();
    },
  };
}
