import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/main/api/request';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { LEASE_MS, SendLeases } from '../../../src/main/outbox/send-leases';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from '../sync/sync-rig';
import { newEvent, openOutboxRig, serviceEvents, type OutboxRig } from './outbox-rig';

let server: TestServer;
const rigs: (OutboxRig | SyncRig)[] = [];
beforeAll(async () => {
  // Without idempotency keys: a create sent twice is made twice.
  server = await startTestServer({ extensions: false });
});
afterAll(() => server.close());
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

describe('an edit is claimed before it is sent', () => {
  it('so two senders on one outbox never both send it', async () => {
    const rig = openOutboxRig(server);
    rigs.push(rig);
    const names = Array.from({ length: 8 }, (_, index) => `Claimed Cup ${index + 1}`);
    for (const name of names) await rig.engine.outbox.create(newEvent(name));
    // A second engine on the same cache and write lane: a second sender of the same outbox.
    const other = rig.rebuild({ queue: rig.queue });
    try {
      const runs = await Promise.all([
        rig.engine.run({ scope: 'default', editsOnly: true }),
        other.run({ scope: 'default', editsOnly: true }),
      ]);
      expect(runs.map((run) => run.outcome)).toEqual(['completed', 'completed']);
    } finally {
      await other.close();
    }
    const made = (await serviceEvents(server, 'Claimed Cup')).map((event) => event.name).sort();
    expect(made).toEqual([...names].sort());
    expect(rig.writes.filter((write) => write.method === 'POST')).toHaveLength(names.length);
    // Whatever one sender left waiting (another had it), the next run finds done.
    const next = await rig.run({ scope: 'default', editsOnly: true });
    expect(next.outbox).toMatchObject({ pending: 0, failed: 0 });
    expect(await rig.edits()).toEqual([]);
  });
});

describe('a request a canceled run left on its way', () => {
  it('is not sent again by a run started at once, and is found once it can have arrived', async () => {
    let arrived = (): void => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const applied: Promise<ArrayBuffer>[] = [];
    let posts = 0;
    // The network between app and service: the first create reaches the service whole, and the
    // service applies it only after the app has stopped waiting for it (the run was canceled).
    const network: FetchLike = (url, init) => {
      if (init.method !== 'POST') return fetch(url, init);
      posts += 1;
      if (posts > 1) return fetch(url, init);
      const { signal, ...request } = init;
      applied.push(gate.then(() => fetch(url, request)).then((answer) => answer.arrayBuffer()));
      arrived();
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
      });
    };
    const rig = openRig({ baseUrl: server.url, key: server.keys.organizer, fetch: network });
    rigs.push(rig);
    await rig.engine.outbox.create(newEvent('Canceled Cup'));

    const canceled = rig.engine.run({ scope: 'default', editsOnly: true });
    await arrival;
    expect(rig.engine.cancel()).toBe(true);
    expect((await canceled).outcome).toBe('canceled');
    // Sync pressed again at once: the service has not applied the first request yet, so a look-up
    // would not find it, and a second create would make the event twice.
    const again = await rig.engine.run({ scope: 'default', editsOnly: true });
    expect(again.outbox).toMatchObject({ sent: 0, pending: 1 });
    release();
    await Promise.all(applied);
    expect(posts).toBe(1);

    // A sender without this process's leases (the next launch) looks the create up, and finds it.
    const next = rig.rebuild({ queue: new WriteQueue(rig.cache.writer) });
    try {
      const run = await next.run({ scope: 'default', editsOnly: true });
      expect(run.outbox).toMatchObject({ sent: 1, pending: 0, failed: 0 });
    } finally {
      await next.close();
    }
    expect(posts).toBe(1);
    expect((await serviceEvents(server, 'Canceled Cup')).map((event) => event.name)).toEqual([
      'Canceled Cup',
    ]);
  });
});

describe('a send lease', () => {
  it('stands while its holder works, and for as long as an abandoned request may arrive', () => {
    let now = 1_000;
    const leases = new SendLeases(() => now);
    const first = {};
    const second = {};
    expect(leases.take(7, first)).toBe(true);
    expect(leases.take(7, second)).toBe(false);
    leases.sending(7, first);
    now += 5_000;
    leases.end(7, first, true);
    expect(leases.take(7, second)).toBe(false);
    expect(leases.lastEndsIn()).toBe(LEASE_MS - 5_000);
    now += LEASE_MS - 5_000;
    expect(leases.lastEndsIn()).toBeNull();
    expect(leases.take(7, second)).toBe(true);
    // A try that got its answer, or sent nothing before it was canceled, leaves nothing behind.
    leases.end(7, second, true);
    expect(leases.take(7, first)).toBe(true);
    leases.sending(7, first);
    leases.end(7, first, false);
    expect(leases.take(7, second)).toBe(true);
  });
});
