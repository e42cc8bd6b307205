import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import type { AnalysisWorkerData } from './protocol';

/**
 * The worker's own connection to the cache: read-only, so nothing the analysis does can write
 * it, and separate from main's, so a long computation holds no connection main needs. WAL gives
 * it the last committed state while main's writer goes on.
 */
export function openAnalysisConnection(data: AnalysisWorkerData): BetterSqlite3.Database {
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
