import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, tempDir, type SyncRig } from '../sync/sync-rig';
import { newEvent, serviceEvents } from './outbox-rig';

let server: TestServer;
let proxy: FaultProxy;
beforeAll(async () => {
  server = await startTestServer({ extensions: false });
  proxy = await startFaultProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  removeTempDirs();
});

const BATCHES = 4;
const CREATES_PER_BATCH = 50;
const UPDATES_PER_BATCH = 200;

it('1,000 edits queued over four restarts, sent through a lossy network: none lost, none doubled', async () => {
  const dir = tempDir('many-edits');
  const open = (): SyncRig =>
    openRig({
      baseUrl: proxy.url,
      key: server.keys.organizer,
      dir,
      outboxSleep: () => Promise.resolve(),
    });
  let rig = open();
  expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
  const targets = (await serviceEvents(server, '')).slice(0, 40);
  const lastName = new Map<string, string>();
  let queued = 0;

  for (let batch = 1; batch <= BATCHES; batch += 1) {
    for (let n = 1; n <= CREATES_PER_BATCH; n += 1) {
      await rig.engine.outbox.create(newEvent(`Bulk b${batch} n${n}`));
      queued += 1;
    }
    for (let n = 1; n <= UPDATES_PER_BATCH; n += 1) {
      const target = targets[n % targets.length]!;
      const name = `Bulk rename b${batch} n${n}`;
      await rig.engine.outbox.update(target.id, { name });
      lastName.set(target.id, name);
      queued += 1;
    }
    // One in ten writes loses its answer after the service committed; then the app restarts.
    proxy.clear();
    let write = 0;
    proxy.plan({
      fault: { kind: 'after-commit', then: 'reset' },
      match: (request) => request.method !== 'GET' && (write += 1) % 10 === 0,
    });
    await rig.run({ scope: 'default' });
    await rig.close();
    rig = open();
  }
  expect(queued).toBe(1_000);

  proxy.clear();
  for (let run = 0; run < 3 && (await rig.engine.outbox.list()).length > 0; run += 1) {
    await rig.run({ scope: 'default' });
  }
  expect(await rig.engine.outbox.list()).toEqual([]);
  const created = (await serviceEvents(server, 'Bulk b')).map((event) => event.name).sort();
  const wanted: string[] = [];
  for (let batch = 1; batch <= BATCHES; batch += 1) {
    for (let n = 1; n <= CREATES_PER_BATCH; n += 1) wanted.push(`Bulk b${batch} n${n}`);
  }
  expect(created).toEqual(wanted.sort());
  const renamed = await serviceEvents(server, 'Bulk rename');
  for (const [id, name] of lastName) {
    expect(renamed.find((event) => event.id === id)?.name, id).toBe(name);
  }
  await rig.close();
}, 180_000);
