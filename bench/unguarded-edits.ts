import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../src/main/api/client';
import { openCache } from '../src/main/cache/open';
import { WriteQueue } from '../src/main/cache/write-queue';
import { SyncEngine } from '../src/main/sync/engine';
import { startServer } from '../src/server/start';

/*
 * What a service without ETags costs the outbox. Each update there is a read to compare, the
 * write, and a second look once writes that could have crossed it have landed: three requests
 * where a bare client sends one. A backlog goes out, looks included (due at once here), against
 * the same PATCHes sent bare by a loop with as many in flight, on the same service in the same run.
 */

const BACKLOG = 400;
const IN_FLIGHT = 4;
const PINNED_NOW = '2026-11-21T12:00:00Z';

export interface UnguardedFigures {
  /** The backlog sent, every second look made. */
  sentAndLookedMs: number;
  bareLoopMs: number;
  ratio: number;
  /** Requests the outbox made per edit (reads to compare, writes, looks). */
  requestsPerEdit: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function runUnguardedEditsBenchmark(): Promise<UnguardedFigures> {
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
    extensions: false,
  });
  const dir = mkdtempSync(join(tmpdir(), 'pitside-bench-unguarded-'));
  const cache = openCache(join(dir, 'pitside.db'));
  const queue = new WriteQueue(cache.writer);
  let requests = 0;
  const counted: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const client = (fetcher: typeof fetch) =>
    createApiClient({ baseUrl: server.url, fetch: fetcher, apiKey: () => Promise.resolve(key) });
  const engine = new SyncEngine({
    reader: cache.reader,
    writer: cache.writer,
    queue,
    now: () => new Date(PINNED_NOW),
    connect: () => Promise.resolve(client(counted)),
    editScope: () => server.url,
    // Looks due as soon as their write is answered: the run makes them all before it ends.
    sentChecks: { sendByMs: 5_000, afterMs: 0 },
  });
  try {
    await engine.run({ scope: 'default' });
    const ids = cache.reader.prepare('SELECT id FROM events ORDER BY id').pluck().all() as string[];
    for (let n = 0; n < BACKLOG; n += 1) {
      await engine.outbox.update(ids[n % ids.length]!, { location: { venue: `Unguarded ${n}` } });
    }
    requests = 0;
    const started = performance.now();
    const summary = await engine.run({ editsOnly: true });
    const sentAndLookedMs = performance.now() - started;
    const made = requests;
    if (summary.outbox.sent !== BACKLOG || summary.outbox.checking !== 0) {
      throw new Error(
        `the backlog did not all go out and get looked at: ${JSON.stringify(summary)}`,
      );
    }
    const api = client(fetch);
    const next = { index: 0 };
    const bareLoopMs = await timed(() =>
      Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let n = next.index++; n < BACKLOG; n = next.index++) {
            await api.updateEvent(ids[n % ids.length]!, { location: { venue: `Bare ${n}` } });
          }
        }),
      ),
    );
    const figures: UnguardedFigures = {
      sentAndLookedMs: Math.round(sentAndLookedMs),
      bareLoopMs: Math.round(bareLoopMs),
      ratio: Math.round((sentAndLookedMs / bareLoopMs) * 100) / 100,
      requestsPerEdit: Math.round((made / BACKLOG) * 100) / 100,
    };
    console.log(
      `without ETags: a backlog of ${BACKLOG} edits sent and looked at again in ${figures.sentAndLookedMs} ms (${figures.requestsPerEdit} requests per edit); the same PATCHes bare, ${IN_FLIGHT} in flight: ${figures.bareLoopMs} ms (ratio ${figures.ratio})`,
    );
    return figures;
  } finally {
    await engine.close();
    cache.close();
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  }
}
