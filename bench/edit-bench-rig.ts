import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../src/main/api/client';
import { openCache, type CacheFiles } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import type { SentCheckTiming } from '../src/main/outbox/sent-checks';
import { SyncEngine } from '../src/main/sync/engine';
import { startServer } from '../src/server/start';
import { benchRoot } from './bench-root';

/** Edits of a backlog, and writes of its bare baseline, in flight at once: as many as the outbox sends. */
export const IN_FLIGHT = 4;
const PINNED_NOW = '2026-11-21T12:00:00Z';

export interface EditBench {
  cache: CacheFiles;
  queue: WriteQueue;
  engine: SyncEngine;
  /** The demo's events as the first sync cached them, in code order. */
  ids: string[];
  /** A client of the service with the organizer's key, requests going through `fetcher`. */
  client: (fetcher?: typeof fetch) => ApiClient;
  close: () => Promise<void>;
}

/**
 * The demo service in memory (no rate limit) with an organizer's key, and a sync engine over a
 * fresh cache that has synced it once: what the edit benchmarks share.
 */
export async function openEditBench(options: {
  extensions: boolean;
  /** The requests of the engine's client go through this; the global fetch when absent. */
  fetcher?: typeof fetch;
  sentChecks?: SentCheckTiming;
}): Promise<EditBench> {
  const key = `organizer-${randomBytes(8).toString('hex')}`;
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    db: ':memory:',
    data: 'demo',
    seed: 1,
    keys: [{ key, role: 'organizer' }],
    now: PINNED_NOW,
    rateLimit: null,
    extensions: options.extensions,
  });
  const root = benchRoot('edits');
  const cache = openCache(join(root.path, 'pitside.db'));
  const queue = new WriteQueue(cache.writer);
  const client = (fetcher: typeof fetch = fetch) =>
    createApiClient({ baseUrl: server.url, fetch: fetcher, apiKey: () => Promise.resolve(key) });
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue,
    now: () => new Date(PINNED_NOW),
    connect: () => Promise.resolve(client(options.fetcher)),
    editScope: () => server.url,
    ...(options.sentChecks === undefined ? {} : { sentChecks: options.sentChecks }),
  });
  await engine.run({ scope: 'default' });
  const ids = cache.reader.prepare('SELECT id FROM events ORDER BY id').pluck().all() as string[];
  return {
    cache,
    queue,
    engine,
    ids,
    client,
    close: async () => {
      await engine.close();
      cache.close();
      root.remove();
      await server.close();
    },
  };
}

/** The baseline of a backlog: `count` venue changes sent bare, `IN_FLIGHT` at a time; in ms. */
export async function bareUpdates(bench: EditBench, count: number): Promise<number> {
  const api = bench.client();
  const next = { index: 0 };
  return timed(() =>
    Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let n = next.index++; n < count; n = next.index++) {
          await api.updateEvent(bench.ids[n % bench.ids.length]!, {
            location: { venue: `Bare ${n}` },
          });
        }
      }),
    ),
  );
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
