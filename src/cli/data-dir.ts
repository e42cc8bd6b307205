import Database from 'better-sqlite3';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CACHE_DATABASE } from '../main/cache/migrations';
import { openCache, type CacheFiles } from '../main/cache/open';
import type { AppDatabase } from '../main/storage/database';
import {
  copyDatabase,
  identifyDatabaseFile,
  identifyOpenDatabase,
  type DatabaseFileState,
} from '../main/storage/database-file';
import { DataDirectoryInUseError } from '../main/storage/directory-lock';
import { RefusedDatabaseError } from '../main/storage/refusals';
import { CliError, EXIT, SetupError } from './errors';

export const CACHE_FILE_NAME = 'pitside.db';

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The directory exists (or is made), is a directory, and this process may write in it. */
function ensureWritableDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new SetupError(`the data directory ${dir} is not a directory`);
    }
    throw new SetupError(`the data directory ${dir} cannot be created: ${reason(error)}`);
  }
  if (!statSync(dir).isDirectory()) {
    throw new SetupError(`the data directory ${dir} is not a directory`);
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new SetupError(`the data directory ${dir} is not writable`);
  }
}

/** Opens DIR/pitside.db for a sync, creating the directory and the cache, migrating an old one. */
export function openCacheForSync(dataDir: string): { files: CacheFiles; file: string } {
  const dir = resolve(dataDir);
  ensureWritableDirectory(dir);
  const file = join(dir, CACHE_FILE_NAME);
  try {
    return { files: openCache(file), file };
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) throw new CliError(EXIT.inUse, error.message);
    if (error instanceof RefusedDatabaseError) throw new SetupError(error.message);
    throw new SetupError(`the cache ${file} cannot be used: ${reason(error)}`);
  }
}

/** A cache open for reading; `close` also removes the copy a read-only medium needed. */
export interface ReadOnlyCache {
  db: AppDatabase;
  close(): void;
}

/**
 * Opens an existing cache read-only. Nothing is created or migrated: an export of a directory
 * without a cache is a mistake to report (a typo in the path, a sync that never ran), not an
 * empty file to leave behind. A cache at another schema version is refused rather than misread.
 * It takes no lock: WAL lets it read beside a sync of another process, at the last commit.
 */
export function openCacheForReading(dataDir: string): ReadOnlyCache {
  const dir = resolve(dataDir);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      throw new SetupError(`the data directory ${dir} does not exist`);
    }
    throw new SetupError(`the data directory ${dir} cannot be read: ${reason(error)}`);
  }
  if (!isDirectory) throw new SetupError(`the data directory ${dir} is not a directory`);
  const file = join(dir, CACHE_FILE_NAME);
  if (!existsSync(file)) {
    throw new SetupError(`${dir} holds no Pitside cache (${CACHE_FILE_NAME}); run sync first`);
  }
  refuseWhatIsNotOurs(file);
  const inPlace = openChecked(file, file);
  if (inPlace !== null) return { db: inPlace, close: () => inPlace.close() };
  return openCopy(file);
}

/**
 * A WAL-mode cache is read with a -shm beside it, which SQLite makes when there is none: on a
 * read-only medium (a write-protected card, a read-only mount) it cannot, and refuses to open.
 * The cache is then read from a private copy, and the medium is never written to.
 */
function openCopy(file: string): ReadOnlyCache {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-read-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const copy = join(dir, CACHE_FILE_NAME);
    copyDatabase(file, copy);
    const db = openChecked(copy, file);
    if (db === null) throw new SetupError(`the cache ${file} cannot be opened`);
    return {
      db,
      close: () => {
        db.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    if (error instanceof SetupError) throw error;
    throw new SetupError(`the cache ${file} cannot be read: ${reason(error)}`);
  }
}

/**
 * Opens `path` (the cache, or its copy) read-only and checks its schema; `null` where SQLite cannot
 * open it in place because its directory cannot be written. Errors name `file`, the cache.
 */
function openChecked(path: string, file: string): AppDatabase | null {
  let db: AppDatabase;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    if (errorCode(error) === 'SQLITE_CANTOPEN' && !isWritable(path)) return null;
    throw new SetupError(`the cache ${file} cannot be opened: ${reason(error)}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    // The connection sees what a -wal holds (the app may have the cache open): it decides.
    checkSchema(identifyOpenDatabase(db, file, CACHE_DATABASE), file);
    return db;
  } catch (error) {
    db.close();
    if (errorCode(error) === 'SQLITE_CANTOPEN' && !isWritable(path)) return null;
    if (error instanceof SetupError) throw error;
    if (error instanceof RefusedDatabaseError) throw new SetupError(error.message);
    throw new SetupError(`the cache ${file} cannot be read: ${reason(error)}`);
  }
}

/** Whether SQLite could make a -shm beside `file`. */
function isWritable(file: string): boolean {
  try {
    accessSync(dirname(file), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Looks before opening: even a read-only connection leaves a -shm and a -wal beside another
 * program's WAL-mode database.
 */
function refuseWhatIsNotOurs(file: string): void {
  try {
    identifyDatabaseFile(file, CACHE_DATABASE);
  } catch (error) {
    if (error instanceof RefusedDatabaseError) throw new SetupError(error.message);
    throw new SetupError(`the cache ${file} cannot be read: ${reason(error)}`);
  }
}

/** An export reads, so it neither marks an unmarked cache nor migrates an older one. */
function checkSchema(state: DatabaseFileState, file: string): void {
  if (state.kind === 'new' || state.version === 0) {
    throw new SetupError(`${file} holds no data yet; run sync first`);
  }
  const supported = CACHE_DATABASE.migrations.length;
  if (state.version < supported) {
    throw new SetupError(
      `${file} was written by an older Pitside (schema ${state.version}); run sync once to update it`,
    );
  }
}
