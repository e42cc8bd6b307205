import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditConflict } from '../../../src/main/outbox/edit';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import { openOutboxRig, serviceEvent, serviceEvents, type OutboxRig } from './outbox-rig';

/*
 * Conflicts an earlier Pitside held for a field it had never seen (a list-only event's
 * visibility, its base `null`), as they are on disk in an outbox it left: the next sync drops
 * those fields, and an edit left with none goes out. Fields that were seen stay held.
 */

const rigs: OutboxRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

describe.each([
  { extensions: true, label: 'with extensions' },
  { extensions: false, label: 'with --extensions off' },
])('conflicts held for a field never seen, $label', ({ extensions }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions });
  });
  afterAll(() => server.close());

  async function synced() {
    // Deleting takes the admin role.
    const rig = openOutboxRig(server, 'admin');
    rigs.push(rig);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    return rig;
  }

  /** The non-public events the cache holds as list entries alone. */
  async function listOnlyHidden(rig: OutboxRig) {
    const found = [];
    for (const { id } of await serviceEvents(server, '')) {
      const record = await serviceEvent(server, id);
      if (record !== null && record.visibility !== 'public' && rig.row(id)?.visibility === null) {
        found.push(record);
      }
    }
    expect(found.length, 'hidden events known from the list alone').toBeGreaterThanOrEqual(2);
    return found;
  }

  /** Holds an edit as an earlier version left it: in conflict, with no reason given. */
  function heldBefore(rig: OutboxRig, id: number, conflict: EditConflict) {
    rig.cache.writer
      .prepare("UPDATE outbox SET state = 'conflict', conflict = ?, error = NULL WHERE id = ?")
      .run(JSON.stringify(conflict), id);
  }

  it('a delete held for a visibility it never saw goes out at the next sync', async () => {
    const rig = await synced();
    const [target] = await listOnlyHidden(rig);
    rig.setFault('offline');
    const deletion = await rig.engine.outbox.queueDelete(target!.id);
    heldBefore(rig, deletion!.id, {
      fields: { visibility: { base: null, theirs: target!.visibility, mine: null } },
      etag: null,
    });
    expect((await rig.edits())[0]).toMatchObject({ state: 'conflict', attempts: 0 });
    rig.setFault('none');

    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await rig.edits()).toEqual([]);
    expect(await serviceEvent(server, target!.id)).toBeNull();
  });

  it('an update held for a name someone changed and a visibility never seen keeps only the name', async () => {
    const rig = await synced();
    const [, target] = await listOnlyHidden(rig);
    rig.setFault('offline');
    const update = await rig.engine.outbox.update(target!.id, {
      name: 'Named Here',
      visibility: 'public',
    });
    expect(await patchEvent(server, target!.id, { name: 'Named There' })).toBe(200);
    const name = { base: target!.name, theirs: 'Named There', mine: 'Named Here' };
    heldBefore(rig, update.id, {
      fields: { name, visibility: { base: null, theirs: target!.visibility, mine: 'public' } },
      etag: null,
    });
    rig.setFault('none');

    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ conflicts: 1 });
    const [held] = await rig.edits();
    expect(held).toMatchObject({ id: update.id, state: 'conflict' });
    expect(held!.conflict!.fields).toEqual({ name });
    expect(rig.writes.filter((write) => write.method === 'PATCH')).toEqual([]);

    // The organizer keeps their name: the whole edit goes, visibility and all.
    await rig.engine.outbox.resolve(update.id, 'mine');
    expect((await rig.run({ scope: 'default' })).outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await serviceEvent(server, target!.id)).toMatchObject({
      name: 'Named Here',
      visibility: 'public',
    });
  });
});
