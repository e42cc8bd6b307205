import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from '../../../src/main/cache/migrations';
import { openCache } from '../../../src/main/cache/open';
import type { Credentials } from '../../../src/main/credentials/credentials';
import { openDataLayer } from '../../../src/main/data-layer';
import {
  headerOf,
  immutableFilesUnavailable,
  KEPT_ETAG,
  openForeignDatabaseInUse,
  PITSIDE_MARK,
  setImmutable,
  snapshot,
  writeForeignDatabase,
  writeNewerPitsideCache,
  writeNotADatabase,
  writeUnmarkedCache,
} from './database-files';
import { testClock } from '../../harness/clock';

const FOREIGN = /is not a Pitside cache: it looks like another application's SQLite database/;
const UNTOUCHED = /Pitside has not changed it\. Move it away or choose another data directory\./;

/** The schema version a cache of this build is at. */
const LATEST = CACHE_MIGRATIONS.length;

const dirs: string[] = [];
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pitside-identity-'));
  dirs.push(dir);
  return dir;
}

function cacheIn(dir: string): string {
  return join(dir, 'pitside.db');
}

/** Opens and closes the cache, as the app's start and quit would. */
function openAndClose(file: string): void {
  openCache(file).close();
}

function etags(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT url, etag FROM etags').all();
  } finally {
    db.close();
  }
}

/** Expects `open` to refuse with a message matching every pattern, leaving `dir` as it was. */
function expectRefusedUntouched(dir: string, open: () => unknown, ...patterns: RegExp[]): void {
  const before = snapshot(dir);
  let refusal: unknown = null;
  try {
    open();
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(Error);
  for (const pattern of patterns) expect((refusal as Error).message).toMatch(pattern);
  expect(snapshot(dir)).toEqual(before);
}

describe('the cache opens only files that are Pitside’s', () => {
  it('marks a new cache as Pitside’s (application_id ‘PtSd’)', () => {
    const file = cacheIn(dataDir());
    openAndClose(file);
    expect(headerOf(file)).toEqual({ applicationId: PITSIDE_MARK, userVersion: LATEST });
  });

  it.each([
    ['user_version 0, rollback journal', { userVersion: 0, journal: 'delete' }],
    ['user_version 2, rollback journal', { userVersion: 2, journal: 'delete' }],
    ['user_version 0, WAL', { userVersion: 0, journal: 'wal' }],
    ['user_version 2, WAL', { userVersion: 2, journal: 'wal' }],
  ] as const)(
    'refuses another application’s database (%s), byte for byte untouched',
    (_, options) => {
      const dir = dataDir();
      writeForeignDatabase(cacheIn(dir), options);
      expectRefusedUntouched(
        dir,
        () => openCache(cacheIn(dir)),
        FOREIGN,
        /\(tables: notes, tags/,
        UNTOUCHED,
      );
    },
  );

  it('refuses another application’s database while that application has it open, -wal and -shm untouched', () => {
    const dir = dataDir();
    const owner = openForeignDatabaseInUse(cacheIn(dir));
    cleanups.push(() => owner.close());
    expectRefusedUntouched(dir, () => openCache(cacheIn(dir)), FOREIGN, /\(tables: notes, tags/);
    expect(owner.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(2);
  });

  it('refuses a file with another application’s mark, even with no tables', () => {
    const dir = dataDir();
    const db = new Database(cacheIn(dir));
    db.pragma('application_id = 1'); // any mark but Pitside's
    db.close();
    expectRefusedUntouched(dir, () => openCache(cacheIn(dir)), FOREIGN, /no tables/, UNTOUCHED);
  });

  it('refuses a cache from a newer Pitside in rollback-journal mode without switching it to WAL', () => {
    const dir = dataDir();
    writeNewerPitsideCache(cacheIn(dir));
    expectRefusedUntouched(
      dir,
      () => openCache(cacheIn(dir)),
      new RegExp(
        `written by a newer version of Pitside \\(schema 99; this version knows up to ${LATEST}\\)`,
      ),
      /The file has not been changed/,
    );
  });

  it('refuses a file that is not an SQLite database at all, untouched', () => {
    const dir = dataDir();
    writeNotADatabase(cacheIn(dir));
    expectRefusedUntouched(
      dir,
      () => openCache(cacheIn(dir)),
      /is not a Pitside cache: it is not an SQLite database/,
      UNTOUCHED,
    );
    writeFileSync(cacheIn(dir), 'favorite teams: 254, 1114\n');
    expectRefusedUntouched(dir, () => openCache(cacheIn(dir)), /it is not an SQLite database/);
  });

  it('refuses an unmarked file with Pitside’s tables at a version that does not match them', () => {
    const dir = dataDir();
    writeUnmarkedCache(cacheIn(dir), 1);
    const db = new Database(cacheIn(dir));
    db.pragma('user_version = 2');
    db.close();
    expectRefusedUntouched(
      dir,
      () => openCache(cacheIn(dir)),
      FOREIGN,
      /tables: clip_teams, clips/,
    );
  });

  it.each([1, 2])(
    'recognises a cache Pitside wrote before it marked its files (schema %i), keeps it and marks it once',
    (version) => {
      const file = cacheIn(dataDir());
      writeUnmarkedCache(file, version);
      openAndClose(file);
      expect(headerOf(file)).toEqual({ applicationId: PITSIDE_MARK, userVersion: LATEST });
      expect(etags(file)).toEqual([KEPT_ETAG]);
    },
  );

  it('reopens a marked cache without writing to it', () => {
    const dir = dataDir();
    openAndClose(cacheIn(dir));
    const before = snapshot(dir);
    openAndClose(cacheIn(dir));
    expect(snapshot(dir)).toEqual(before);
  });

  it('makes a cache of an empty file, and of an SQLite file with nothing in it', () => {
    const dir = dataDir();
    writeFileSync(cacheIn(dir), '');
    openAndClose(cacheIn(dir));
    expect(headerOf(cacheIn(dir))).toEqual({ applicationId: PITSIDE_MARK, userVersion: LATEST });

    // What Pitside left before it marked its files when it stopped between WAL and its tables.
    const other = dataDir();
    const db = new Database(cacheIn(other));
    db.pragma('journal_mode = WAL');
    db.close();
    openAndClose(cacheIn(other));
    expect(headerOf(cacheIn(other))).toEqual({
      applicationId: PITSIDE_MARK,
      userVersion: LATEST,
    });
  });

  const noImmutableFiles = immutableFilesUnavailable();
  if (noImmutableFiles !== null)
    console.warn(`skipping the read-only cache test: ${noImmutableFiles}`);

  it.skipIf(noImmutableFiles !== null)(
    'refuses a read-only cache file before writing anything',
    () => {
      const dir = dataDir();
      writeUnmarkedCache(cacheIn(dir), 2);
      setImmutable(cacheIn(dir), true);
      cleanups.push(() => setImmutable(cacheIn(dir), false));
      expectRefusedUntouched(
        dir,
        () => openCache(cacheIn(dir)),
        new RegExp(`^${cacheIn(dir)} is read-only`),
      );
    },
  );

  it('refuses the same files where the app and the preview open the cache, before any request', () => {
    const dir = dataDir();
    writeForeignDatabase(cacheIn(dir), { userVersion: 0, journal: 'wal' });
    let requests = 0;
    const credentials: Credentials = {
      getKey: () => Promise.resolve('key'),
      setKey: () => Promise.resolve(),
      clearKey: () => Promise.resolve(),
    };
    const open = () =>
      openDataLayer({
        now: testClock,
        dataDirectory: dir,
        fetch: () => {
          requests += 1;
          return Promise.reject(new Error('no network in this test'));
        },
        credentials,
        defaultBaseUrl: 'http://127.0.0.1:9',
      });
    expectRefusedUntouched(dir, open, FOREIGN, UNTOUCHED);
    expect(requests).toBe(0);
  });
});
