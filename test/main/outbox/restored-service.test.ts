import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs, tempDir } from '../sync/sync-rig';
import { newEvent, openOutboxRig, serviceEvents, type OutboxRig } from './outbox-rig';

const rigs: OutboxRig[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  for (const server of servers.splice(0)) await server.close();
  removeTempDirs();
});

/** The reference service on a file, restarted on the same address (as after a restore). */
async function serviceOn(db: string, keys?: TestServer['keys'], port?: number) {
  const server = await startTestServer({ db, extensions: false, keys, port });
  servers.push(server);
  return server;
}

async function stop(server: TestServer) {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

describe('a service restored from an older backup', () => {
  it('is told, once, to have lost the edits this computer sent it', async () => {
    const dir = tempDir('restored');
    const db = join(dir, 'service.db');
    const backup = join(dir, 'backup.db');
    let server = await serviceOn(db);
    const { keys } = server;
    const port = Number(new URL(server.url).port);
    const rig = openOutboxRig(server);
    rigs.push(rig);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    // The backup, taken with the service stopped.
    await stop(server);
    copyFileSync(db, backup);
    server = await serviceOn(db, keys, port);

    const eventId = rig.cache.reader
      .prepare('SELECT id FROM events ORDER BY id LIMIT 1')
      .pluck()
      .get() as string;
    await rig.engine.outbox.update(eventId, { name: 'Renamed Before The Restore' });
    await rig.engine.outbox.create(newEvent('Created Before The Restore'));
    const sent = await rig.run({ scope: 'default' });
    expect(sent.outbox).toMatchObject({ sent: 2, failed: 0 });
    expect(await serviceEvents(server, 'Created Before The Restore')).toHaveLength(1);

    // The service is restored from the backup: both edits are gone from it.
    await stop(server);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    copyFileSync(backup, db);
    server = await serviceOn(db, keys, port);

    const told = await rig.run({ scope: 'default' });
    expect(told.outcome).toBe('completed');
    expect(told.outbox.failed).toBe(2);
    const edits = await rig.edits();
    // In the order they went out, which is either: the two events' edits are sent side by side.
    expect(edits.map((edit) => [edit.kind, edit.state]).sort()).toEqual([
      ['create', 'failed'],
      ['update', 'failed'],
    ]);
    for (const edit of edits) expect(edit.error?.message).toMatch(/no longer on the service/);
    expect(await serviceEvents(server, 'Created Before The Restore')).toHaveLength(0);

    // Told once: the next sync finds nothing new to tell.
    const again = await rig.run({ scope: 'default' });
    expect(again.outbox.failed).toBe(2);
    expect(await rig.edits()).toHaveLength(2);
  });

  it('is not what a key lowered to viewer sees: a private event created here is not told lost', async () => {
    const dir = tempDir('lowered');
    const db = join(dir, 'service.db');
    let server = await serviceOn(db);
    const { keys } = server;
    const port = Number(new URL(server.url).port);
    const rig = openOutboxRig(server);
    rigs.push(rig);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    await rig.engine.outbox.create(
      newEvent('Private Before The Downgrade', { visibility: 'private' }),
    );
    expect((await rig.run({ scope: 'default' })).outbox).toMatchObject({ sent: 1, failed: 0 });

    // The same key, made a viewer's: private events answer 404 to it, as if they were gone.
    await stop(server);
    server = await serviceOn(db, { ...keys, viewer: keys.organizer, organizer: keys.viewer }, port);
    const lowered = await rig.run({ scope: 'default' });
    expect(lowered.outcome).toBe('completed');
    expect(lowered.outbox.failed).toBe(0);
    expect(await rig.edits()).toEqual([]);
    expect(await serviceEvents(server, 'Private Before The Downgrade')).toHaveLength(1);

    // Back to an organizer's: still there, and still nothing to tell.
    await stop(server);
    server = await serviceOn(db, keys, port);
    expect((await rig.run({ scope: 'default' })).outbox.failed).toBe(0);
    expect(await rig.edits()).toEqual([]);
  });
});
