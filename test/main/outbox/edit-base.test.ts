import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EDITABLE_EVENT_FIELDS, type EditBase } from '../../../src/shared/ipc/edits';
import { fieldValues } from '../../../src/main/outbox/event-row';
import { EditRefusedError } from '../../../src/main/outbox/edit-refused';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import { openOutboxRig, serviceEvent, serviceEvents, type OutboxRig } from './outbox-rig';

/*
 * What an edit is based on, against the real reference service with and without its extensions:
 * the values the organizer's form opened on (not the cache when they saved), a visibility never
 * read (compared with nothing: only what was seen is), and a change the service refuses only
 * together with someone else's (a conflict, not a refusal of what the organizer typed).
 */

const rigs: OutboxRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

describe.each([
  { extensions: true, label: 'with extensions' },
  { extensions: false, label: 'with --extensions off' },
])('an edit’s base, $label', ({ extensions }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions });
  });
  afterAll(() => server.close());

  async function synced(role: 'organizer' | 'admin' = 'organizer') {
    const rig = openOutboxRig(server, role);
    rigs.push(rig);
    expect((await rig.run({ scope: 'default' })).outcome).toBe('completed');
    return rig;
  }

  /** What an edit form shows when it opens on the event: its row, and the validator it reads. */
  function formOpening(rig: OutboxRig, eventId: string): EditBase {
    const row = rig.row(eventId);
    if (row === null) throw new Error(`${eventId} is not in the cache`);
    const etag = rig.cache.reader
      .prepare('SELECT etag FROM etags WHERE url = ?')
      .pluck()
      .get(`/v1/events/${eventId}`) as string | undefined;
    return { fields: fieldValues(row, EDITABLE_EVENT_FIELDS), etag: etag ?? null };
  }

  it('a name someone changed while the form was open is a conflict, not overwritten by what was typed there', async () => {
    const rig = await synced();
    const target = (await serviceEvents(server, ''))[3]!;
    const eventId = target.id;
    // Pinned, so the single record and (with extensions) its validator are in the cache.
    rig.cache.writer
      .prepare('INSERT INTO pinned_events (event_id, added_at) VALUES (?, ?)')
      .run(eventId, '2026-11-21T12:00:00Z');
    await rig.run({ scope: 'default' });
    const opened = formOpening(rig, eventId);
    expect(opened.etag === null).toBe(!extensions);

    // The form is open; a sync brings a colleague's new name into the cache.
    expect(await patchEvent(server, eventId, { name: 'Theirs' })).toBe(200);
    await rig.run({ scope: 'default' });
    expect(rig.row(eventId)?.name).toBe('Theirs');

    // The organizer typed over the name they saw, and saves.
    await rig.engine.outbox.update(eventId, { name: 'Mine' }, { seen: opened });
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 0, conflicts: 1 });
    const [edit] = await rig.edits();
    expect(edit).toMatchObject({
      state: 'conflict',
      conflict: { fields: { name: { base: target.name, theirs: 'Theirs', mine: 'Mine' } } },
    });
    expect((await serviceEvent(server, eventId))?.name).toBe('Theirs');
  });

  it('a visibility never read is no evidence of anyone’s change: the organizer’s goes out, over one nobody here saw', async () => {
    const rig = await synced();
    const listOnly = (await serviceEvents(server, '')).find(
      (event) => rig.row(event.id)?.visibility === null,
    );
    expect(listOnly, 'an event the cache knows from the list alone').toBeDefined();
    const eventId = listOnly!.id;
    rig.setFault('offline');
    await rig.engine.outbox.update(eventId, { visibility: 'unlisted' });
    // A change to a field the organizer never saw cannot be told from its value all along.
    expect(await patchEvent(server, eventId, { visibility: 'private' })).toBe(200);
    rig.setFault('none');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect((await serviceEvent(server, eventId))?.visibility).toBe('unlisted');
    expect(await rig.edits()).toEqual([]);
    expect(rig.writes.filter((write) => write.method === 'PATCH')).toHaveLength(1);
  });

  it('a delete of an event whose visibility was never read is held only for a field it saw changed; deleting it all the same is a choice', async () => {
    // Deleting takes the admin role.
    const rig = await synced('admin');
    const listOnly = (await serviceEvents(server, '')).find(
      (event) => rig.row(event.id)?.visibility === null,
    );
    expect(listOnly, 'an event the cache knows from the list alone').toBeDefined();
    const eventId = listOnly!.id;
    await rig.engine.outbox.queueDelete(eventId);
    expect(
      await patchEvent(server, eventId, { name: 'Renamed There', visibility: 'private' }),
    ).toBe(200);
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 0, conflicts: 1 });
    const [edit] = await rig.edits();
    expect(edit).toMatchObject({ kind: 'delete', state: 'conflict' });
    // The name was seen and changed; the visibility was never seen, so it is nobody's change.
    expect(edit!.conflict!.fields).toEqual({
      name: { base: listOnly!.name, theirs: 'Renamed There', mine: null },
    });
    expect(rig.writes.filter((write) => write.method === 'DELETE')).toEqual([]);

    await rig.engine.outbox.resolve(edit!.id, 'mine');
    expect((await rig.run({ scope: 'default' })).outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await serviceEvent(server, eventId)).toBeNull();
  });

  it('a change the service refuses only with someone else’s is a conflict that says why; choices that break the rule are refused', async () => {
    const rig = await synced();
    const target = (await serviceEvents(server, ''))[5]!;
    const eventId = target.id;
    const start = Date.parse(target.startDate);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const myEnd = iso(start + 3_600_000);
    const theirStart = iso(start + 3 * 3_600_000);
    rig.setFault('offline');
    // Valid with the start the organizer saw; not with the one their colleague set meanwhile.
    await rig.engine.outbox.update(eventId, { endDate: myEnd });
    expect(await patchEvent(server, eventId, { startDate: theirStart })).toBe(200);
    rig.setFault('none');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 0, failed: 0, conflicts: 1 });
    const [edit] = await rig.edits();
    expect(edit).toMatchObject({
      state: 'conflict',
      error: {
        code: 'conflict',
        status: 422,
        details: [expect.objectContaining({ field: 'endDate' })],
      },
      conflict: {
        fields: {
          endDate: { base: target.endDate, theirs: target.endDate, mine: myEnd },
          startDate: { base: target.startDate, theirs: theirStart, mine: target.startDate },
        },
      },
    });
    expect(edit!.error!.message).toMatch(/cannot both stand/);

    await expect(
      rig.engine.outbox.resolve(edit!.id, { endDate: 'mine', startDate: 'theirs' }),
    ).rejects.toBeInstanceOf(EditRefusedError);
    expect((await rig.edits())[0]?.state).toBe('conflict');

    await rig.engine.outbox.resolve(edit!.id, 'mine');
    const resent = await rig.run({ scope: 'default' });
    expect(resent.outbox).toMatchObject({ sent: 1, conflicts: 0, failed: 0 });
    expect(await serviceEvent(server, eventId)).toMatchObject({
      startDate: target.startDate,
      endDate: myEnd,
    });
  });
});
