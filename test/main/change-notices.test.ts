import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentials } from '../../src/main/credentials/credentials';
import { openDataLayer, type DataLayer } from '../../src/main/data-layer';
import type { Dispatch } from '../../src/main/ipc/dispatcher';
import { touches } from '../../src/shared/ipc/resources';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { dispatcherOf, valueOf } from '../harness/layer-dispatch';
import { patchEvent, startTestServer, type TestServer } from '../harness/server';
import { testClock } from '../harness/clock';

/*
 * Change notices as a view uses them: a notice only after a commit that changed rows, naming
 * resources in the terms every read answer uses for what it was built from (`builtFrom`), so a
 * view re-reads exactly when `touches(notice, answer.builtFrom)`. Real service, real SQLite file,
 * the data layer behind the dispatcher like the renderer reaches it.
 */

let demo: TestServer;
let bare: TestServer;
let layer: DataLayer | null = null;

beforeAll(async () => {
  demo = await startTestServer({ data: 'demo' });
  bare = await startTestServer({ data: 'demo', extensions: false, keys: demo.keys });
});

afterAll(async () => {
  await demo.close();
  await bare.close();
});

afterEach(async () => {
  await layer?.close();
  layer = null;
});

interface Open {
  dispatch: Dispatch;
  /** The resources of each `cache:changed` notice, in order. */
  notices: string[][];
  layer: DataLayer;
}

async function open(baseUrl: string): Promise<Open> {
  const opened = openDataLayer({
    now: testClock,
    dataDirectory: mkdtempSync(join(tmpdir(), 'pitside-notices-')),
    fetch,
    credentials: createCredentials(),
    keyOverride: { baseUrl, key: demo.keys.viewer, from: 'environment' },
  });
  layer = opened;
  const notices: string[][] = [];
  opened.pushes.attach((name, payload) => {
    if (name === 'cache:changed') notices.push((payload as { resources: string[] }).resources);
  });
  const dispatch = dispatcherOf(opened);
  await dispatch('settings:setService', { baseUrl });
  await settled(opened);
  return { dispatch, notices, layer: opened };
}

/** Every run and fetch done, and the last coalesced notice sent. */
async function settled(opened: DataLayer): Promise<void> {
  await opened.engine.idle();
  await sleep(150);
  await opened.engine.idle();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const value = valueOf;

interface Built {
  builtFrom: string[];
}

describe('change notices', () => {
  it.each([
    ['with ETags', () => demo.url],
    ['from a service without extensions (no ETags)', () => bare.url],
  ])('say nothing about a sync that changed nothing (%s)', async (_, url) => {
    const { notices, layer: opened } = await open(url());
    await opened.engine.run({ scope: 'all' });
    await settled(opened);
    expect(notices.flat()).toEqual(expect.arrayContaining(['events', 'teams']));

    notices.length = 0;
    const again = await opened.engine.run({ scope: 'all', force: true });
    await settled(opened);
    expect(again).toMatchObject({ outcome: 'completed', resources: { changed: 0 } });
    expect(notices).toEqual([]);
  });

  it('do not loop a view on an event the service no longer has', async () => {
    const proxy: FaultProxy = await startFaultProxy(demo.url);
    try {
      const { dispatch, notices, layer: opened } = await open(proxy.url);
      const eventId = opened.cache.reader
        .prepare<[], string>("SELECT id FROM events WHERE visibility IS NULL AND id LIKE '2025%'")
        .pluck()
        .get();
      expect(eventId).toBeDefined();
      const gone = await fetch(`${demo.url}/v1/events/${eventId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${demo.keys.admin}` },
      });
      expect(gone.status).toBe(204);

      // The view of that event re-reads on every notice, whatever it names.
      let reads = 0;
      const read = async () => {
        reads += 1;
        await dispatch('events:get', { eventId });
      };
      opened.pushes.attach((name) => {
        if (name === 'cache:changed') void read();
      });
      const before = proxy.requests.length;
      notices.length = 0;
      await read();
      await sleep(2_000);
      await settled(opened);

      const asked = proxy.requests
        .slice(before)
        .filter((request) => request.path.startsWith(`/v1/events/${eventId}`));
      // One fetch finds it gone and removes it (one notice, one re-read); the re-read's fetch
      // finds nothing left to remove, so nothing is announced and the view rests.
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(notices.length).toBeLessThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(2);
      await expect(dispatch('events:get', { eventId })).resolves.toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    } finally {
      await proxy.close();
    }
  });

  it('name what changed in the terms answers say they were built from', async () => {
    const { dispatch, notices, layer: opened } = await open(demo.url);
    await opened.engine.run({ scope: 'all' });
    await settled(opened);
    const reader = opened.cache.reader;
    const eventId = reader
      .prepare<[], string>(
        `SELECT e.id FROM events e WHERE EXISTS
          (SELECT 1 FROM registrations r WHERE r.event_id = e.id) ORDER BY e.id LIMIT 1`,
      )
      .pluck()
      .get() as string;
    const atEvent = reader
      .prepare<[string], number>('SELECT team_number FROM registrations WHERE event_id = ?')
      .pluck()
      .get(eventId) as number;
    const elsewhere = reader
      .prepare<[string], number>(
        `SELECT number FROM teams WHERE number NOT IN
          (SELECT team_number FROM registrations WHERE event_id = ?) LIMIT 1`,
      )
      .pluck()
      .get(eventId) as number;

    const answers = {
      eventList: await value<Built>(dispatch('events:list', undefined)),
      event: await value<Built>(dispatch('events:get', { eventId })),
      teamEvents: await value<Built>(dispatch('teams:events', { teamNumber: atEvent })),
      teamMatches: await value<Built>(dispatch('teams:matches', { teamNumber: atEvent })),
      search: await value<Built>(dispatch('search:query', { text: 'a' })),
      eventMatches: await value<Built>(dispatch('events:matches', { eventId })),
      eventTeams: await value<Built>(dispatch('events:teams', { eventId })),
      team: await value<Built>(dispatch('teams:get', { teamNumber: atEvent })),
      teamList: await value<Built>(dispatch('teams:list', undefined)),
      otherTeamStats: await value<Built>(dispatch('teams:stats', { teamNumber: elsewhere })),
    };
    await settled(opened);

    expect(await patchEvent(demo, eventId, { name: 'Renamed While Scouting' })).toBe(200);
    notices.length = 0;
    await opened.engine.run({ scope: 'all' });
    await settled(opened);
    const changed = notices.flat();
    expect(changed).toEqual(expect.arrayContaining(['events', `event:${eventId}`]));

    const reread = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [name, touches(changed, answer.builtFrom)]),
    );
    expect(reread).toEqual({
      eventList: true,
      event: true,
      teamEvents: true,
      teamMatches: true,
      search: true,
      eventMatches: false,
      eventTeams: false,
      team: false,
      teamList: false,
      otherTeamStats: false,
    });
    const event = await value<{ data: { name: string } }>(dispatch('events:get', { eventId }));
    expect(event.data.name).toBe('Renamed While Scouting');
  });

  it('follow local writes too, and only when they change something', async () => {
    const { dispatch, notices, layer: opened } = await open(demo.url);
    opened.engine.stopSchedule();
    await settled(opened);
    notices.length = 0;
    await value(dispatch('favorites:set', { teamNumber: 254, favorite: true }));
    await value(dispatch('pins:set', { eventId: '2026abcde', pinned: true }));
    await settled(opened);
    expect(notices.flat()).toEqual(expect.arrayContaining(['favorites', 'pins']));

    notices.length = 0;
    await value(dispatch('favorites:set', { teamNumber: 254, favorite: true }));
    await value(dispatch('pins:set', { eventId: '2026zzzzz', pinned: false }));
    await sleep(150);
    expect(notices.flat().filter((key) => key === 'favorites' || key === 'pins')).toEqual([]);
  });

  it('tell every view to re-read when the service changes', async () => {
    const { dispatch, notices, layer: opened } = await open(demo.url);
    const list = await value<Built>(dispatch('teams:list', undefined));
    notices.length = 0;
    // The new service must answer for its copy to replace the old one.
    await createCredentials().setKey(bare.url, demo.keys.viewer);
    try {
      await value(dispatch('settings:setService', { baseUrl: bare.url }));
      await settled(opened);
    } finally {
      await createCredentials().clearKey(bare.url);
    }
    // The new address is Settings' news first; the views hear when its first answer replaces
    // the copy they show (in the same notice when it answers within the notice's 100 ms).
    expect(notices[0]).toContain('settings');
    const replaced = notices.find((notice) => notice.includes('all'));
    expect(touches(replaced ?? [], list.builtFrom)).toBe(true);
  });
});
