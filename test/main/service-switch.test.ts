import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer } from '../../src/main/data-layer';
import { dispatcherOf } from '../harness/layer-dispatch';
import { startTestServer, type TestServer } from '../harness/server';
import { testClock } from '../harness/clock';

/*
 * A change of service while a view keeps reading: every read of an event that lacks its single
 * record asks for a background fetch, and none of those may land in the new service's copy.
 * Both services accept the same key: the old one's comes as an override (PITSIDE_API_KEY-style,
 * bound to its address), the new one's from the keychain, so the new one syncs too.
 */

let demo: TestServer;
let empty: TestServer;

beforeAll(async () => {
  demo = await startTestServer({ data: 'demo' });
  empty = await startTestServer({ data: 'none', keys: demo.keys });
  await createCredentials().setKey(empty.url, demo.keys.viewer);
});

afterAll(async () => {
  await createCredentials().clearKey(empty.url);
  await demo.close();
  await empty.close();
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('switching service', () => {
  it('keeps nothing of the old service, however many reads ask for it meanwhile', async () => {
    const layer = openDataLayer({
      now: testClock,
      dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-switch-')),
      fetch,
      credentials: createCredentials(),
      keyOverride: { baseUrl: demo.url, key: demo.keys.viewer, from: 'environment' },
    });
    const dispatch = dispatcherOf(layer);
    try {
      await dispatch('settings:setService', { baseUrl: demo.url });
      await layer.engine.idle();
      const eventIds = layer.cache.reader
        .prepare<[], string>('SELECT id FROM events ORDER BY id')
        .pluck()
        .all();
      expect(eventIds.length).toBeGreaterThan(20);

      // A view on every event at once, re-reading as fast as IPC answers.
      let reading = true;
      let reads = 0;
      const view = (async () => {
        while (reading) {
          for (const eventId of eventIds) {
            await dispatch('events:get', { eventId });
            reads += 1;
            // Real IPC answers on a later turn of the event loop; so does this view.
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      })();
      // Counted, not timed: on a loaded machine one pass over the events outlasts any fixed wait.
      while (reads === 0) await sleep(5);
      const switched = await dispatch('settings:setService', { baseUrl: empty.url });
      expect(switched).toMatchObject({ ok: true, value: { baseUrl: empty.url } });
      const readsAtSwitch = reads;
      while (reads < readsAtSwitch + eventIds.length) await sleep(10);
      reading = false;
      await view;
      await layer.engine.idle();
      await sleep(200);
      await layer.engine.idle();

      expect(reads).toBeGreaterThan(eventIds.length);
      const left = layer.cache.reader.prepare<[], number>('SELECT count(*) FROM events').pluck();
      expect(left.get()).toBe(0);
      const states = layer.cache.reader
        .prepare<[], string>("SELECT resource FROM sync_state WHERE resource LIKE 'event:%'")
        .pluck();
      expect(states.all()).toEqual([]);
      const answer = await dispatch('events:get', { eventId: eventIds[0] });
      expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
      const list = await dispatch('events:list', undefined);
      expect(list).toMatchObject({ ok: true, value: { meta: { total: 0 } } });
    } finally {
      await layer.close();
    }
  });
});
