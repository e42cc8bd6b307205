/**
 * A database file Pitside will not open, left exactly as it was found. The message says what the
 * file seems to be and what to do about it, in words meant for the person: the command line prints
 * it as its one line (setup, exit 3), the app shows it.
 */
export abstract class RefusedDatabaseError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

const LEAVE_IT = 'Pitside has not changed it. Move it away or choose another data directory.';

/** How many table names a message lists before it only counts the rest. */
const TABLES_NAMED = 8;

function describeTables(tables: readonly string[]): string {
  if (tables.length === 0) return 'no tables';
  const named = tables.slice(0, TABLES_NAMED).join(', ');
  const rest = tables.length - TABLES_NAMED;
  return `tables: ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
}

/** An SQLite database, but not one Pitside wrote: another program's file in the data directory. */
export class ForeignDatabaseError extends RefusedDatabaseError {
  constructor(
    file: string,
    readonly tables: readonly string[],
    readonly applicationId: number,
    readonly userVersion: number,
  ) {
    const facts = [describeTables(tables)];
    if (applicationId !== 0) {
      facts.push(`application_id 0x${(applicationId >>> 0).toString(16).padStart(8, '0')}`);
    }
    if (userVersion !== 0) facts.push(`user_version ${userVersion}`);
    super(
      file,
      `${file} is not a Pitside cache: it looks like another application's SQLite database ` +
        `(${facts.join('; ')}). ${LEAVE_IT}`,
    );
    this.name = 'ForeignDatabaseError';
  }
}

/** Not an SQLite database at all (another kind of file, or one damaged past reading). */
export class NotADatabaseError extends RefusedDatabaseError {
  constructor(
    file: string,
    readonly reason: string,
  ) {
    super(
      file,
      `${file} is not a Pitside cache: it is not an SQLite database (${reason}). ${LEAVE_IT}`,
    );
    this.name = 'NotADatabaseError';
  }
}

/**
 * Pitside's own file, or the directory it lives in, cannot be written: every open writes (a
 * migration, a sync, a favorite), so this is found before anything starts that would need it.
 */
export class ReadOnlyDatabaseError extends RefusedDatabaseError {
  constructor(
    file: string,
    readonly path: string,
    readonly reason: string,
  ) {
    const what = path === file ? 'it' : path;
    super(
      file,
      `${file} is read-only: Pitside cannot write to ${what} (${reason}). ` +
        'Make it writable or choose another data directory. Pitside has not changed it.',
    );
    this.name = 'ReadOnlyDatabaseError';
  }
}
