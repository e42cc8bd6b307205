import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clip, event, match, openTestCache, SYNCED_AT, team, type TestCache } from './fixtures';
import { readsOf, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

const EVENT = '2026springfield';

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.events.upsertItems([event({ id: EVENT, teamCount: 4, clipCount: 4 })]);
    writer.eventParts.replaceTeams(EVENT, [
      team(1678, { clipCount: 3 }),
      team(254, { clipCount: 2 }),
      team(971),
      team(118),
    ]);
    // Stored out of order on purpose: the answer orders by type, then number.
    writer.eventParts.replaceMatches(EVENT, [
      match(EVENT, 'final', 1, [254, 971], [1678, 118], [80, 80]),
      match(EVENT, 'qualification', 10, [254, 118], [1678, 971], [40, 55]),
      match(EVENT, 'qualification', 2, [254, 971], [1678, 118], [70, 30]),
      match(EVENT, 'semifinal', 1, [254, 971], [1678, 118]),
    ]);
    writer.eventParts.replaceClips(EVENT, [
      clip('clipb', EVENT, [254, 1678], {
        matchId: `${EVENT}-q2`,
        matchType: 'qualification',
        recordedAt: '2026-03-14T12:00:00Z',
      }),
      clip('clipa', EVENT, [1678], {
        matchId: `${EVENT}-q10`,
        matchType: 'qualification',
        recordedAt: '2026-03-14T12:00:00Z',
      }),
      clip('clipc', EVENT, [254], {
        matchId: `${EVENT}-f1`,
        matchType: 'final',
        recordedAt: '2026-03-15T16:00:00Z',
      }),
      clip('clipd', EVENT, [1678], { recordedAt: '2026-03-13T09:00:00Z' }),
    ]);
  });
  testCache.synced([
    'events',
    `event:${EVENT}:teams`,
    `event:${EVENT}:matches`,
    `event:${EVENT}:clips`,
  ]);
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

describe('the parts of a local event', () => {
  it('lists its teams by number, as list items with their clip counts', async () => {
    const answer = await reads.ask('events:teams', { eventId: EVENT });
    expect(answer.data.map((item) => item.number)).toEqual([118, 254, 971, 1678]);
    expect(answer.data[3]).toEqual(team(1678, { clipCount: 3 }));
    expect(answer.meta).toEqual({ page: 1, perPage: 25, total: 4 });
    expect(answer.freshness).toEqual({ complete: true, syncedAt: SYNCED_AT });
  });

  it('lists its matches by type, then number, as the service’s records', async () => {
    const answer = await reads.ask('events:matches', { eventId: EVENT });
    expect(answer.data.map((item) => item.id)).toEqual([
      `${EVENT}-q2`,
      `${EVENT}-q10`,
      `${EVENT}-sf1`,
      `${EVENT}-f1`,
    ]);
    expect(answer.data[0]).toEqual(
      match(EVENT, 'qualification', 2, [254, 971], [1678, 118], [70, 30]),
    );
    expect(answer.data.map((item) => item.winner)).toEqual(['red', 'blue', null, 'tie']);
  });

  it('lists its clips newest first, ties by id, filtered by match type and team', async () => {
    const clipIds = async (filters: {
      matchType?: 'qualification' | 'final';
      teamNumber?: number;
    }) =>
      (await reads.ask('events:clips', { eventId: EVENT, ...filters })).data.map((item) => item.id);
    expect(await clipIds({})).toEqual(['clipc', 'clipa', 'clipb', 'clipd']);
    expect(await clipIds({ matchType: 'qualification' })).toEqual(['clipa', 'clipb']);
    expect(await clipIds({ teamNumber: 254 })).toEqual(['clipc', 'clipb']);
    expect(await clipIds({ matchType: 'qualification', teamNumber: 254 })).toEqual(['clipb']);
    expect(await clipIds({ teamNumber: 118 })).toEqual([]);
  });

  it('pages each part', async () => {
    const second = await reads.ask('events:matches', { eventId: EVENT, page: 2, perPage: 3 });
    expect(second.data.map((item) => item.id)).toEqual([`${EVENT}-f1`]);
    expect(second.meta).toEqual({ page: 2, perPage: 3, total: 4 });
    const past = await reads.ask('events:teams', { eventId: EVENT, page: 9, perPage: 100 });
    expect(past).toMatchObject({ data: [], meta: { page: 9, perPage: 100, total: 4 } });
  });

  it('answers a part not synced whole as incomplete and asks the sync engine for it', async () => {
    testCache.synced([`event:${EVENT}:clips`], false, '2026-11-21T11:00:00Z');
    const answer = await reads.ask('events:clips', { eventId: EVENT });
    expect(answer.data).toHaveLength(4);
    expect(answer.freshness).toEqual({ complete: false, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual([`event:${EVENT}:clips`]);
  });

  it('is not_found for an event the cache does not hold', async () => {
    for (const name of ['events:teams', 'events:matches', 'events:clips'] as const) {
      expect((await reads.failure(name, { eventId: '2026nowhere' }))?.code).toBe('not_found');
    }
  });
});
