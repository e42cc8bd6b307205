import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import { newEvent, openOutboxRig, serviceEvents, type OutboxRig } from './outbox-rig';

let server: TestServer;
const rigs: OutboxRig[] = [];
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
