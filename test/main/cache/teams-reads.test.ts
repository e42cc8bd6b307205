import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  event,
  eventRecord,
  openTestCache,
  seasonStats,
  SYNCED_AT,
  team,
  type TestCache,
} from './fixtures';
import { readsOf, type ReadInput, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

/*
 * Team 9999 is known only from an event's team list (listed = 0): readable by number, never
 * listed. 2026hidden is an unlisted event read by id: its registrations do not count for `season`.
 */
const robo = team(2540, { name: 'Robo Lions', state: 'CA', country: 'US' });
const poofs = team(254, { name: 'The Cheesy Poofs', state: 'CA', country: 'US', clipCount: 7 });
const entropy = team(1254, { name: 'Entropy', state: 'ON', country: 'CA' });
const robonauts = team(118, { name: 'Robonauts', state: 'TX', country: 'US' });

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.teams.upsertItems([
      robo,
      poofs,
      entropy,
      robonauts,
      team(3125, { name: '25th Hour', state: 'MI', country: 'US' }),
      team(42, { name: 'Crème Brûlée', state: 'QC', country: 'CA' }),
      team(77, { name: 'Area 254 Fans', state: 'NV', country: 'US' }),
    ]);
    writer.events.upsertItems([
      event({ id: '2025alpha', season: '2025-2026' }),
      event({ id: '2026bravo', season: '2026-2027' }),
    ]);
    writer.events.upsertRecord(eventRecord({ id: '2026hidden', season: '2026-2027' }, 'unlisted'));
    writer.eventParts.replaceTeams('2025alpha', [poofs, robonauts]);
    writer.eventParts.replaceTeams('2026bravo', [robo, team(9999, { name: 'Walk-on' })]);
    writer.eventParts.replaceTeams('2026hidden', [entropy]);
  });
  testCache.synced(['teams', 'events', 'event:2025alpha:teams', 'event:2026bravo:teams']);
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

async function numbers(input: ReadInput<'teams:list'> = {}): Promise<number[]> {
  return (await reads.ask('teams:list', input)).data.map((item) => item.number);
}

describe('the local team list', () => {
  it('lists listed teams by number, as the service’s list items', async () => {
    const answer = await reads.ask('teams:list');
    expect(answer.data.map((item) => item.number)).toEqual([42, 77, 118, 254, 1254, 2540, 3125]);
    expect(answer.data[3]).toEqual(poofs);
    expect(answer.meta).toEqual({ page: 1, perPage: 25, total: 7 });
    expect(answer.freshness).toEqual({ complete: true, syncedAt: SYNCED_AT });
  });

  it('filters by season: teams registered at a listed event of that season', async () => {
    expect(await numbers({ season: '2025-2026' })).toEqual([118, 254]);
    // 9999 is registered but not listed; 1254 only at an unlisted event.
    expect(await numbers({ season: '2026-2027' })).toEqual([2540]);
    expect(await numbers({ season: '2024-2025' })).toEqual([]);
  });

  it('sees a registration committed after the last read of that season', async () => {
    expect(await numbers({ season: '2026-2027', search: 'robo' })).toEqual([2540]);
    testCache.write((writer) => writer.eventParts.replaceTeams('2026bravo', [robo, robonauts]));
    expect(await numbers({ season: '2026-2027', search: 'robo' })).toEqual([118, 2540]);
    expect(await numbers({ season: '2026-2027', region: 'tx' })).toEqual([118]);
  });

  it('follows the writer’s commits in a season list read before, with no other filter', async () => {
    const firstRead = await reads.ask('teams:list', { season: '2026-2027' });
    expect(firstRead.data.map((item) => item.number)).toEqual([2540]);
    expect(firstRead.meta.total).toBe(1);
    testCache.write((writer) =>
      writer.eventParts.replaceTeams('2026bravo', [robo, poofs, robonauts]),
    );
    const registered = await reads.ask('teams:list', { season: '2026-2027' });
    expect(registered.data.map((item) => item.number)).toEqual([118, 254, 2540]);
    expect(registered.meta.total).toBe(3);
    // Unlisting a team changes no registration, only which teams the list shows.
    testCache.write((writer) => writer.teams.dropFromList(254));
    expect(await numbers({ season: '2026-2027' })).toEqual([118, 2540]);
    testCache.write((writer) => writer.events.dropFromList('2026bravo'));
    expect(await numbers({ season: '2026-2027' })).toEqual([]);
  });

  it('follows the writer’s commits in the total of a list read before', async () => {
    expect((await reads.ask('teams:list', { perPage: 7 })).meta.total).toBe(7);
    expect((await reads.ask('teams:list', { region: 'ca' })).meta.total).toBe(4);
    testCache.write((writer) =>
      writer.teams.upsertItems([team(971, { state: 'CA', country: 'US' })]),
    );
    // A total kept from before would also leave this page empty: it starts at the old total.
    const added = await reads.ask('teams:list', { perPage: 7, page: 2 });
    expect(added.meta.total).toBe(8);
    expect(added.data.map((item) => item.number)).toEqual([3125]);
    expect((await reads.ask('teams:list', { region: 'ca' })).meta.total).toBe(5);
    testCache.write((writer) => writer.teams.dropFromList(3125));
    const dropped = await reads.ask('teams:list', { perPage: 7, page: 2 });
    expect(dropped.meta.total).toBe(7);
    expect(dropped.data).toEqual([]);
  });

  it('is complete under a season filter only when every registration is synced', async () => {
    testCache.synced(['event:2026bravo:teams'], false, '2026-11-21T11:00:00Z');
    expect((await reads.ask('teams:list')).freshness.complete).toBe(true);
    expect((await reads.ask('teams:list', { season: '2026-2027' })).freshness).toEqual({
      complete: false,
      syncedAt: SYNCED_AT,
    });
  });

  it('matches a region against the state or the country, case-insensitively and exactly', async () => {
    expect(await numbers({ region: 'ca' })).toEqual([42, 254, 1254, 2540]);
    expect(await numbers({ region: 'On' })).toEqual([1254]);
    expect(await numbers({ region: 'O' })).toEqual([]);
  });

  it('searches names case-insensitively; digits also match the start of a number', async () => {
    expect(await numbers({ search: 'ROBO' })).toEqual([118, 2540]);
    expect(await numbers({ search: 'poof' })).toEqual([254]);
    expect(await numbers({ search: '25' })).toEqual([77, 254, 2540, 3125]);
    expect(await numbers({ search: '254' })).toEqual([77, 254, 2540]);
    expect(await numbers({ search: '2540' })).toEqual([2540]);
    expect(await numbers({ search: '0254' })).toEqual([]);
    expect(await numbers({ search: '4' })).toEqual([42, 77]);
    expect(await numbers({ search: 'entropy' })).toEqual([1254]);
    expect(await numbers({ search: 'ea 2' })).toEqual([77]);
    // The service's lower() folds ASCII only: accents and non-ASCII capitals are matched as written.
    expect(await numbers({ search: 'crème' })).toEqual([42]);
    expect(await numbers({ search: 'creme' })).toEqual([]);
    expect(await numbers({ search: 'CRÈME' })).toEqual([]);
    expect(await numbers({ search: 'CRèME' })).toEqual([42]);
  });

  it('pages and clamps like the service', async () => {
    const answer = await reads.ask('teams:list', { page: 2, perPage: 4 });
    expect(answer.data.map((item) => item.number)).toEqual([1254, 2540, 3125]);
    expect(answer.meta).toEqual({ page: 2, perPage: 4, total: 7 });
    expect((await reads.ask('teams:list', { perPage: 101 })).meta.perPage).toBe(100);
    expect((await reads.ask('teams:list', { page: 3, perPage: 4 })).data).toEqual([]);
  });
});

describe('a single local team', () => {
  it('has null stats until the single record is synced, and asks for it', async () => {
    const answer = await reads.ask('teams:get', { teamNumber: 254 });
    expect(answer.data).toEqual({ ...poofs, stats: null });
    expect(answer.freshness).toEqual({ complete: false, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual(['team:254']);
  });

  it('carries the single record’s counts once it is synced', async () => {
    testCache.write((writer) =>
      writer.teams.upsertRecord({
        number: 254,
        name: 'The Cheesy Poofs',
        school: 'School 254',
        location: { city: 'Springfield', state: 'CA', country: 'US' },
        rookie: 2010,
        website: 'https://team254.example.org',
        stats: { eventCount: 3, matchCount: 40, clipCount: 8 },
      }),
    );
    testCache.synced(['team:254']);
    const answer = await reads.ask('teams:get', { teamNumber: 254 });
    expect(answer.data.stats).toEqual({ eventCount: 3, matchCount: 40, clipCount: 8 });
    expect(answer.data.clipCount).toBe(8);
    expect(answer.freshness).toEqual({ complete: true, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual([]);
  });

  it('reads a team that is not listed by its number', async () => {
    expect(await numbers({ search: 'walk' })).toEqual([]);
    const answer = await reads.ask('teams:get', { teamNumber: 9999 });
    expect(answer.data.name).toBe('Walk-on');
  });

  it('is not_found when the cache does not hold it, and asks for it', async () => {
    const failure = await reads.failure('teams:get', { teamNumber: 7 });
    expect(failure?.code).toBe('not_found');
    expect(reads.requested).toEqual(['team:7']);
  });
});

describe('the Teams list’s own orders, records and favorites filter', () => {
  const season = '2025-2026';
  beforeEach(() => {
    testCache.write((writer) => {
      const put = (number: number, wins: number, losses: number, world: number) =>
        writer.teamParts.putStats(
          number,
          seasonStats(season, {
            matches: wins + losses,
            wins,
            losses,
            winRate: wins / (wins + losses),
            rankings: { world, regional: world, state: 1 },
          }),
        );
      put(254, 9, 1, 2);
      put(118, 10, 0, 1);
      put(2540, 3, 7, 40);
      // An older season only: not the latest held, so no record in the default view.
      writer.teamParts.putStats(42, seasonStats('2024-2025'));
    });
    testCache.cache.writer
      .prepare('INSERT INTO favorite_teams (team_number, added_at) VALUES (?, ?), (?, ?)')
      .run(2540, SYNCED_AT, 77, SYNCED_AT);
  });

  it('sorts by record and by rank, best first, teams without statistics last either way', async () => {
    expect(await numbers({ sort: 'record' })).toEqual([118, 254, 2540, 42, 77, 1254, 3125]);
    expect(await numbers({ sort: '-record' })).toEqual([2540, 254, 118, 42, 77, 1254, 3125]);
    expect(await numbers({ sort: 'rank' })).toEqual([118, 254, 2540, 42, 77, 1254, 3125]);
    expect(await numbers({ sort: '-rank' })).toEqual([2540, 254, 118, 42, 77, 1254, 3125]);
  });

  it('sorts by name and by number either way; no sort is the service’s order', async () => {
    expect(await numbers({ sort: 'name' })).toEqual([3125, 77, 42, 1254, 2540, 118, 254]);
    expect(await numbers({ sort: '-number' })).toEqual([3125, 2540, 1254, 254, 118, 77, 42]);
    expect(await numbers({ sort: 'number' })).toEqual(await numbers());
  });

  it('pages a sorted list whole: every team once, in order', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => numbers({ sort: 'record', page, perPage: 3 })),
    );
    expect(pages.flat()).toEqual([118, 254, 2540, 42, 77, 1254, 3125]);
    const answer = await reads.ask('teams:list', { sort: 'record', page: 3, perPage: 3 });
    expect(answer.meta.total).toBe(7);
  });

  it('gives each team its record of the latest season held, or of the season filtered', async () => {
    const answer = await reads.ask('teams:list', { records: true, sort: 'rank' });
    expect(answer.data[0]?.record).toEqual({
      season,
      matches: 10,
      wins: 10,
      losses: 0,
      winRate: 1,
      worldRank: 1,
    });
    expect(answer.data.find((row) => row.number === 42)?.record).toBeNull();
    const older = await reads.ask('teams:list', { records: true, season, sort: '-record' });
    expect(older.data.map((row) => [row.number, row.record?.wins])).toEqual([
      [254, 9],
      [118, 10],
    ]);
  });

  it('keeps only the favorites, with the other filters and orders', async () => {
    expect(await numbers({ favorites: true })).toEqual([77, 2540]);
    expect(await numbers({ favorites: true, sort: 'record' })).toEqual([2540, 77]);
    expect(await numbers({ favorites: true, region: 'NV' })).toEqual([77]);
    const answer = await reads.ask('teams:list', { favorites: true });
    expect(answer.meta.total).toBe(2);
    expect(answer.builtFrom).toContain('favorites');
  });
});
