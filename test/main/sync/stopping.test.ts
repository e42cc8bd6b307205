import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/*
 * "Stopped" means stopped: once a canceled run has answered and `idle()` has resolved, nothing of
 * it writes any more. Each run is canceled at another moment of a scope-all sync of the demo
 * data, while workers have answers in hand and writes queued.
 */

let server: TestServer;
const rigs: SyncRig[] = [];

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

const DATA_TABLES = ['events', 'teams', 'registrations', 'matches', 'clips', 'team_stats'];

/** Every data table's row count, read on a connection of its own (what another reader sees). */
function counts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      DATA_TABLES.map((table) => [
        table,
        db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0,
      ]),
    );
  } finally {
    db.close();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A rig whose write queue counts its synchronous blocks: every write is at least one. */
function countingRig(): { rig: SyncRig; blocks: () => number } {
  const rig = openRig({
    baseUrl: server.url,
    key: server.keys.viewer,
    // An answer whose body has arrived is not taken back by an abort (Electron's net.fetch, or
    // any fetch that already buffered it): the run must stop its own writes, not rely on that.
    fetch: (url, init) => fetch(url, { ...init, signal: null }),
  });
  rigs.push(rig);
  let blocks = 0;
  rig.engine = rig.rebuild({
    queue: new WriteQueue(rig.cache.writer, { onBlock: () => (blocks += 1) }),
  });
  return { rig, blocks: () => blocks };
}

describe('a canceled run', () => {
  it.each([60, 120, 180, 240, 300, 360, 450, 550])(
    'writes nothing once it has answered and idle() has resolved (canceled after %i ms)',
    async (delayMs) => {
      const { rig, blocks } = countingRig();
      const running = rig.engine.run({ scope: 'all' });
      await sleep(delayMs);
      expect(rig.engine.cancel()).toBe(true);
      expect((await running).outcome).toBe('canceled');
      await rig.engine.idle();
      const settled = { blocks: blocks(), rows: counts(rig.file) };
      await sleep(400);
      expect({ blocks: blocks(), rows: counts(rig.file) }).toEqual(settled);
      expect(rig.problems()).toEqual([]);
    },
  );

  it('leaves nothing pending for close(): no write is tried on a closed database', async () => {
    const { rig, blocks } = countingRig();
    rigs.splice(rigs.indexOf(rig), 1);
    const running = rig.engine.run({ scope: 'all' });
    await sleep(250);
    rig.engine.cancel();
    await rig.close();
    const closedAt = blocks();
    expect((await running).outcome).toBe('canceled');
    await sleep(400);
    expect(blocks()).toBe(closedAt);
    expect(rig.problems()).toEqual([]);
  });
});
