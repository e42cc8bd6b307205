import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CacheResource } from '../../../src/shared/ipc/resources';
import type { SyncStatus, SyncSummary } from '../../../src/shared/ipc/sync';
import { createApiClient } from '../../../src/main/api/client';
import type { FetchLike, TransportOptions } from '../../../src/main/api/request';
import { openCache, type CacheFiles } from '../../../src/main/cache/open';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { SyncEngine } from '../../../src/main/sync/engine';
import type { RunOptions } from '../../../src/main/sync/sync-run';
import { cacheProblems, readCacheCopy } from '../../harness/cache-copy';
import type { Copy } from '../../harness/copy';
import { TEST_NOW } from '../../harness/server';
import type { SentCheckTiming } from '../../../src/main/outbox/sent-checks';

/** Transport settings a test may change; the rest is what the app itself would use. */
export type TransportTweaks = Partial<
  Pick<
    TransportOptions,
    'timeoutMs' | 'maxAttempts' | 'maxRetryAfterMs' | 'backoff' | 'sleep' | 'minSilenceMs'
  >
>;

export interface RigOptions {
  baseUrl: string;
  key: string | null;
  /** The data directory; a fresh temporary one when absent. */
  dir?: string;
  transport?: TransportTweaks;
  /** The fetch the client uses; the global one when absent. */
  fetch?: FetchLike;
  /** The cache file's name in `dir`; `cache.db` when absent (the command line's is `pitside.db`). */
  fileName?: string;
  /** The outbox's waits between tries of an edit; real waits when absent. */
  outboxSleep?: (ms: number) => Promise<void>;
  /**
   * When writes without a validator get their second look. An hour when absent: a look falling
   * due in the middle of a test that is not about it would start a run of the edits on its own.
   */
  sentChecks?: SentCheckTiming;
}

/** A sync engine over a real cache file, wired the way the app wires it, and what it reported. */
export interface SyncRig {
  dir: string;
  file: string;
  cache: CacheFiles;
  engine: SyncEngine;
  /** The engine's write queue. */
  queue: WriteQueue;
  statuses: SyncStatus[];
  /** What each commit of the rig's own queue changed, in order. */
  changes: CacheResource[];
  /** Every backoff wait the client asked for, in ms; the waits themselves are skipped. */
  waits: number[];
  /** A new engine over the same cache, e.g. on a write queue the test instruments. */
  rebuild(parts: { queue: WriteQueue }): SyncEngine;
  run(options?: RunOptions): Promise<SyncSummary>;
  copy(): Copy;
  problems(): string[];
  close(): Promise<void>;
}

const made: string[] = [];

/** A temporary directory removed by `removeTempDirs`. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pitside-${label}-`));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const CACHE_FILE = 'cache.db';

export function openRig(options: RigOptions): SyncRig {
  const dir = options.dir ?? tempDir('sync');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, options.fileName ?? CACHE_FILE);
  const cache = openCache(file);
  const statuses: SyncStatus[] = [];
  const changes: CacheResource[] = [];
  const waits: number[] = [];
  const makeEngine = (queue: WriteQueue) =>
    new SyncEngine({
      reader: cache.reader,
      writer: cache.writer,
      queue,
      // The service's clock is pinned; the engine's agrees, so "live" and "due" mean one thing.
      now: () => new Date(TEST_NOW),
      connect: () =>
        Promise.resolve(
          createApiClient({
            baseUrl: options.baseUrl,
            fetch: options.fetch ?? ((url, init) => fetch(url, init)),
            apiKey: () => Promise.resolve(options.key),
            sleep: (ms) => {
              waits.push(ms);
              return Promise.resolve();
            },
            ...options.transport,
          }),
        ),
      onStatus: (status) => statuses.push(status),
      editScope: () => options.baseUrl,
      outboxSleep: options.outboxSleep,
      sentChecks: options.sentChecks ?? { sendByMs: 5_000, afterMs: 3_600_000 },
    });
  const queue = new WriteQueue(cache.writer, { onCommit: (changed) => changes.push(...changed) });
  const rig: SyncRig = {
    dir,
    file,
    cache,
    queue,
    engine: makeEngine(queue),
    rebuild: ({ queue }) => makeEngine(queue),
    statuses,
    changes,
    waits,
    run: (runOptions = { scope: 'all' }) => rig.engine.run(runOptions),
    copy: () => readCacheCopy(cache.reader),
    problems: () => cacheProblems(file),
    close: async () => {
      await rig.engine.close();
      cache.close();
    },
  };
  return rig;
}

const WATCHED_TABLES = [
  'events',
  'teams',
  'registrations',
  'matches',
  'match_teams',
  'clips',
  'clip_teams',
  'team_stats',
  'fetched_records',
] as const;

/**
 * Counts every row written to the cache's data tables from now on, with temporary triggers on the
 * writer connection: "wrote nothing" then means no INSERT, UPDATE or DELETE at all, not merely
 * the same content afterwards. The bookkeeping of each pull (`sync_state` with its timestamps,
 * `etags`) is rewritten by every successful pull and is not watched.
 */
export function watchWrites(rig: SyncRig): () => Record<string, number> {
  const db = rig.cache.writer;
  db.exec('CREATE TEMP TABLE IF NOT EXISTS test_writes (tbl TEXT NOT NULL)');
  db.exec('DELETE FROM test_writes');
  for (const table of WATCHED_TABLES) {
    for (const operation of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS test_${table}_${operation}
        AFTER ${operation} ON main.${table} BEGIN
        INSERT INTO test_writes (tbl) VALUES ('${table}'); END`);
    }
  }
  return () =>
    Object.fromEntries(
      db
        .prepare<[], { tbl: string; writes: number }>(
          'SELECT tbl, count(*) AS writes FROM test_writes GROUP BY tbl',
        )
        .all()
        .map((row) => [row.tbl, row.writes]),
    );
}
