import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CACHE_DATABASE } from '../main/cache/migrations';
import { openCache, type CacheFiles } from '../main/cache/open';
import type { AppDatabase } from '../main/storage/database';
import {
  identifyDatabaseFile,
  identifyOpenDatabase,
  type DatabaseFileState,
} from '../main/storage/database-file';
import { RefusedDatabaseError } from '../main/storage/refusals';
import { SetupError } from './errors';

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
    if (error instanceof RefusedDatabaseError) throw new SetupError(error.message);
    throw new SetupError(`the cache ${file} cannot be used: ${reason(error)}`);
  }
}

/**
 * Opens an existing cache read-only. Nothing is created or migrated: an export of a directory
 * without a cache is a mistake to report (a typo in the path, a sync that never ran), not an
 * empty file to leave behind. A cache at another schema version is refused rather than misread.
 */
export function openCacheForReading(dataDir: string): AppDatabase {
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
  let db: AppDatabase;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SetupError(`the cache ${file} cannot be opened: ${reason(error)}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    // The connection sees what a -wal holds (the app may have the cache open): it decides.
    checkSchema(identifyOpenDatabase(db, file, CACHE_DATABASE), file);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof SetupError) throw error;
    if (error instanceof RefusedDatabaseError) throw new SetupError(error.message);
    throw new SetupError(`the cache ${file} cannot be read: ${reason(error)}`);
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
