import type { AppDatabase } from './database';

/*
 * Every write transaction of Pitside's databases starts here, and starts IMMEDIATE: it asks for
 * the write lock at BEGIN, where the busy timeout applies. A deferred transaction that reads first
 * asks for it at its first write instead, and there SQLite answers "database is locked" at once
 * rather than wait (waiting could deadlock two readers that both want to write), whatever the
 * busy timeout says.
 */

/** Runs `work` in one write transaction (a savepoint inside one already open). */
export function inWriteTransaction<Result>(db: AppDatabase, work: () => Result): Result {
  return db.transaction(work).immediate();
}

/** Opens a write transaction that spans several turns of the event loop; the caller ends it. */
export function beginWriteTransaction(db: AppDatabase): void {
  db.exec('BEGIN IMMEDIATE');
}
