import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../src/main/storage/database';
import {
  identifyDatabaseFile,
  PITSIDE_APPLICATION_ID,
  type DatabaseSchema,
} from '../../../src/main/storage/database-file';
import { migrate, NewerSchemaError, type Migration } from '../../../src/main/storage/migrations';
import { ForeignDatabaseError } from '../../../src/main/storage/refusals';

const createNotes: Migration = {
  version: 1,
  name: 'notes',
  up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT'),
};
const indexNotes: Migration = {
  version: 2,
  name: 'notes by text',
  up: (db) => db.exec('CREATE INDEX notes_by_text ON notes (text)'),
};

/** Marked from version 2 on: an unmarked file at version 1 may be Pitside's, at 2 never. */
const NOTES: DatabaseSchema = { migrations: [createNotes, indexNotes], lastUnmarkedVersion: 1 };

const dirs: string[] = [];
const connections: Database.Database[] = [];

afterEach(() => {
  for (const db of connections.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-database-file-'));
  dirs.push(dir);
  return join(dir, 'notes.db');
}

function unmarkedFileAt(version: number): string {
  const file = freshFile();
  const db = new Database(file);
  migrate(db, NOTES.migrations.slice(0, version));
  db.close();
  return file;
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

describe('Pitside’s database files', () => {
  it('carry the mark in the database file itself, while the rest is still in the -wal', () => {
    const file = freshFile();
    connections.push(openAppDatabase(file, NOTES));
    expect(readFileSync(file).readInt32BE(68)).toBe(PITSIDE_APPLICATION_ID);
    expect(identifyDatabaseFile(file, NOTES)).toMatchObject({ kind: 'pitside', marked: true });
  });

  it('are recognised unmarked only at a version Pitside wrote without the mark', () => {
    expect(identifyDatabaseFile(unmarkedFileAt(1), NOTES)).toEqual({
      kind: 'pitside',
      version: 1,
      marked: false,
    });
    const unmarkedLater = unmarkedFileAt(2);
    expect(() => identifyDatabaseFile(unmarkedLater, NOTES)).toThrow(ForeignDatabaseError);
    expect(() => openAppDatabase(unmarkedLater, NOTES)).toThrow(
      /\(tables: notes; user_version 2\)/,
    );
  });

  it('are judged by what their -wal holds: a newer version there is refused, file and -wal untouched', () => {
    const file = freshFile();
    openAppDatabase(file, NOTES).close();
    // A newer Pitside has the cache open and has migrated it; the database file has not seen it yet.
    const newer = new Database(file);
    connections.push(newer);
    newer.pragma('wal_autocheckpoint = 0');
    newer.pragma('user_version = 3');
    expect(readFileSync(file).readInt32BE(60)).toBe(2);
    const before = [sha256(file), sha256(`${file}-wal`)];

    expect(() => openAppDatabase(file, NOTES)).toThrow(NewerSchemaError);
    expect([sha256(file), sha256(`${file}-wal`)]).toEqual(before);
  });
});
