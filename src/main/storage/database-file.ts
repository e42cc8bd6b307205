import Database from 'better-sqlite3';
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, NewerSchemaError, type Migration } from './migrations';
import { ForeignDatabaseError, NotADatabaseError } from './refusals';

/**
 * The mark that makes an SQLite file Pitside's, in the header field SQLite keeps for exactly this
 * (`PRAGMA application_id`): 'PtSd' in ASCII, 0x50 0x74 0x53 0x64, read as the big-endian 32-bit
 * integer SQLite stores. Changing it would make every existing cache look foreign.
 */
export const PITSIDE_APPLICATION_ID = 0x50745364;

/** What one of Pitside's databases holds, and how its files were told apart before the mark. */
export interface DatabaseSchema {
  migrations: readonly Migration[];
  /**
   * The newest version Pitside wrote without the mark. An unmarked file at a version up to this
   * one, holding exactly the tables, indexes and triggers the migrations make, is Pitside's own.
   */
  lastUnmarkedVersion: number;
}

export type DatabaseFileState =
  /** No file, an empty one, or an SQLite file with nothing in it: Pitside may make it its own. */
  | { kind: 'new' }
  /**
   * For a marked file, `version` is the one in the database file's header. A -wal may hold a later
   * one: the connection that opens the file sees it, and has the last word.
   */
  | { kind: 'pitside'; version: number; marked: boolean };

export interface BindingOptions {
  /** An Electron-ABI build of better-sqlite3, see `native-binding.ts`. */
  nativeBinding?: string;
}

interface SchemaObject {
  type: string;
  name: string;
}

interface DatabaseFacts {
  applicationId: number;
  userVersion: number;
  /** Tables, indexes, triggers and views, without SQLite's own and virtual tables' shadow tables. */
  objects: readonly SchemaObject[];
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** The database header: `user_version` at byte 60, `application_id` at 68, both big-endian. */
const HEADER_BYTES = 100;

export function bindingOptions(options: BindingOptions): Database.Options {
  return options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding };
}

/**
 * Tells what the file at `file` is without changing it or anything beside it, and refuses what
 * Pitside must not open: another program's file ({@link ForeignDatabaseError}), no SQLite database
 * at all ({@link NotADatabaseError}), or a cache from a newer Pitside ({@link NewerSchemaError}).
 */
export function identifyDatabaseFile(
  file: string,
  schema: DatabaseSchema,
  options: BindingOptions = {},
): DatabaseFileState {
  const header = readHeader(file);
  if (header === null) return { kind: 'new' };
  // The mark goes into the database file itself before anything of a new cache reaches a -wal
  // (see `openAppDatabase`), so the header alone tells a marked file. Its version is checked again
  // on the connection that migrates, which also sees what a -wal holds.
  if (header.applicationId === PITSIDE_APPLICATION_ID) {
    return markedState(file, header.userVersion, schema);
  }
  return classify(file, readFactsFromCopy(file, options), schema, options);
}

/** The same judgement as {@link identifyDatabaseFile}, on what an open connection sees. */
export function identifyOpenDatabase(
  db: Database.Database,
  file: string,
  schema: DatabaseSchema,
  options: BindingOptions = {},
): DatabaseFileState {
  return classify(file, readFacts(db), schema, options);
}

function classify(
  file: string,
  facts: DatabaseFacts,
  schema: DatabaseSchema,
  options: BindingOptions,
): DatabaseFileState {
  if (facts.applicationId === PITSIDE_APPLICATION_ID) {
    return markedState(file, facts.userVersion, schema);
  }
  const { applicationId, userVersion, objects } = facts;
  if (applicationId === 0) {
    if (userVersion === 0 && objects.length === 0) return { kind: 'new' };
    const unmarkedVersions = Math.min(schema.lastUnmarkedVersion, schema.migrations.length);
    if (
      userVersion >= 1 &&
      userVersion <= unmarkedVersions &&
      sameObjects(objects, objectsAtVersion(schema.migrations, userVersion, options))
    ) {
      return { kind: 'pitside', version: userVersion, marked: false };
    }
  }
  const tables = objects
    .filter((object) => object.type === 'table' || object.type === 'view')
    .map((object) => object.name)
    .sort();
  throw new ForeignDatabaseError(file, tables, applicationId, userVersion);
}

function markedState(file: string, version: number, schema: DatabaseSchema): DatabaseFileState {
  const supported = schema.migrations.length;
  if (version > supported) throw new NewerSchemaError(version, supported, file);
  return { kind: 'pitside', version, marked: true };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The header's two numbers; null for a file that is missing or empty. */
function readHeader(file: string): { applicationId: number; userVersion: number } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const length = readSync(fd, header, 0, HEADER_BYTES, 0);
    if (length === 0) return null;
    if (length < HEADER_BYTES || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
      throw new NotADatabaseError(file, 'it does not begin with the SQLite header');
    }
    return { userVersion: header.readInt32BE(60), applicationId: header.readInt32BE(68) };
  } finally {
    closeSync(fd);
  }
}

function isNonEmptyFile(path: string): boolean {
  try {
    return statSync(path).size > 0;
  } catch {
    return false;
  }
}

/**
 * Copies an SQLite file with its -wal or hot -journal, so that the copy shows what SQLite would
 * show of the original, also while another program has it open.
 */
export function copyDatabase(file: string, copy: string): void {
  copyFileSync(file, copy);
  for (const suffix of ['-wal', '-journal']) {
    if (isNonEmptyFile(`${file}${suffix}`)) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
  }
}

/**
 * Reads an SQLite file through a copy in a private directory. Even a read-only connection changes
 * what lies beside a WAL-mode database (it makes a -shm and a -wal, and leaves them there), so a
 * copy is the one way to look that changes nothing.
 */
function readFactsFromCopy(file: string, options: BindingOptions): DatabaseFacts {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-inspect-'));
  try {
    const copy = join(dir, 'inspected.db');
    copyDatabase(file, copy);
    const db = new Database(copy, bindingOptions(options));
    try {
      return readFacts(db);
    } finally {
      db.close();
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'SQLITE_NOTADB' || code?.startsWith('SQLITE_CORRUPT') === true) {
      throw new NotADatabaseError(file, error instanceof Error ? error.message : String(error));
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readFacts(db: Database.Database): DatabaseFacts {
  // Shadow tables (an FTS index's storage) are the virtual table's business: their set may change
  // with SQLite's version while the schema stays the same.
  const shadowTables = new Set(
    db
      .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow'")
      .pluck()
      .all(),
  );
  const objects = db
    .prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all() as SchemaObject[];
  return {
    applicationId: db.pragma('application_id', { simple: true }) as number,
    userVersion: db.pragma('user_version', { simple: true }) as number,
    objects: objects.filter((object) => !shadowTables.has(object.name)),
  };
}

/** What the first `version` migrations make, built in memory by those migrations themselves. */
function objectsAtVersion(
  migrations: readonly Migration[],
  version: number,
  options: BindingOptions,
): readonly SchemaObject[] {
  const db = new Database(':memory:', bindingOptions(options));
  try {
    migrate(db, migrations.slice(0, version));
    return readFacts(db).objects;
  } finally {
    db.close();
  }
}

function sameObjects(found: readonly SchemaObject[], expected: readonly SchemaObject[]): boolean {
  const key = (object: SchemaObject) => `${object.type} ${object.name}`;
  const foundKeys = found.map(key).sort();
  const expectedKeys = expected.map(key).sort();
  return (
    foundKeys.length === expectedKeys.length &&
    foundKeys.every((found, index) => found === expectedKeys[index])
  );
}
