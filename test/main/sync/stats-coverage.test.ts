import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../../src/shared/ipc/sync';
import { forgetSyncedData } from '../../../src/main/cache/forget';
import { WriteQueue } from '../../../src/main/cache/write-queue';
import { cachedStatsPairs, cachedStatsText } from '../../harness/cache-copy';
import { canonical } from '../../harness/copy';
import { serviceReader, type ServiceReader, eachLimited } from '../../harness/service-copy';
import { startTestServer, type TestServer } from '../../harness/server';
import { openRig, removeTempDirs, type SyncRig } from './sync-rig';

/*
 * Which statistics a sync holds: for each team in scope, the service's default-season answer
 * (`GET /v1/teams/N/stats`) and the answer for every season of the team's events the key can see,
 * whatever the key cannot see of its events; and against a service that ignores `?season=`, what
 * it answers, without asking it again and again for seasons it will not answer.
 */

const servers: TestServer[] = [];
const rigs: SyncRig[] = [];

async function server(extensions: boolean): Promise<TestServer> {
  const started = await startTestServer({ data: 'demo', extensions });
  servers.push(started);
  return started;
}

function rig(service: TestServer, dir?: string): SyncRig {
  const opened = openRig({
    baseUrl: service.url,
    key: service.keys.viewer,
    dir,
    fetch: (url, init) => {
      requested.push(String(url));
      return fetch(url, init);
    },
  });
  rigs.push(opened);
  return opened;
}

/** Every URL the rigs asked for, in order; tests empty it before the run they look at. */
const requested: string[] = [];
const statsRequests = () => requested.filter((url) => /\/v1\/teams\/\d+\/stats/.test(url));

afterAll(async () => {
  for (const opened of rigs) await opened.close();
  for (const started of servers) await started.close();
  removeTempDirs();
});

function expectCompleted(summary: SyncSummary) {
  expect(summary).toMatchObject({ outcome: 'completed', problem: null });
}

/** The cached statistics of one team and season, in the service's shape, or `undefined`. */
function cachedStats(sync: SyncRig, teamNumber: number, season: string): string | undefined {
  return cachedStatsText(sync.cache.reader, teamNumber, season);
}

/** The seasons of the team's events the key can list. */
async function visibleSeasons(reader: ServiceReader, teamNumber: number): Promise<string[]> {
  const events = await reader.list(`/v1/teams/${teamNumber}/events`);
  return [...new Set(events.map((event) => String(event.season)))].sort();
}

/** The team's default-season answer and each visible season's, each held as the service says. */
async function expectStatsOf(
  sync: SyncRig,
  reader: ServiceReader,
  teamNumber: number,
  seasons: readonly string[],
) {
  const answer = await reader.single(`/v1/teams/${teamNumber}/stats`);
  if (answer === null) throw new Error(`team ${teamNumber} has no statistics`);
  expect(cachedStats(sync, teamNumber, String(answer.season)), `team ${teamNumber}`).toBe(
    canonical(answer),
  );
  for (const season of seasons) {
    const bySeason = await reader.single(`/v1/teams/${teamNumber}/stats?season=${season}`);
    expect(cachedStats(sync, teamNumber, season), `team ${teamNumber} ${season}`).toBe(
      canonical(bySeason),
    );
  }
}

/** Eight at a time: enough to be quick, few enough for the service on two cores. */
const READERS = 8;

describe('scope all with a viewer key', () => {
  let service: TestServer;
  let sync: SyncRig;
  let first: SyncSummary;

  beforeAll(async () => {
    service = await server(true);
    sync = rig(service);
    first = await sync.run({ scope: 'all' });
  });

  it('holds the statistics of a team whose every event is unlisted for the key', async () => {
    expectCompleted(first);
    const viewer = serviceReader(service.url, service.keys.viewer);
    const organizer = serviceReader(service.url, service.keys.organizer);
    const unregistered = sync.cache.reader
      .prepare<[], number>(
        `SELECT number FROM teams WHERE number NOT IN (SELECT team_number FROM registrations)
         ORDER BY number`,
      )
      .pluck()
      .all();
    const hidden: number[] = [];
    for (const teamNumber of unregistered) {
      const events = await organizer.list(`/v1/teams/${teamNumber}/events`);
      const visibleToViewer = await viewer.list(`/v1/teams/${teamNumber}/events`);
      const readable = await Promise.all(
        events.map((event) => viewer.single(`/v1/events/${String(event.id)}`)),
      );
      // Unlisted, not private: the viewer may read each by id, its lists show none of them.
      if (events.length > 0 && visibleToViewer.length === 0 && !readable.includes(null)) {
        hidden.push(teamNumber);
      }
    }
    expect(hidden.length).toBeGreaterThan(0);
    for (const teamNumber of hidden) {
      const answer = await viewer.single(`/v1/teams/${teamNumber}/stats`);
      expect(Number(answer?.matches)).toBeGreaterThan(0);
      await expectStatsOf(sync, viewer, teamNumber, []);
    }
  });

  it("holds every team's default-season answer and each season it played in", async () => {
    const viewer = serviceReader(service.url, service.keys.viewer);
    const teams = sync.cache.reader
      .prepare<[], number>('SELECT number FROM teams ORDER BY number')
      .pluck()
      .all();
    expect(teams).toHaveLength(600);
    const seasonsOf = new Map<number, string[]>();
    for (const { teamNumber, season } of sync.cache.reader
      .prepare<[], { teamNumber: number; season: string }>(
        `SELECT DISTINCT r.team_number AS teamNumber, e.season FROM registrations r
         JOIN events e ON e.id = r.event_id`,
      )
      .all()) {
      seasonsOf.set(teamNumber, [...(seasonsOf.get(teamNumber) ?? []), season]);
    }
    await eachLimited(teams, READERS, (teamNumber) =>
      expectStatsOf(sync, viewer, teamNumber, seasonsOf.get(teamNumber) ?? []),
    );
  });

  it('asks nothing again when synced again unchanged', async () => {
    requested.length = 0;
    const again = await sync.run({ scope: 'all' });
    expectCompleted(again);
    expect(statsRequests()).toEqual([]);
    expect(again.requests).toBeLessThan(30);
  });
});

describe('the default scope', () => {
  it('holds the statistics of a favorite team and of the teams of a pinned event', async () => {
    const service = await server(true);
    const viewer = serviceReader(service.url, service.keys.viewer);
    // An event of the oldest season: its teams' default answers name a later season.
    const events = await viewer.list('/v1/events');
    const oldest = events
      .filter((event) => Number(event.teamCount) > 0)
      .sort((a, b) => String(a.season).localeCompare(String(b.season)))[0];
    if (oldest === undefined) throw new Error('the demo data has no event with teams');
    const pinned = String(oldest.id);
    const atPinned = (await viewer.list(`/v1/events/${pinned}/teams`)).map((team) =>
      Number(team.number),
    );
    const favorite = (await viewer.list('/v1/teams'))
      .map((team) => Number(team.number))
      .find((teamNumber) => !atPinned.includes(teamNumber));
    if (favorite === undefined) throw new Error('the demo data has no team outside the event');

    const sync = rig(service);
    sync.cache.writer
      .prepare('INSERT INTO pinned_events (event_id, added_at) VALUES (?, ?)')
      .run(pinned, '2026-11-01T00:00:00Z');
    sync.cache.writer
      .prepare('INSERT INTO favorite_teams (team_number, added_at) VALUES (?, ?)')
      .run(favorite, '2026-11-01T00:00:00Z');
    expectCompleted(await sync.run({ scope: 'default' }));

    const teams = [favorite, ...atPinned];
    expect(teams.length).toBeGreaterThan(2);
    let otherSeasons = 0;
    for (const teamNumber of teams) {
      const seasons = await visibleSeasons(viewer, teamNumber);
      otherSeasons += seasons.filter((season) => season !== oldest.season).length;
      await expectStatsOf(sync, viewer, teamNumber, seasons);
    }
    expect(otherSeasons).toBeGreaterThan(0);
  });
});

describe('a service that ignores `season` on statistics', () => {
  it('is asked only what it answers once it was seen ignoring it, even after a restart', async () => {
    const bare = await server(false);
    const sync = rig(bare);
    expectCompleted(await sync.run({ scope: 'all' }));

    // What a bare service answers is the default season; each team holds exactly that.
    const viewer = serviceReader(bare.url, bare.keys.viewer);
    const teams = sync.cache.reader
      .prepare<[], number>('SELECT number FROM teams ORDER BY number')
      .pluck()
      .all();
    await eachLimited(teams, READERS, (teamNumber) => expectStatsOf(sync, viewer, teamNumber, []));
    const held = cachedStatsPairs(sync.cache.reader);
    expect(new Set(held.map((pair) => pair.teamNumber)).size).toBe(600);

    requested.length = 0;
    const again = await sync.run({ scope: 'all' });
    expectCompleted(again);
    expect(statsRequests()).toEqual([]);
    expect(again.requests).toBeLessThan(40);

    // The memory is in the cache file: a new engine on it does not ask again either.
    await sync.close();
    rigs.splice(rigs.indexOf(sync), 1);
    const restarted = rig(bare, sync.dir);
    requested.length = 0;
    const afterRestart = await restarted.run({ scope: 'all' });
    expectCompleted(afterRestart);
    expect(statsRequests()).toEqual([]);
    expect(afterRestart.requests).toBeLessThan(40);
    expect(cachedStatsPairs(restarted.cache.reader)).toEqual(held);
  });

  it('is forgotten with the copy when the service changes', async () => {
    const bare = await server(false);
    const sync = rig(bare);
    expectCompleted(await sync.run({ scope: 'all' }));
    const queue = new WriteQueue(sync.cache.writer);
    await sync.engine.changeService(() => forgetSyncedData(sync.cache.writer, queue));
    await sync.close();
    rigs.splice(rigs.indexOf(sync), 1);

    const full = await server(true);
    const moved = rig(full, sync.dir);
    requested.length = 0;
    expectCompleted(await moved.run({ scope: 'all' }));
    expect(statsRequests().filter((url) => url.includes('season=')).length).toBeGreaterThan(100);
    const viewer = serviceReader(full.url, full.keys.viewer);
    const pairs = cachedStatsPairs(moved.cache.reader);
    expect(pairs.length).toBeGreaterThan(1_000);
    await eachLimited(pairs, READERS, async ({ teamNumber, season }) => {
      const answer = await viewer.single(`/v1/teams/${teamNumber}/stats?season=${season}`);
      expect(cachedStats(moved, teamNumber, season)).toBe(canonical(answer));
    });
  });

  it('is asked by season again by a forced run, and forgotten when the seasons are answered', async () => {
    const full = await server(true);
    const sync = rig(full);
    // What a sync would have remembered had this address served a bare service before.
    sync.cache.writer
      .prepare('INSERT INTO sync_state (resource, complete, last_success) VALUES (?, 1, ?)')
      .run('service:stats-season-ignored', '2026-11-21T11:00:00Z');
    requested.length = 0;
    expectCompleted(await sync.run({ scope: 'all' }));
    expect(statsRequests().length).toBe(600);
    expect(statsRequests().filter((url) => url.includes('season='))).toEqual([]);

    requested.length = 0;
    expectCompleted(await sync.run({ scope: 'all', force: true }));
    expect(statsRequests().filter((url) => url.includes('season=')).length).toBeGreaterThan(100);
    const remembered = sync.cache.reader
      .prepare("SELECT resource FROM sync_state WHERE resource LIKE 'service:%'")
      .all();
    expect(remembered).toEqual([]);
  });
});
