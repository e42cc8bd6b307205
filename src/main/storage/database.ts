import Database from 'better-sqlite3';

export type AppDatabase = Database.Database;

export interface OpenDatabaseOptions {
  /** An Electron-ABI build of better-sqlite3, see `native-binding.ts`. */
  nativeBinding?: string;
}

/** Opens the app's SQLite file with the settings every connection of the app uses. */
export function openAppDatabase(file: string, options: OpenDatabaseOptions = {}): AppDatabase {
  const db = new Database(
    file,
    options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding },
  );
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

export function sqliteVersion(db: AppDatabase): string {
  return String(db.prepare('SELECT sqlite_version()').pluck().get());
}
