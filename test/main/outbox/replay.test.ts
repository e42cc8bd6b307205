import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_STATUSES, STREAM_TRANSITIONS } from '../../../src/shared/wire/event';
import { EditRefusedError } from '../../../src/main/outbox/edit-refused';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import {
  codeGivenTo,
  newEvent,
  openOutboxRig,
  serviceEvent,
  serviceEvents,
  type OutboxRig,
} from './outbox-rig';

const rigs: OutboxRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

describe.each([
  { extensions: true, label: 'with extensions' },
  { extensions: false, label: 'with --extensions off' },
])('the outbox against the reference service $label', ({ extensions }) => {
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

  it('an event created offline shows at once under a temporary code, and reaches the service once under its real one', async () => {
    const rig = await synced();
    const name = `Offline Open ${extensions ? 'A' : 'B'}`;
    rig.setFault('offline');
    const edit = await rig.engine.outbox.create(newEvent(name));
    expect(edit).toMatchObject({ kind: 'create', state: 'pending' });
    expect(edit.eventId).toMatch(/^local[a-z0-9]{12}$/);
    expect(rig.row(edit.eventId)).toMatchObject({
      name,
      startDate: '2026-12-05T08:00:00Z',
      listed: 1,
      teamCount: 0,
    });
    rig.cache.writer
      .prepare('INSERT INTO pinned_events VALUES (?, ?)')
      .run(edit.eventId, '2026-11-21T12:00:00Z');

    // Nothing of an event the service has not named is asked for, pinned or not.
    rig.setFault('unavailable');
    await rig.run({ scope: 'default', force: true });
    expect(rig.reads.filter((path) => path.includes(edit.eventId))).toEqual([]);
    expect(rig.row(edit.eventId)?.name).toBe(name);

    // Offline: the run fails as offline, the edit stays, the cache keeps it.
    rig.setFault('offline');
    const offline = await rig.run({ scope: 'default' });
    expect(offline.outcome).toBe('failed');
    expect(offline.outbox.pending).toBe(1);
    expect(rig.row(edit.eventId)?.name).toBe(name);

    rig.setFault('none');
    const online = await rig.run({ scope: 'default' });
    expect(online.outcome).toBe('completed');
    expect(online.outbox).toEqual({ sent: 1, pending: 0, failed: 0, conflicts: 0, checking: 0 });
    const onService = await serviceEvents(server, name);
    expect(onService).toHaveLength(1);
    const real = onService[0]!.id;
    expect(rig.row(edit.eventId)).toBeNull();
    expect(rig.row(real)).toMatchObject({ name, listed: 1 });
    expect(rig.cache.reader.prepare('SELECT event_id FROM pinned_events').pluck().all()).toContain(
      real,
    );
    expect(codeGivenTo(rig, edit.eventId)).toBe(real);
    expect(await rig.edits()).toEqual([]);
  });

  it('an update made offline goes out on the next sync; a change only the service made is kept beside it', async () => {
    const rig = await synced();
    const [target] = await serviceEvents(server, '');
    const eventId = target!.id;
    rig.setFault('offline');
    await rig.engine.outbox.update(eventId, { location: { venue: 'Main Arena' } });
    expect(rig.row(eventId)?.venue).toBe('Main Arena');

    // Someone else renames it meanwhile.
    expect(await patchEvent(server, eventId, { name: `${target!.name} (renamed)` })).toBe(200);
    rig.setFault('none');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox.sent).toBe(1);
    const after = await serviceEvent(server, eventId);
    expect(after).toMatchObject({
      name: `${target!.name} (renamed)`,
      location: { venue: 'Main Arena' },
    });
    expect(rig.row(eventId)).toMatchObject({
      name: `${target!.name} (renamed)`,
      venue: 'Main Arena',
    });
  });

  it('a sync never undoes a pending edit: the service’s other changes show under it', async () => {
    const rig = await synced();
    const [, target] = await serviceEvents(server, '');
    const eventId = target!.id;
    await rig.engine.outbox.update(eventId, { name: 'Pending Name' });
    expect(await patchEvent(server, eventId, { location: { city: 'Elsewhere' } })).toBe(200);
    // Writes answer 503 without reaching the service: the edit waits, the pulls go on.
    rig.setFault('unavailable');
    const run = await rig.run({ scope: 'default', force: true });
    expect(run.outbox).toMatchObject({ sent: 0, pending: 1 });
    expect(rig.row(eventId)).toMatchObject({ name: 'Pending Name', city: 'Elsewhere' });
    expect((await serviceEvent(server, eventId))?.name).toBe(target!.name);

    rig.setFault('none');
    await rig.run({ scope: 'default' });
    expect(rig.row(eventId)).toMatchObject({ name: 'Pending Name', city: 'Elsewhere' });
    expect(await serviceEvent(server, eventId)).toMatchObject({
      name: 'Pending Name',
      location: { city: 'Elsewhere' },
    });
    expect(await rig.edits()).toEqual([]);
  });

  it('a pinned event’s edit is based on its validator; a change made meanwhile is compared, and merges', async () => {
    const rig = await synced();
    const [, , , , , target] = await serviceEvents(server, '');
    const eventId = target!.id;
    rig.cache.writer
      .prepare('INSERT INTO pinned_events (event_id, added_at) VALUES (?, ?)')
      .run(eventId, '2026-11-21T12:00:00Z');
    await rig.run({ scope: 'default' });
    const edit = await rig.engine.outbox.update(eventId, { location: { state: 'WY' } });
    if (extensions) expect(edit.kind === 'update' && edit.baseEtag).toMatch(/^"/);
    else expect(edit.kind === 'update' && edit.baseEtag).toBeNull();
    expect(await patchEvent(server, eventId, { location: { venue: 'Their Venue' } })).toBe(200);
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await serviceEvent(server, eventId)).toMatchObject({
      location: { state: 'WY', venue: 'Their Venue' },
    });
  });

  it('a field both sides changed is a conflict with base, theirs and mine, never overwritten', async () => {
    const rig = await synced();
    const [, , target] = await serviceEvents(server, '');
    const eventId = target!.id;
    rig.setFault('offline');
    await rig.engine.outbox.update(eventId, { name: 'Mine' });
    expect(await patchEvent(server, eventId, { name: 'Theirs' })).toBe(200);
    rig.setFault('none');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 0, conflicts: 1 });
    const [edit] = await rig.edits();
    expect(edit).toMatchObject({
      state: 'conflict',
      conflict: { fields: { name: { base: target!.name, theirs: 'Theirs', mine: 'Mine' } } },
    });
    expect((await serviceEvent(server, eventId))?.name).toBe('Theirs');
    // Mine is still what the organizer sees, until they choose.
    expect(rig.row(eventId)?.name).toBe('Mine');

    await rig.engine.outbox.resolve(edit!.id, 'mine');
    const resent = await rig.run({ scope: 'default' });
    expect(resent.outbox).toMatchObject({ sent: 1, conflicts: 0 });
    expect((await serviceEvent(server, eventId))?.name).toBe('Mine');
  });

  it('taking theirs drops the edit and shows the service’s value', async () => {
    const rig = await synced();
    const [, , , target] = await serviceEvents(server, '');
    const eventId = target!.id;
    rig.setFault('offline');
    await rig.engine.outbox.update(eventId, { name: 'Mine again' });
    expect(await patchEvent(server, eventId, { name: 'Theirs again' })).toBe(200);
    rig.setFault('none');
    await rig.run({ scope: 'default' });
    const [edit] = await rig.edits();
    await rig.engine.outbox.resolve(edit!.id, 'theirs');
    expect(await rig.edits()).toEqual([]);
    expect(rig.row(eventId)?.name).toBe('Theirs again');
  });

  it('a create whose answer was lost is found on the service, not made twice', async () => {
    const rig = await synced();
    const name = `Lost Answer ${extensions ? 'A' : 'B'}`;
    await rig.engine.outbox.create(newEvent(name));
    // Every write reaches the service, and every answer is lost on the way back.
    rig.setFault('drop-answer');
    const run = await rig.run({ scope: 'default' });
    // The next try looks first, finds the event, and sends nothing again.
    expect(run.outbox).toMatchObject({ sent: 1, pending: 0 });
    expect(await serviceEvents(server, name)).toHaveLength(1);
    expect(rig.writes.filter((write) => write.method === 'POST')).toHaveLength(1);
    expect(await rig.edits()).toEqual([]);
  });

  it('an update whose answer was lost is checked, not sent again', async () => {
    const rig = await synced();
    const [, , , , , , target] = await serviceEvents(server, '');
    await rig.engine.outbox.update(target!.id, { location: { venue: 'Checked Venue' } });
    rig.setFault('server-error-after');
    const run = await rig.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 1, pending: 0 });
    expect(rig.writes.filter((write) => write.method === 'PATCH')).toHaveLength(1);
    expect((await serviceEvent(server, target!.id))?.location.venue).toBe('Checked Venue');
  });

  it('a delete goes out once; a key without the role gets a failed edit and the event back', async () => {
    const organizer = await synced('organizer');
    const [, , , , target] = await serviceEvents(server, '');
    const eventId = target!.id;
    await organizer.engine.outbox.queueDelete(eventId);
    expect(organizer.row(eventId)).toBeNull();
    await organizer.run({ scope: 'default' });
    const [refused] = await organizer.edits();
    expect(refused).toMatchObject({
      kind: 'delete',
      state: 'failed',
      error: { code: 'forbidden', status: 403 },
    });
    expect(organizer.row(eventId)?.name).toBe(target!.name);
    expect(await serviceEvent(server, eventId)).not.toBeNull();

    const admin = await synced('admin');
    await admin.engine.outbox.queueDelete(eventId);
    const run = await admin.run({ scope: 'default' });
    expect(run.outbox.sent).toBe(1);
    expect(await serviceEvent(server, eventId)).toBeNull();
    expect(admin.row(eventId)).toBeNull();
  });

  it('a refused create sent again keeps its temporary code, so the edits made after it follow', async () => {
    const viewer = openOutboxRig(server, 'viewer');
    rigs.push(viewer);
    await viewer.run({ scope: 'default' });
    const name = `Resent Cup ${extensions ? 'A' : 'B'}`;
    const created = await viewer.engine.outbox.create(newEvent(name));
    await viewer.engine.outbox.update(created.eventId, { location: { venue: 'Later Venue' } });
    await viewer.run({ scope: 'default' });
    const [refused, waiting] = await viewer.edits();
    expect(refused).toMatchObject({
      kind: 'create',
      state: 'failed',
      error: { code: 'forbidden' },
    });
    expect(waiting).toMatchObject({ kind: 'update', state: 'pending', eventId: created.eventId });
    await viewer.close();
    rigs.splice(rigs.indexOf(viewer), 1);

    // The same cache with an organizer's key, as after a key change in Settings.
    const organizer = openOutboxRig(server, 'organizer', viewer.dir);
    rigs.push(organizer);
    const resent = await organizer.engine.outbox.resend(refused!.id, newEvent(`${name} II`));
    expect(resent).toMatchObject({ id: refused!.id, eventId: created.eventId, state: 'pending' });
    expect(organizer.row(created.eventId)?.name).toBe(`${name} II`);
    const run = await organizer.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ sent: 2, pending: 0, failed: 0 });
    const [made, ...more] = (await serviceEvents(server, `${name} II`)).filter(
      (event) => event.name === `${name} II`,
    );
    expect(more).toEqual([]);
    expect(made?.location.venue).toBe('Later Venue');
  });

  it('refuses input the service would refuse, with its details, and queues nothing', async () => {
    const rig = await synced();
    await expect(
      rig.engine.outbox.create(
        newEvent('', { season: '2026-2028', endDate: '2026-12-04T00:00:00Z' }),
      ),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: expect.arrayContaining([
        expect.objectContaining({ field: 'name' }),
        expect.objectContaining({ field: 'season' }),
      ]) as unknown,
    });
    const [target] = await serviceEvents(server, '');
    const current = target!.streamStatus;
    const refused = STREAM_STATUSES.find(
      (status) => status !== current && !STREAM_TRANSITIONS[current].includes(status),
    )!;
    await expect(
      rig.engine.outbox.update(target!.id, { streamStatus: refused }),
    ).rejects.toMatchObject({ code: 'invalid_transition' });
    await expect(rig.engine.outbox.update(target!.id, { status: 'past' })).rejects.toBeInstanceOf(
      EditRefusedError,
    );
    expect(await rig.edits()).toEqual([]);
  });
});
