import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CACHE_MIGRATIONS } from '../main/cache/migrations';
import { openCache, type CacheFiles } from '../main/cache/open';
import type { AppDatabase } from '../main/storage/database';
import { NewerSchemaError } from '../main/storage/migrations';
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
    if (error instanceof NewerSchemaError) throw new SetupError(error.message);
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
  let db: AppDatabase;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SetupError(`the cache ${file} cannot be opened: ${reason(error)}`);
  }
  try {
    db.pragma('busy_timeout = 5000');
    checkSchema(db, file);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof SetupError) throw error;
    throw new SetupError(`the cache ${file} cannot be read: ${reason(error)}`);
  }
}

function checkSchema(db: AppDatabase, file: string): void {
  const found = db.pragma('user_version', { simple: true }) as number;
  const supported = CACHE_MIGRATIONS.length;
  if (found > supported) throw new SetupError(new NewerSchemaError(found, supported, file).message);
  if (found === 0) throw new SetupError(`${file} is not a Pitside cache`);
  if (found < supported) {
    throw new SetupError(
      `${file} was written by an older Pitside (schema ${found}); run sync once to update it`,
    );
  }
}
