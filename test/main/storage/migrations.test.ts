import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/main/storage/database';
import { migrate, NewerSchemaError, type Migration } from '../../../src/main/storage/migrations';

const createNotes: Migration = {
  version: 1,
  name: 'notes',
  up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT'),
};
const addAuthor: Migration = {
  version: 2,
  name: 'note authors',
  up: (db) => db.exec("ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT ''"),
};

function freshFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'pitside-migrations-')), 'cache.db');
}

/** A plain WAL connection: what `migrate` does, apart from how the app opens its files. */
function openWal(file: string): AppDatabase {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  return db;
}

function version(db: AppDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

describe('migrations', () => {
  it('bring a new file to the latest version, and a reopened one from where it was', () => {
    const file = freshFile();
    const first = openWal(file);
    expect(migrate(first, [createNotes])).toEqual({ from: 0, to: 1 });
    first.close();
    const second = openWal(file);
    expect(migrate(second, [createNotes, addAuthor])).toEqual({ from: 1, to: 2 });
    expect(migrate(second, [createNotes, addAuthor])).toEqual({ from: 2, to: 2 });
    second.prepare("INSERT INTO notes (text, author) VALUES ('hi', 'me')").run();
    second.close();
  });

  it('roll a failing migration back whole and stay at the last good version', () => {
    const db = openWal(freshFile());
    migrate(db, [createNotes]);
    const halfDone: Migration = {
      version: 2,
      name: 'fails half-way',
      up: (target) => {
        target.exec('CREATE TABLE extra (id INTEGER PRIMARY KEY) STRICT');
        throw new Error('disk full');
      },
    };
    expect(() => migrate(db, [createNotes, halfDone])).toThrow('disk full');
    expect(version(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").all();
    expect(tables).toEqual([]);
    db.close();
  });

  it('refuse a file from a newer version and leave it byte for byte as it was', () => {
    const file = freshFile();
    const newer = openWal(file);
    migrate(newer, [createNotes, addAuthor]);
    newer.pragma('wal_checkpoint(TRUNCATE)');
    newer.close();
    const before = readFileSync(file);

    const older = openWal(file);
    expect(() => migrate(older, [createNotes])).toThrow(NewerSchemaError);
    expect(() => migrate(older, [createNotes])).toThrow(
      /newer version of Pitside.*not been changed/,
    );
    older.close();
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('insist on migrations numbered 1, 2, 3… in order', () => {
    const db = openWal(freshFile());
    expect(() => migrate(db, [addAuthor])).toThrow('expected 1');
    db.close();
  });
});
