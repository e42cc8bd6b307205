import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

/** What a worker thread is given to open the cache: main resolved the binding for it. */
export interface WorkerConnectionData {
  /** The cache file, opened read-only. */
  file: string;
  /** better-sqlite3 as main resolved it, so a packaged app's worker loads the same copy. */
  modulePath: string;
  /** The Electron-ABI build (see storage/native-binding.ts); absent under Node. */
  nativeBinding?: string;
}

/**
 * A worker's own connection to the cache (the analysis's, a venue share's): read-only, so nothing
 * the worker does can write it, and separate from main's, so a long computation or a laptop's
 * sync holds no connection main needs. WAL gives it the last committed state while main's writer
 * goes on.
 */
export function openWorkerConnection(data: WorkerConnectionData): BetterSqlite3.Database {
  // better-sqlite3 from the path main resolved: inside a packaged app's archive, where a bare
  // import from the worker's file would not find it.
  const Database = createRequire(import.meta.url)(data.modulePath) as typeof BetterSqlite3;
  const db = new Database(data.file, {
    readonly: true,
    fileMustExist: true,
    ...(data.nativeBinding === undefined ? {} : { nativeBinding: data.nativeBinding }),
  });
  db.pragma('busy_timeout = 5000');
  return db;
}
