import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS } from '../../src/main/cache/migrations';
import { openCache } from '../../src/main/cache/open';
import { openCacheForReading } from '../../src/cli/data-dir';
import { startTestServer, type TestServer } from '../harness/server';
import {
  headerOf,
  immutableFilesUnavailable,
  PITSIDE_MARK,
  setImmutable,
  snapshot,
  writeForeignDatabase,
  writeNewerPitsideCache,
  writeNotADatabase,
  writeUnmarkedCache,
} from '../main/cache/database-files';
import { runCli, stderrLines, summaryOf, type CliRun } from './run-cli';

/*
 * The command line refuses files that are not Pitside's caches, or not its to change, with the
 * setup status (3), one line that says what the file seems to be, before a single request, and
 * leaves them byte for byte as they were.
 */

/** Answers every request with 503 and counts them: the proof that a refusal sent nothing. */
interface CountingService {
  url: string;
  requests: number;
  close(): Promise<void>;
}

async function startCountingService(): Promise<CountingService> {
  const service = { url: '', requests: 0, close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    service.requests += 1;
    request.resume();
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end('{"error":{"code":"unavailable","message":"counting only"}}');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise((closed) => {
      server.close(() => closed());
      server.closeAllConnections();
    });
  return service;
}

let counting: CountingService;
let server: TestServer;
let root: string;
/** The schema version a cache of this build is at. */
const LATEST = CACHE_MIGRATIONS.length;

const undo: (() => void)[] = [];

beforeAll(async () => {
  counting = await startCountingService();
  server = await startTestServer({ data: 'none' });
  root = mkdtempSync(join(tmpdir(), 'pitside-cli-foreign-'));
});

afterEach(() => {
  for (const step of undo.splice(0)) step();
});

afterAll(async () => {
  await counting.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function dataDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir);
  return dir;
}

function syncTo(service: string, dir: string): Promise<CliRun> {
  return runCli(['sync', '--service', service, '--data-dir', dir], { PITSIDE_API_KEY: 'key' });
}

function exportFrom(dir: string): Promise<CliRun> {
  return runCli(['export', '--data-dir', dir, '--resource', 'teams', '--format', 'json']);
}

/** Exit 3, nothing on stdout, one line on stderr that matches, no stack trace. */
function expectSetupRefusal(run: CliRun, message: RegExp): void {
  expect(run.stdout).toBe('');
  const lines = stderrLines(run);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  expect(run.code).toBe(3);
}

const UNTOUCHED = /Pitside has not changed it\. Move it away or choose another data directory\.$/;

describe('sync and export refuse what is not a Pitside cache, untouched, before any request (exit 3)', () => {
  it.each([
    [
      'another application’s database (user_version 0)',
      (file: string) => writeForeignDatabase(file, { userVersion: 0, journal: 'delete' }),
      /is not a Pitside cache: it looks like another application's SQLite database \(tables: notes, tags/,
    ],
    [
      'another application’s database (user_version 2, WAL)',
      (file: string) => writeForeignDatabase(file, { userVersion: 2, journal: 'wal' }),
      /is not a Pitside cache: it looks like another application's SQLite database \(tables: notes, tags/,
    ],
    [
      'a file that is not an SQLite database',
      writeNotADatabase,
      /is not a Pitside cache: it is not an SQLite database/,
    ],
  ])('%s', async (name, write, message) => {
    const dir = dataDir(name.replace(/\W+/g, '-'));
    const file = join(dir, 'pitside.db');
    write(file);
    const before = snapshot(dir);
    const requestsBefore = counting.requests;

    const sync = await syncTo(counting.url, dir);
    expectSetupRefusal(sync, message);
    expect(stderrLines(sync)[0]).toMatch(UNTOUCHED);
    expect(stderrLines(sync)[0]).toContain(file);
    expectSetupRefusal(await exportFrom(dir), message);

    expect(counting.requests).toBe(requestsBefore);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a cache from a newer Pitside in rollback-journal mode', async () => {
    const dir = dataDir('newer');
    writeNewerPitsideCache(join(dir, 'pitside.db'));
    const before = snapshot(dir);
    const requestsBefore = counting.requests;
    const message =
      /written by a newer version of Pitside \(schema 99.*The file has not been changed/;
    expectSetupRefusal(await syncTo(counting.url, dir), message);
    expectSetupRefusal(await exportFrom(dir), message);
    expect(counting.requests).toBe(requestsBefore);
    expect(snapshot(dir)).toEqual(before);
  });

  const noImmutableFiles = immutableFilesUnavailable();
  if (noImmutableFiles !== null)
    console.warn(`skipping the read-only cache test: ${noImmutableFiles}`);

  it.skipIf(noImmutableFiles !== null)(
    'a read-only pitside.db, found before any request',
    async () => {
      const dir = dataDir('read-only');
      const file = join(dir, 'pitside.db');
      openCache(file).close();
      setImmutable(file, true);
      undo.push(() => setImmutable(file, false));
      const before = snapshot(dir);
      const requestsBefore = counting.requests;

      expectSetupRefusal(
        await syncTo(counting.url, dir),
        new RegExp(`^pitside sync: ${file} is read-only`),
      );
      expect(counting.requests).toBe(requestsBefore);
      expect(snapshot(dir)).toEqual(before);

      // The same sync of a writable cache does reach the service: the counter would have seen it.
      await syncTo(counting.url, dataDir('writable'));
      expect(counting.requests).toBeGreaterThan(requestsBefore);
    },
  );
});

describe('a cache Pitside wrote before it marked its files', () => {
  it('is left as it is by export, then migrated and marked once by sync', async () => {
    const dir = dataDir('unmarked');
    const file = join(dir, 'pitside.db');
    writeUnmarkedCache(file, 2);

    // Version 2 is older than this build's: export reads only, so it says what to do instead.
    const refused = await exportFrom(dir);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/older Pitside \(schema 2\); run sync once/);
    expect(headerOf(file)).toEqual({ applicationId: 0, userVersion: 2 });

    const sync = await runCli(['sync', '--service', server.url, '--data-dir', dir], {
      PITSIDE_API_KEY: server.keys.viewer,
    });
    expect(sync.code).toBe(0);
    expect(summaryOf(sync)).toMatchObject({ outcome: 'completed' });
    expect(headerOf(file)).toEqual({ applicationId: PITSIDE_MARK, userVersion: LATEST });
    expect((await exportFrom(dir)).code).toBe(0);
  });
});

describe('export judges a cache that another Pitside has open by what its -wal holds', () => {
  it('reads a new cache whose tables are still only in the -wal', () => {
    const dir = dataDir('open-new');
    const file = join(dir, 'pitside.db');
    const app = openCache(file);
    undo.push(() => app.close());
    expect(readFileSync(file).readInt32BE(60)).toBe(0);
    openCacheForReading(dir).close();
  });

  it('refuses a cache that a newer Pitside has migrated in its -wal', () => {
    const dir = dataDir('open-newer');
    const file = join(dir, 'pitside.db');
    openCache(file).close();
    const newer = new Database(file);
    undo.push(() => newer.close());
    newer.pragma('wal_autocheckpoint = 0');
    newer.pragma(`user_version = ${LATEST + 1}`);
    expect(() => openCacheForReading(dir)).toThrow(
      `written by a newer version of Pitside (schema ${LATEST + 1}; this version knows up to ${LATEST})`,
    );
  });
});
