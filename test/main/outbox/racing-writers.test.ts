import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditableField } from '../../../src/main/outbox/event-row';
import { startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import {
  movableLooks,
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

/** Second looks a minute after their writes, made due by moving their clock on. */
const looks = movableLooks();

/**
 * Two organizers' laptops edit the same events offline, then come back online at the same moment.
 * Each event gets one field only the first changes, one only the second changes, and one both
 * change to different values. One of the two must hold that last field as a conflict, with the
 * value the service kept as "theirs"; nothing else may be lost.
 *
 * With ETags, If-Match refuses the second write. Without them both writes may succeed (the
 * interface has no conditional write), and the laptop whose value was overwritten finds it on its
 * second look at the event (`sent-checks.ts`).
 */
describe.each([
  { extensions: true, label: 'with ETags' },
  { extensions: false, label: 'without ETags' },
])('two writers racing on the same events, $label', ({ extensions }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions });
  });
  afterAll(() => server.close());

  it('keeps every one-sided change and shows every two-sided one as a conflict', async () => {
    const laptops = [
      openOutboxRig(server, 'organizer', undefined, looks.timing),
      openOutboxRig(server, 'organizer', undefined, looks.timing),
    ] as const;
    rigs.push(...laptops);
    for (const laptop of laptops) await laptop.run({ scope: 'default' });
    const targets = (await serviceEvents(server, '')).slice(10, 22);

    for (const [index, target] of targets.entries()) {
      await laptops[0].engine.outbox.update(target.id, {
        location: { venue: `First venue ${index}` },
        name: `First name ${index}`,
      });
      await laptops[1].engine.outbox.update(target.id, {
        location: { city: `Second city ${index}` },
        name: `Second name ${index}`,
      });
    }

    const runs = await Promise.all(laptops.map((laptop) => laptop.run({ scope: 'default' })));
    if (!extensions) {
      // Every update went out unguarded, and waits for its second look.
      expect(runs.map((run) => run.outbox.checking)).toEqual([targets.length, targets.length]);
      looks.pass();
      const looked = await Promise.all(laptops.map((laptop) => laptop.run({ editsOnly: true })));
      expect(looked.map((look) => look.outbox.checking)).toEqual([0, 0]);
    }

    const conflicts = new Map<string, Partial<Record<EditableField, unknown>>>();
    for (const laptop of laptops) {
      for (const edit of await laptop.edits()) {
        expect(edit.state, `${edit.eventId}: ${JSON.stringify(edit.error)}`).toBe('conflict');
        expect(conflicts.has(edit.eventId), `${edit.eventId} conflicts on one laptop only`).toBe(
          false,
        );
        conflicts.set(edit.eventId, edit.conflict!.fields);
      }
    }
    for (const [index, target] of targets.entries()) {
      const now = await serviceEvent(server, target.id);
      // Each laptop's one-sided change went through; the other side's too.
      expect(now?.location).toMatchObject({
        venue: `First venue ${index}`,
        city: `Second city ${index}`,
      });
      // The name: whoever came first has it, and the other one holds it as a conflict.
      const fields = conflicts.get(target.id);
      expect(Object.keys(fields ?? {}), target.id).toEqual(['name']);
      const winner = now!.name;
      expect([`First name ${index}`, `Second name ${index}`]).toContain(winner);
      expect(fields?.name).toEqual({
        base: target.name,
        theirs: winner,
        mine: winner === `First name ${index}` ? `Second name ${index}` : `First name ${index}`,
      });
    }
  });

  it('a deletion racing a change: whichever side loses is told, and nothing else happens', async () => {
    const deleter = openOutboxRig(server, 'admin', undefined, looks.timing);
    const editor = openOutboxRig(server, 'organizer', undefined, looks.timing);
    rigs.push(deleter, editor);
    for (const laptop of [deleter, editor]) await laptop.run({ scope: 'default' });
    const targets = (await serviceEvents(server, '')).slice(40, 48);
    for (const target of targets) {
      await deleter.engine.outbox.queueDelete(target.id);
      await editor.engine.outbox.update(target.id, { name: `Renamed ${target.id}` });
    }

    await Promise.all([deleter, editor].map((laptop) => laptop.run({ scope: 'default' })));
    looks.pass();
    await Promise.all([deleter, editor].map((laptop) => laptop.run({ editsOnly: true })));

    const held = {
      deleter: new Map((await deleter.edits()).map((edit) => [edit.eventId, edit])),
      editor: new Map((await editor.edits()).map((edit) => [edit.eventId, edit])),
    };
    for (const target of targets) {
      const now = await serviceEvent(server, target.id);
      if (now === null) {
        // Deleted: the rename went with it, and the editor is told so.
        expect(held.editor.get(target.id), target.id).toMatchObject({
          kind: 'update',
          state: 'failed',
          error: { code: 'not_found' },
        });
        expect(held.deleter.has(target.id), target.id).toBe(false);
      } else {
        // Kept: the rename stands, and the deletion waits for its organizer to decide.
        expect(now.name).toBe(`Renamed ${target.id}`);
        expect(held.deleter.get(target.id), target.id).toMatchObject({
          kind: 'delete',
          state: 'conflict',
        });
        expect(held.editor.has(target.id), target.id).toBe(false);
      }
    }
  });
});
