import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_MIGRATIONS } from '../../../src/main/cache/migrations';
import { migrate } from '../../../src/main/storage/migrations';

/*
 * Files a Pitside data directory may hold, built with plain better-sqlite3 as other programs (and
 * Pitside before it marked its files) would write them, and a byte-level picture of a directory to
 * prove that a refused file was left exactly as it was found.
 */

/**
 * The mark Pitside's files carry in SQLite's `application_id`: 'PtSd' in ASCII. Spelled out here,
 * not imported, because it is a property of files on disk: changing it would orphan every cache.
 */
export const PITSIDE_MARK = 0x50745364;

/** Every file of the directory (the database, and any -wal, -shm or -journal) by its SHA-256. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    files[name] = createHash('sha256')
      .update(readFileSync(join(dir, name)))
      .digest('hex');
  }
  return files;
}

export function headerOf(file: string): { applicationId: number; userVersion: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      applicationId: db.pragma('application_id', { simple: true }) as number,
      userVersion: db.pragma('user_version', { simple: true }) as number,
    };
  } finally {
    db.close();
  }
}

export interface ForeignOptions {
  userVersion: number;
  /** 'wal' leaves the file in WAL mode, as many applications keep theirs. */
  journal: 'delete' | 'wal';
}

const FOREIGN_SCHEMA = `
CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE tags (note_id INTEGER NOT NULL, tag TEXT NOT NULL);
INSERT INTO notes (text) VALUES ('buy milk'), ('call the venue');
INSERT INTO tags VALUES (1, 'home'), (2, 'work');
`;

/** Another application's database: its own tables and rows, nothing of Pitside's. */
export function writeForeignDatabase(file: string, options: ForeignOptions): void {
  const db = new Database(file);
  if (options.journal === 'wal') db.pragma('journal_mode = WAL');
  db.exec(FOREIGN_SCHEMA);
  db.pragma(`user_version = ${options.userVersion}`);
  db.close();
}

/**
 * Another application's database that this application has open right now: its last commits are
 * still in the -wal, not yet in the database file. Close the returned connection when done.
 */
export function openForeignDatabaseInUse(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec(FOREIGN_SCHEMA);
  db.pragma('user_version = 2');
  return db;
}

/** A cache from a Pitside with a schema this one does not know, kept in rollback-journal mode. */
export function writeNewerPitsideCache(file: string): void {
  const db = new Database(file);
  db.pragma(`application_id = ${PITSIDE_MARK}`);
  db.exec('CREATE TABLE future (x INTEGER)');
  db.pragma('user_version = 99');
  db.close();
}

/** A validator for a URL no sync asks for, so it stays in the cache through a sync. */
export const KEPT_ETAG = { url: 'https://events.example.org/v1/kept', etag: '"kept-1"' };

/**
 * A cache exactly as Pitside wrote it before it marked its files: WAL, the first `version`
 * migrations, no `application_id`; with one stored ETag, to show that adoption keeps what it holds.
 */
export function writeUnmarkedCache(file: string, version: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, CACHE_MIGRATIONS.slice(0, version));
  db.prepare(
    `INSERT INTO etags (url, etag) VALUES ('${KEPT_ETAG.url}', '${KEPT_ETAG.etag}')`,
  ).run();
  db.close();
}

/** Random bytes, as a file that was never a database at all. */
export function writeNotADatabase(file: string): void {
  writeFileSync(file, randomBytes(8192));
}

/**
 * Sets or clears the immutable attribute (`chattr +i`). The tests run as root, for whom permission
 * bits do not stop a write; the immutable attribute does, for root too, exactly like a file on a
 * read-only mount.
 */
export function setImmutable(file: string, immutable: boolean): void {
  const result = spawnSync('chattr', [immutable ? '+i' : '-i', file], { encoding: 'utf8' });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) throw new Error(`chattr failed: ${result.stderr.trim()}`);
}

/** Why immutable files cannot be made here (no chattr, a file system without the attribute), or null. */
export function immutableFilesUnavailable(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-chattr-'));
  const probe = join(dir, 'probe');
  writeFileSync(probe, '');
  try {
    setImmutable(probe, true);
    setImmutable(probe, false);
    return null;
  } catch (error) {
    return `chattr +i does not work in ${tmpdir()}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
