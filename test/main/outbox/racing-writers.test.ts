import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EditableField } from '../../../src/main/outbox/event-row';
import { startTestServer, type TestServer } from '../../harness/server';
import { removeTempDirs } from '../sync/sync-rig';
import { openOutboxRig, serviceEvent, serviceEvents, type OutboxRig } from './outbox-rig';

const rigs: OutboxRig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  removeTempDirs();
});

/**
 * Two organizers' laptops edit the same events offline, then come back online. Each event gets one
 * field only the first changes, one only the second changes, and one both change to different
 * values. Whoever arrives second must see that last field as a conflict; nothing else may be lost.
 *
 * Without ETags the runs take turns: the interface alone has no conditional write, so two writes
 * of one field landing within the same check-and-write round trip cannot be told apart from one
 * after the other, by this client or any other. Run both at once there and some of them are lost
 * (tried three times: it failed each time); with ETags, If-Match closes that window, and they race.
 */
describe.each([
  { extensions: true, together: true, label: 'with ETags, both sending at once' },
  { extensions: false, together: false, label: 'without ETags, one run after the other' },
])('two writers racing on the same events, $label', ({ extensions, together }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ extensions });
  });
  afterAll(() => server.close());

  it('keeps every one-sided change and shows every two-sided one as a conflict', async () => {
    const laptops = [openOutboxRig(server), openOutboxRig(server)] as const;
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

    if (together) await Promise.all(laptops.map((laptop) => laptop.run({ scope: 'default' })));
    else for (const laptop of laptops) await laptop.run({ scope: 'default' });

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
});
