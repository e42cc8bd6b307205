import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/shared/wire/event';
import { patchEvent, startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import {
  movableLooks,
  openOutboxRig,
  serviceEvent,
  serviceEvents,
  type OutboxRig,
} from './outbox-rig';

/** Looks the test makes due by moving their clock on, where it runs the edits itself. */
const looks = movableLooks();
/** Looks on real time, for the engine's own timer (which keeps real time) to make. */
const LOOK_AFTER_MS = 600;
const REAL_LOOKS = { sendByMs: 5_000, afterMs: LOOK_AFTER_MS };

const rigs: OutboxRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A service without ETags has no conditional write: a change someone makes between this client's
 * check and its write, or right after it by someone who checked before it, would be lost without
 * a trace. Each such write gets a second look once every write that could have crossed it has
 * landed (`sent-checks.ts`). Here the other writer is the test, writing straight to the service.
 */
describe('second looks at edits sent to a service without ETags', () => {
  let server: TestServer;
  let events: EventRecord[];
  beforeAll(async () => {
    server = await startTestServer({ extensions: false });
    events = (await serviceEvents(server, '')).slice(30, 41);
  });
  afterAll(() => server.close());

  async function laptop(dir?: string, timing = looks.timing): Promise<OutboxRig> {
    const rig = openOutboxRig(server, 'admin', dir, timing);
    rigs.push(rig);
    await rig.run({ scope: 'default' });
    return rig;
  }

  /** Moves past the look's time, then runs the edits alone, as the engine's own timer would. */
  function looked(rig: OutboxRig) {
    looks.pass();
    return rig.engine.run({ editsOnly: true });
  }

  it('shows a change made moments after its own as a conflict, and either side can be kept', async () => {
    const rig = await laptop();
    const [first, second] = events as [EventRecord, EventRecord];

    for (const event of [first, second]) {
      await rig.engine.outbox.update(event.id, { name: `Mine ${event.id}` });
    }
    const sent = await rig.engine.run({ editsOnly: true });
    expect(sent.outbox).toMatchObject({ sent: 2, conflicts: 0, checking: 2 });
    for (const event of [first, second]) {
      expect(await patchEvent(server, event.id, { name: `Theirs ${event.id}` })).toBe(200);
    }

    const look = await looked(rig);
    expect(look.outbox).toMatchObject({ conflicts: 2, checking: 0 });
    const held = await rig.edits();
    expect(held.map((edit) => [edit.eventId, edit.state, edit.error?.code])).toEqual([
      [first.id, 'conflict', 'conflict'],
      [second.id, 'conflict', 'conflict'],
    ]);
    expect(held[0]?.conflict?.fields).toEqual({
      name: { base: first.name, theirs: `Theirs ${first.id}`, mine: `Mine ${first.id}` },
    });
    // Until it is resolved, the laptop shows its own value, as for any conflict.
    expect(rig.row(first.id)?.name).toBe(`Mine ${first.id}`);

    await rig.engine.outbox.resolve(held[0]!.id, 'theirs');
    await rig.engine.outbox.resolve(held[1]!.id, 'mine');
    expect(rig.row(first.id)?.name).toBe(`Theirs ${first.id}`);
    const resolved = await rig.engine.run({ editsOnly: true });
    expect(resolved.outbox).toMatchObject({ sent: 1, conflicts: 0, checking: 1 });
    expect((await serviceEvent(server, first.id))?.name).toBe(`Theirs ${first.id}`);
    expect((await serviceEvent(server, second.id))?.name).toBe(`Mine ${second.id}`);
    expect((await looked(rig)).outbox).toMatchObject({ conflicts: 0, checking: 0 });
    expect(await rig.edits()).toEqual([]);
  });

  it('makes the look on its own when it falls due, with no sync asked for', async () => {
    const rig = await laptop(undefined, REAL_LOOKS);
    const event = events[8]!;
    await rig.engine.outbox.update(event.id, { name: 'Mine, left alone' });
    await rig.engine.run({ editsOnly: true });
    expect(await patchEvent(server, event.id, { name: 'Theirs, unseen' })).toBe(200);
    let edits = await rig.edits();
    for (let waited = 0; edits.length === 0 && waited < LOOK_AFTER_MS + 3_000; waited += 100) {
      await pause(100);
      edits = await rig.edits();
    }
    expect(edits.map((edit) => [edit.eventId, edit.state])).toEqual([[event.id, 'conflict']]);
  });

  it('a look that cannot be made (the service gone) is tried again later, not in a loop', async () => {
    const own = await startTestServer({ extensions: false });
    const rig = openOutboxRig(own, 'admin', undefined, REAL_LOOKS);
    rigs.push(rig);
    let eventId = '';
    try {
      await rig.run({ scope: 'default' });
      const [event] = await serviceEvents(own, '');
      eventId = event!.id;
      await rig.engine.outbox.update(eventId, { name: 'Sent, then the service went' });
      await rig.engine.run({ editsOnly: true });
    } finally {
      await own.close();
    }
    const looks = () => rig.reads.filter((path) => path === `/v1/events/${eventId}`).length;
    const before = looks();
    await pause(LOOK_AFTER_MS + 1_500);
    // One look when it fell due (a read is tried up to four times); the next is half a minute away.
    expect(looks() - before).toBeGreaterThanOrEqual(1);
    expect(looks() - before).toBeLessThanOrEqual(4);
    expect(rig.engine.status().state).not.toBe('syncing');
  });

  it('says a change put back to its old value is no longer on the service, rather than changed by someone', async () => {
    const rig = await laptop();
    const event = events[10]!;
    await rig.engine.outbox.update(event.id, { name: 'Soon undone' });
    await rig.engine.run({ editsOnly: true });
    expect(await patchEvent(server, event.id, { name: event.name })).toBe(200);
    expect((await looked(rig)).outbox).toMatchObject({ conflicts: 1, checking: 0 });
    const [held] = await rig.edits();
    expect(held?.conflict?.fields).toEqual({
      name: { base: event.name, theirs: event.name, mine: 'Soon undone' },
    });
    expect(held?.error?.message).toMatch(/^Your change is no longer on the service/);
  });

  it('finds nothing to show when only other fields changed', async () => {
    const rig = await laptop();
    const event = events[2]!;
    await rig.engine.outbox.update(event.id, { location: { venue: 'Mine Hall' } });
    await rig.engine.run({ editsOnly: true });
    expect(await patchEvent(server, event.id, { location: { city: 'Theirs City' } })).toBe(200);
    expect((await looked(rig)).outbox).toMatchObject({ conflicts: 0, checking: 0 });
    expect(await rig.edits()).toEqual([]);
    expect((await serviceEvent(server, event.id))?.location).toMatchObject({
      venue: 'Mine Hall',
      city: 'Theirs City',
    });
  });

  it('leaves a field to a later edit made here, which compares it from the value sent', async () => {
    const rig = await laptop();
    const event = events[3]!;
    await rig.engine.outbox.update(event.id, { name: 'First of mine' });
    await rig.engine.run({ editsOnly: true });
    expect(await patchEvent(server, event.id, { name: 'Theirs' })).toBe(200);
    await rig.engine.outbox.update(event.id, { name: 'Second of mine' });

    looks.pass();
    const run = await rig.engine.run({ editsOnly: true });
    expect(run.outbox).toMatchObject({ conflicts: 1, checking: 0 });
    const [held] = await rig.edits();
    // One conflict, the later edit's own: the organizer is not asked about the same field twice.
    expect(held?.conflict?.fields).toEqual({
      name: { base: 'First of mine', theirs: 'Theirs', mine: 'Second of mine' },
    });
    expect(held?.error).toBeNull();
  });

  it('a later edit of the same field sent from here replaces the earlier look', async () => {
    const rig = await laptop();
    const event = events[4]!;
    await rig.engine.outbox.update(event.id, { name: 'Draft' });
    await rig.engine.run({ editsOnly: true });
    await rig.engine.outbox.update(event.id, { name: 'Final' });
    expect((await rig.engine.run({ editsOnly: true })).outbox.checking).toBe(1);
    expect((await looked(rig)).outbox).toMatchObject({ conflicts: 0, checking: 0 });
    expect((await serviceEvent(server, event.id))?.name).toBe('Final');
  });

  it('says so when the event was deleted moments after the change went out', async () => {
    const rig = await laptop();
    const event = events[5]!;
    await rig.engine.outbox.update(event.id, { name: 'About to vanish' });
    await rig.engine.run({ editsOnly: true });
    const deleted = await fetch(`${server.url}/v1/events/${event.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${server.keys.admin}` },
    });
    expect(deleted.status).toBe(204);

    const look = await looked(rig);
    expect(look.outbox).toMatchObject({ failed: 1, checking: 0 });
    const [failed] = await rig.edits();
    expect(failed).toMatchObject({
      kind: 'update',
      eventId: event.id,
      state: 'failed',
      error: { code: 'not_found', status: 404 },
    });
    expect(failed?.error?.message).toMatch(/deleted on the service moments after your change/);
  });

  it('keeps its look through a restart, and makes it late rather than never', async () => {
    const first = await laptop();
    const event = events[6]!;
    await first.engine.outbox.update(event.id, { location: { venue: 'Mine before quitting' } });
    expect((await first.engine.run({ editsOnly: true })).outbox.checking).toBe(1);
    await first.close();
    rigs.splice(rigs.indexOf(first), 1);
    expect(await patchEvent(server, event.id, { location: { venue: 'Theirs meanwhile' } })).toBe(
      200,
    );

    looks.pass();
    const again = openOutboxRig(server, 'admin', first.dir, looks.timing);
    rigs.push(again);
    const run = await again.run({ scope: 'default' });
    expect(run.outbox).toMatchObject({ conflicts: 1, checking: 0 });
    const [held] = await again.edits();
    expect(held?.conflict?.fields).toEqual({
      'location.venue': {
        base: event.location.venue,
        theirs: 'Theirs meanwhile',
        mine: 'Mine before quitting',
      },
    });
  });

  it('never sends a write its check has gone stale for: it checks again, and holds it when it cannot keep up', async () => {
    // No time at all to leave in: every try is held back, however fast the service answers.
    const rig = await laptop(undefined, { ...looks.timing, sendByMs: -1 });
    const event = events[7]!;
    await rig.engine.outbox.update(event.id, { name: 'Never stale' });
    const run = await rig.engine.run({ editsOnly: true });
    expect(run.outbox).toMatchObject({ sent: 0, pending: 1, checking: 0 });
    expect(rig.writes.filter((write) => write.method === 'PATCH')).toEqual([]);
    const [waiting] = await rig.edits();
    expect(waiting?.error?.message).toMatch(/rate limit held the edit back/);
    expect((await serviceEvent(server, event.id))?.name).toBe(event.name);
  });
});
