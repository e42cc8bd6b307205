import Database from 'better-sqlite3';
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  bindingOptions,
  identifyDatabaseFile,
  identifyOpenDatabase,
  PITSIDE_APPLICATION_ID,
  type BindingOptions,
  type DatabaseSchema,
} from './database-file';
import { migrate } from './migrations';
import { ReadOnlyDatabaseError } from './refusals';

export type AppDatabase = Database.Database;

export type OpenDatabaseOptions = BindingOptions;

/**
 * Opens one of Pitside's SQLite files for writing, creating, marking or migrating it, with the
 * settings every connection of the app uses.
 *
 * Nothing is written before the file is known to be Pitside's, at a version this Pitside knows, and
 * writable: a file that is not (a {@link RefusedDatabaseError}) is refused exactly as it was found.
 */
export function openAppDatabase(
  file: string,
  schema: DatabaseSchema,
  options: OpenDatabaseOptions = {},
): AppDatabase {
  refuseBeforeWriting(file, schema, options);
  const db = new Database(file, bindingOptions(options));
  try {
    db.pragma('busy_timeout = 5000');
    // Another Pitside process may have changed the file since it was looked at: what this
    // connection sees, the -wal included, decides. Still nothing has been written.
    const state = identifyOpenDatabase(db, file, schema, options);
    if (state.kind === 'new' || !state.marked) {
      // A new file is still in rollback-journal mode here, so its mark lands in the database file
      // itself, where a look at the header finds it, and never only in a -wal.
      db.pragma(`application_id = ${PITSIDE_APPLICATION_ID}`);
    }
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    migrate(db, schema.migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * What {@link openAppDatabase} checks before it writes anything, for a caller that must know before
 * it writes anything else beside the file (the lock of its directory): the file is Pitside's, at a
 * version this Pitside knows, and writable, or it is refused with a `RefusedDatabaseError`.
 */
export function refuseBeforeWriting(
  file: string,
  schema: DatabaseSchema,
  options: OpenDatabaseOptions = {},
): void {
  identifyDatabaseFile(file, schema, options);
  ensureWritable(file);
}

const READ_ONLY_REASONS = new Map([
  ['EACCES', 'no write permission'],
  ['EPERM', 'writing is not permitted, for example an immutable file'],
  ['EROFS', 'a read-only file system'],
]);

/**
 * Every open writes (the mark, a migration, then syncs and favorites), and SQLite would open a file
 * it cannot write read-only without a word, to fail at the first write: after a sync has already
 * spent its requests. The directory counts too: SQLite makes the -wal and -shm there.
 */
function ensureWritable(file: string): void {
  const paths = [dirname(file), file, `${file}-wal`, `${file}-shm`];
  for (const path of paths.filter((candidate) => existsSync(candidate))) {
    try {
      accessSync(path, constants.W_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const reason = READ_ONLY_REASONS.get(code);
      if (reason === undefined) throw error;
      throw new ReadOnlyDatabaseError(file, path, reason);
    }
  }
}

export function sqliteVersion(db: AppDatabase): string {
  return String(db.prepare('SELECT sqlite_version()').pluck().get());
}
