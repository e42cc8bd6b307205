import type { AppDatabase } from './database';
import { RefusedDatabaseError } from './refusals';
import { inWriteTransaction } from './write-transaction';

export interface Migration {
  /** 1, 2, 3…: the schema version the database is at once this migration has run. */
  version: number;
  name: string;
  up(db: AppDatabase): void;
}

/** The file was written by a newer Pitside: reading it could misread, altering it could lose data. */
export class NewerSchemaError extends RefusedDatabaseError {
  constructor(
    readonly found: number,
    readonly supported: number,
    file: string,
  ) {
    super(
      file,
      `${file} was written by a newer version of Pitside (schema ${found}; this version knows up to ${supported}). ` +
        'Update Pitside to open it. The file has not been changed.',
    );
    this.name = 'NewerSchemaError';
  }
}

export interface MigrationResult {
  from: number;
  to: number;
}

/**
 * Brings the database to the newest schema. Each migration runs in its own transaction together
 * with the version bump, so a crash or a failing step leaves the file at the last version that
 * completed, never between two.
 */
export function migrate(db: AppDatabase, migrations: readonly Migration[]): MigrationResult {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration ${migration.name} is numbered ${migration.version}, expected ${index + 1}`,
      );
    }
  });
  const latest = migrations.length;
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > latest) throw new NewerSchemaError(from, latest, db.name);
  for (const migration of migrations.slice(from)) {
    inWriteTransaction(db, () => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    });
  }
  return { from, to: latest };
}
