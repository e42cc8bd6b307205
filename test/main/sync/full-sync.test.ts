import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../../src/shared/ipc/sync';
import { cachedStatsPairs } from '../../harness/cache-copy';
import { canonical, differences, type Copy } from '../../harness/copy';
import { readServiceCopy, serviceReader } from '../../harness/service-copy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, watchWrites, type SyncRig } from './sync-rig';

/*
 * A sync against the real reference service on loopback, into a real cache file: afterwards the
 * cache must hold what the service says, record for record, for every resource it syncs.
 */

const servers: TestServer[] = [];
const rigs: SyncRig[] = [];
let demo: TestServer;

async function server(options: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer({ data: 'demo', ...options });
  servers.push(started);
  return started;
}

function rig(service: TestServer, key: string | null): SyncRig {
  const opened = openRig({ baseUrl: service.url, key });
  rigs.push(opened);
  return opened;
}

beforeAll(async () => {
  demo = await server();
});

afterAll(async () => {
  for (const opened of rigs) await opened.close();
  for (const started of servers) await started.close();
  removeTempDirs();
});

/** Statistics of one team in five are compared: every season of each, every field. */
const sampled = (teamNumber: number) => teamNumber % 5 === 0;
const isStats = (key: string) => key.includes(':stats:');
const sampledKey = (key: string) => !isStats(key) || sampled(Number(key.split(':')[1]));

/** The cache against the service: lists, every part of every event, sampled statistics. */
async function expectCacheEqualsService(sync: SyncRig, service: TestServer, key: string) {
  expect(sync.problems()).toEqual([]);
  const expected = await readServiceCopy(service.url, key, {
    statsOf: sampled,
    extraStats: cachedStatsPairs(sync.cache.reader),
  });
  expect(differences(sync.copy(), expected, { only: sampledKey })).toEqual([]);
  return expected;
}

/**
 * With `season` on stats, a sync of scope all holds every season each team played and each team's
 * default-season answer (that of its latest event, which the key may not see), no more.
 */
async function expectStatsForEveryTeamSeason(sync: SyncRig, service: TestServer, key: string) {
  const played = sync.cache.reader
    .prepare<[], string>(
      `SELECT DISTINCT r.team_number || ' ' || e.season FROM registrations r
       JOIN events e ON e.id = r.event_id`,
    )
    .pluck()
    .all();
  const reader = serviceReader(service.url, key);
  const teams = sync.cache.reader.prepare<[], number>('SELECT number FROM teams').pluck().all();
  const defaults = await Promise.all(
    teams.map(async (teamNumber) => {
      const answer = await reader.single(`/v1/teams/${teamNumber}/stats`);
      return `${teamNumber} ${String(answer?.season)}`;
    }),
  );
  const held = cachedStatsPairs(sync.cache.reader)
    .map(({ teamNumber, season }) => `${teamNumber} ${season}`)
    .sort();
  expect(held).toEqual([...new Set([...played, ...defaults])].sort());
}

function expectCompleted(summary: SyncSummary) {
  expect(summary).toMatchObject({ outcome: 'completed', problem: null });
  expect(summary.resources.failed).toBe(0);
}

function etagsOf(sync: SyncRig): unknown[] {
  return sync.cache.reader.prepare('SELECT * FROM etags ORDER BY url').all();
}

function recordCount(copy: Copy, key: string): number {
  return (JSON.parse(copy.get(key) ?? '[]') as unknown[]).length;
}

/**
 * The tests both keys share: a first sync of scope all (in `beforeAll`), compared with the
 * service, then synced again unchanged. Returns the rig for tests only one key runs.
 */
function fullSyncTests(role: 'viewer' | 'organizer'): { sync: SyncRig; first: SyncSummary } {
  const state = {} as { sync: SyncRig; first: SyncSummary };

  beforeAll(async () => {
    state.sync = rig(demo, demo.keys[role]);
    state.first = await state.sync.run({ scope: 'all' });
  });

  it('equals the service record for record', async () => {
    const { sync, first } = state;
    expectCompleted(first);
    const expected = await expectCacheEqualsService(sync, demo, demo.keys[role]);
    const eventCount = recordCount(expected, 'events');
    expect(eventCount).toBeGreaterThan(50);
    expect([...expected.keys()].filter((key) => key.endsWith(':matches'))).toHaveLength(eventCount);
    expect([...expected.keys()].filter(isStats).length).toBeGreaterThan(100);
    await expectStatsForEveryTeamSeason(sync, demo, demo.keys[role]);
    expect(sync.statuses.at(-1)).toMatchObject({ state: 'idle', problem: null, progress: null });
  });

  it('holds exactly the events the key may list', async () => {
    const listed = (key: string) =>
      serviceReader(demo.url, key)
        .list('/v1/events')
        .then((events) => events.map((event) => String(event.id)).sort());
    const held = state.sync.cache.reader
      .prepare<[], string>('SELECT id FROM events WHERE listed = 1 ORDER BY id')
      .pluck()
      .all();
    const [viewer, organizer] = await Promise.all([
      listed(demo.keys.viewer),
      listed(demo.keys.organizer),
    ]);
    // The demo data has unlisted and private events: the two keys see different lists.
    expect(organizer.length).toBeGreaterThan(viewer.length);
    expect(held).toEqual(role === 'viewer' ? viewer : organizer);
  });

  it("knows each event's visibility from the event's own record (its list item has none)", async () => {
    const held = state.sync.cache.reader
      .prepare<[], { id: string; visibility: string | null }>(
        'SELECT id, visibility FROM events ORDER BY id',
      )
      .all();
    const reader = serviceReader(demo.url, demo.keys[role]);
    const records = await Promise.all(held.map(({ id }) => reader.single(`/v1/events/${id}`)));
    expect(held.map(({ visibility }) => visibility)).toEqual(
      records.map((record) => (record as { visibility?: unknown } | null)?.visibility),
    );
    expect(held.every(({ visibility }) => visibility !== null)).toBe(true);
  });

  it('writes nothing and reports nothing changed when synced again', async () => {
    const { sync, first } = state;
    const writes = watchWrites(sync);
    const etags = etagsOf(sync);
    sync.changes.length = 0;
    const again = await sync.run({ scope: 'all' });
    expectCompleted(again);
    expect(again.resources.changed).toBe(0);
    expect(writes()).toEqual({});
    expect(etagsOf(sync)).toEqual(etags);
    expect(sync.changes).toEqual([]);
    // Only the lists and the live events are asked again, conditionally: not the whole season.
    expect(again.requests).toBeLessThan(first.requests / 10);
  });

  return state;
}

describe('a full sync with the viewer key', () => {
  const state = fullSyncTests('viewer');

  it('changes nothing when forced to pull everything again', async () => {
    const { sync, first } = state;
    const writes = watchWrites(sync);
    const etags = etagsOf(sync);
    sync.changes.length = 0;
    const forced = await sync.run({ scope: 'all', force: true });
    expectCompleted(forced);
    expect(forced.resources.pulled).toBe(first.resources.pulled);
    expect(forced.resources.changed).toBe(0);
    expect(writes()).toEqual({});
    expect(etagsOf(sync)).toEqual(etags);
    expect(sync.changes).toEqual([]);
  });
});

describe('a full sync with the organizer key', () => {
  fullSyncTests('organizer');
});

describe('a service without the extensions (no ETags, no season on stats)', () => {
  it('is copied record for record, and an unchanged one is not written again', async () => {
    const service = await server({ extensions: false });
    const sync = rig(service, service.keys.organizer);
    expectCompleted(await sync.run({ scope: 'all' }));
    const expected = await expectCacheEqualsService(sync, service, service.keys.organizer);
    expect([...expected.keys()].filter(isStats).length).toBeGreaterThan(50);
    expect(etagsOf(sync)).toEqual([]);

    // Every list is read again in full (there is nothing to make it conditional): still no write.
    const writes = watchWrites(sync);
    const again = await sync.run({ scope: 'all' });
    expectCompleted(again);
    expect(again.resources.changed).toBe(0);
    expect(writes()).toEqual({});
  });
});

describe('the priority tier of a default sync', () => {
  it('copies a pinned unlisted event and a favorite team whole, with their statistics', async () => {
    const service = demo;
    const viewer = serviceReader(service.url, service.keys.viewer);
    const organizer = serviceReader(service.url, service.keys.organizer);
    const visible = new Set((await viewer.list('/v1/events')).map((event) => String(event.id)));
    const hidden = (await organizer.list('/v1/events'))
      .filter((event) => !visible.has(String(event.id)) && Number(event.teamCount) > 0)
      .map((event) => String(event.id));
    let unlisted: string | undefined;
    for (const id of hidden) {
      if ((await viewer.single(`/v1/events/${id}`)) !== null) {
        unlisted = id;
        break;
      }
    }
    if (unlisted === undefined) throw new Error('the demo data has no unlisted event with teams');
    const favorite = Number((await viewer.list(`/v1/events/${unlisted}/teams`))[0]?.number);

    const sync = rig(service, service.keys.viewer);
    sync.cache.writer
      .prepare('INSERT INTO pinned_events (event_id, added_at) VALUES (?, ?)')
      .run(unlisted, '2026-11-01T00:00:00Z');
    sync.cache.writer
      .prepare('INSERT INTO favorite_teams (team_number, added_at) VALUES (?, ?)')
      .run(favorite, '2026-11-01T00:00:00Z');
    expectCompleted(await sync.run({ scope: 'default' }));
    expect(sync.problems()).toEqual([]);

    const expected = await readServiceCopy(service.url, service.keys.viewer, {
      extraEvents: [unlisted],
      statsOf: (teamNumber) => teamNumber === favorite,
    });
    const copy = sync.copy();
    // The pinned event is held but not listed: the service's lists do not show it to a viewer.
    expect(JSON.parse(copy.get('events') ?? '[]')).not.toContainEqual(
      expect.objectContaining({ id: unlisted }),
    );
    const pinnedParts = (key: string) => key.startsWith(`event:${unlisted}:`);
    expect(differences(copy, expected, { only: pinnedParts })).toEqual([]);
    expect(recordCount(copy, `event:${unlisted}:teams`)).toBeGreaterThan(0);
    const favoriteStats = (key: string) => key.startsWith(`team:${favorite}:stats:`);
    expect([...expected.keys()].filter(favoriteStats).length).toBeGreaterThan(0);
    expect(differences(copy, expected, { only: favoriteStats })).toEqual([]);

    // The favorite's own record and its lists, as the service answers them.
    const record = await viewer.single(`/v1/teams/${favorite}`);
    const row = sync.cache.reader
      .prepare<[number], Record<string, string | number>>('SELECT * FROM teams WHERE number = ?')
      .get(favorite);
    expect(row).toBeDefined();
    expect(canonical(record)).toBe(
      canonical({
        number: row?.number,
        name: row?.name,
        school: row?.school,
        location: { city: row?.city, state: row?.state, country: row?.country },
        rookie: row?.rookie,
        website: row?.website,
        stats: {
          eventCount: row?.event_count,
          matchCount: row?.match_count,
          clipCount: row?.clip_count,
        },
      }),
    );
    for (const part of ['events', 'matches', 'clips']) {
      const held = sync.cache.reader
        .prepare<[string], string>(
          'SELECT record FROM fetched_records WHERE resource = ? ORDER BY position',
        )
        .pluck()
        .all(`team:${favorite}:${part}`)
        .map((text) => JSON.parse(text) as unknown);
      const listed = await viewer.list(`/v1/teams/${favorite}/${part}`);
      expect(canonical(held), `team:${favorite}:${part}`).toBe(canonical(listed));
    }
  });
});

describe('events removed from and added to the service', () => {
  it('leave and join the cache, a removed event with all of its rows', async () => {
    const service = await server();
    const sync = rig(service, service.keys.organizer);
    expectCompleted(await sync.run({ scope: 'all' }));

    const count = (table: string, column: string, eventId: string) =>
      sync.cache.reader
        .prepare<[string], number>(`SELECT count(*) FROM ${table} WHERE ${column} = ?`)
        .pluck()
        .get(eventId);
    // The event with the most matches among those with teams and clips: its removal has rows
    // in every table to take along.
    const gone = sync.cache.reader
      .prepare<[], string>(
        `SELECT e.id FROM events e
         WHERE EXISTS (SELECT 1 FROM registrations r WHERE r.event_id = e.id)
           AND EXISTS (SELECT 1 FROM clips c WHERE c.event_id = e.id)
         ORDER BY (SELECT count(*) FROM matches m WHERE m.event_id = e.id) DESC, e.id LIMIT 1`,
      )
      .pluck()
      .get();
    if (gone === undefined) throw new Error('the demo data has no event with teams and clips');
    expect(count('matches', 'event_id', gone)).toBeGreaterThan(0);

    const admin = { authorization: `Bearer ${service.keys.admin}` };
    const removed = await fetch(`${service.url}/v1/events/${gone}`, {
      method: 'DELETE',
      headers: admin,
    });
    expect(removed.status).toBe(204);
    const created = await fetch(`${service.url}/v1/events`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Brand New Regional',
        season: '2026-2027',
        startDate: '2027-02-10T09:00:00Z',
        endDate: '2027-02-12T18:00:00Z',
        location: { city: 'Lyon', country: 'FR' },
      }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };

    expectCompleted(await sync.run({ scope: 'all', force: true }));
    await expectCacheEqualsService(sync, service, service.keys.organizer);
    for (const table of ['events', 'registrations', 'matches', 'clips']) {
      const left = count(table, table === 'events' ? 'id' : 'event_id', gone);
      expect(left, `${table} rows of the removed event`).toBe(0);
    }
    const states = sync.cache.reader
      .prepare<[string], string>("SELECT resource FROM sync_state WHERE resource LIKE ? || '%'")
      .pluck()
      .all(`event:${gone}`);
    expect(states).toEqual([]);
    expect(sync.copy().get(`event:${data.id}:teams`)).toBe('[]');
  });
});
