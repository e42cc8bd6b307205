import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetSyncedData } from '../../../src/main/cache/forget';
import { CACHE_MIGRATIONS } from '../../../src/main/cache/migrations';
import { openCache } from '../../../src/main/cache/open';
import { migrate } from '../../../src/main/storage/migrations';
import { startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import { newEvent, openOutboxRig, serviceEvent, serviceEvents, type OutboxRig } from './outbox-rig';

let server: TestServer;
const rigs: OutboxRig[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close().catch(() => undefined);
  removeTempDirs();
});

async function syncedRig() {
  const rig = openOutboxRig(server);
  rigs.push(rig);
  expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
  return rig;
}

describe('the outbox is never dropped', () => {
  it('by clearing the cache: the edits stay, and show again', async () => {
    const rig = await syncedRig();
    const [target] = await serviceEvents(server, '');
    const created = await rig.engine.outbox.create(newEvent('Survives A Clear'));
    await rig.engine.outbox.update(target!.id, { location: { venue: 'Kept Venue' } });

    await rig.engine.changeService(() => forgetSyncedData(rig.cache.writer, rig.queue));
    expect(rig.cache.reader.prepare('SELECT count(*) FROM events').pluck().get()).toBe(0);
    expect((await rig.edits()).map((edit) => edit.kind)).toEqual(['create', 'update']);

    // Offline, the next run puts them back before it finds the network gone.
    rig.setFault('offline');
    await rig.run({ scope: 'default' });
    expect(rig.row(created.eventId)?.name).toBe('Survives A Clear');

    rig.setFault('none');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 2, pending: 0 });
    expect(await serviceEvents(server, 'Survives A Clear')).toHaveLength(1);
    expect((await serviceEvent(server, target!.id))?.location.venue).toBe('Kept Venue');
    expect(rig.row(target!.id)?.venue).toBe('Kept Venue');
  });

  it('by a restart: a closed and reopened cache holds every edit, in order, with its state', async () => {
    const rig = await syncedRig();
    rig.setFault('offline');
    for (let n = 1; n <= 25; n += 1) await rig.engine.outbox.create(newEvent(`Restart Cup ${n}`));
    const before = await rig.edits();
    await rig.close();
    rigs.splice(rigs.indexOf(rig), 1);

    const reopened = openOutboxRig(server, 'organizer', rig.dir);
    rigs.push(reopened);
    expect(await reopened.edits()).toEqual(before);
    const run = await reopened.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 25, pending: 0, failed: 0 });
    const names = (await serviceEvents(server, 'Restart Cup')).map((event) => event.name).sort();
    expect(names).toEqual(before.map((_, index) => `Restart Cup ${index + 1}`).sort());
  });

  it('by a migration that fails: the file stays at its version with the outbox whole', async () => {
    const rig = await syncedRig();
    await rig.engine.outbox.create(newEvent('Before A Bad Migration'));
    const file = rig.file;
    await rig.close();
    rigs.splice(rigs.indexOf(rig), 1);

    const db = new Database(file);
    const failing = [
      ...CACHE_MIGRATIONS,
      {
        version: CACHE_MIGRATIONS.length + 1,
        name: 'a later migration that breaks halfway',
        up: (target: Database.Database) => {
          target.exec('DELETE FROM outbox');
          throw new Error('disk full');
        },
      },
    ];
    expect(() => migrate(db, failing)).toThrow('disk full');
    expect(db.pragma('user_version', { simple: true })).toBe(CACHE_MIGRATIONS.length);
    db.close();
    const cache = openCache(file);
    expect(cache.reader.prepare('SELECT kind FROM outbox').pluck().all()).toEqual(['create']);
    cache.close();
  });
});
