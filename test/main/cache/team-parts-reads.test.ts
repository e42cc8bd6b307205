import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClipSort } from '../../../src/shared/wire/clip';
import { clip, event, eventRecord, match, openTestCache, team, type TestCache } from './fixtures';
import { readsOf, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

/*
 * Team 254 is registered at two listed events and at one unlisted event read by id (hidden).
 * The service hides unlisted events from team sub-resources, so derived answers leave it out.
 */
const alpha = event({
  id: '2025alpha',
  startDate: '2025-10-01T09:00:00Z',
  endDate: '2025-10-02T18:00:00Z',
});
const bravo = event({
  id: '2026bravo',
  startDate: '2026-11-21T09:00:00Z',
  endDate: '2026-11-22T18:00:00Z',
});
const hidden = eventRecord(
  { id: '2026hidden', startDate: '2026-10-01T09:00:00Z', endDate: '2026-10-01T18:00:00Z' },
  'unlisted',
);
const teams = [team(254), team(118), team(971), team(1678)];

const alphaQ1 = match('2025alpha', 'qualification', 1, [254, 118], [971, 1678], [50, 40]);
const alphaQ2 = match('2025alpha', 'qualification', 2, [971, 1678], [254, 118], [50, 40]);
const alphaQ3 = match('2025alpha', 'qualification', 3, [971, 1678], [118, 1678]);
const bravoSf1 = match('2026bravo', 'semifinal', 1, [254, 971], [118, 1678]);
const bravoQ1 = match('2026bravo', 'qualification', 1, [254, 971], [118, 1678], [60, 60]);
const hiddenQ1 = match('2026hidden', 'qualification', 1, [254, 971], [118, 1678]);

const clipEarlyShort = clip('clipe', '2025alpha', [254], {
  recordedAt: '2025-10-01T10:00:00Z',
  durationSeconds: 30,
});
const clipEarlyLong = clip('clipd', '2025alpha', [254, 118], {
  recordedAt: '2025-10-01T10:00:00Z',
  durationSeconds: 90,
});
const clipLate = clip('clipf', '2026bravo', [254], {
  recordedAt: '2026-11-21T10:00:00Z',
  durationSeconds: 30,
});
const clipOther = clip('clipz', '2025alpha', [118], { recordedAt: '2025-10-02T10:00:00Z' });
const clipHidden = clip('cliph', '2026hidden', [254]);

const EARLIER = '2026-11-19T08:00:00Z';

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.teams.upsertItems(teams);
    writer.events.upsertItems([alpha, bravo]);
    writer.events.upsertRecord(hidden);
    for (const id of ['2025alpha', '2026bravo', '2026hidden'])
      writer.eventParts.replaceTeams(id, teams);
    writer.eventParts.replaceMatches('2025alpha', [alphaQ3, alphaQ2, alphaQ1]);
    writer.eventParts.replaceMatches('2026bravo', [bravoSf1, bravoQ1]);
    writer.eventParts.replaceMatches('2026hidden', [hiddenQ1]);
    writer.eventParts.replaceClips('2025alpha', [clipEarlyShort, clipEarlyLong, clipOther]);
    writer.eventParts.replaceClips('2026bravo', [clipLate]);
    writer.eventParts.replaceClips('2026hidden', [clipHidden]);
  });
  testCache.synced([
    'teams',
    'events',
    'event:2025alpha:teams',
    'event:2025alpha:matches',
    'event:2025alpha:clips',
    'event:2026bravo:matches',
    'event:2026bravo:clips',
  ]);
  testCache.synced(['event:2026bravo:teams'], true, EARLIER);
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

describe('a team’s parts derived from the event tables', () => {
  it('lists its listed events by start date, with statuses from the local clock', async () => {
    const answer = await reads.ask('teams:events', { teamNumber: 254 });
    expect(answer.data).toEqual([
      { ...alpha, status: 'past' },
      { ...bravo, status: 'live' },
    ]);
    expect(answer.meta).toEqual({ page: 1, perPage: 25, total: 2 });
    // As old as the oldest copy behind it.
    expect(answer.freshness).toEqual({ complete: true, syncedAt: EARLIER });
    expect(reads.requested).toEqual([]);
    const season = await reads.ask('teams:events', { teamNumber: 254, season: '2026-2027' });
    expect(season.data.map((item) => item.id)).toEqual(['2026bravo']);
  });

  it('lists its matches by event start, event, type and number, filtered', async () => {
    const ids = async (filters: { season?: string; eventId?: string } = {}) =>
      (await reads.ask('teams:matches', { teamNumber: 254, ...filters })).data.map((m) => m.id);
    expect(await ids()).toEqual([alphaQ1.id, alphaQ2.id, bravoQ1.id, bravoSf1.id]);
    expect(await ids({ season: '2026-2027' })).toEqual([bravoQ1.id, bravoSf1.id]);
    expect(await ids({ eventId: '2025alpha' })).toEqual([alphaQ1.id, alphaQ2.id]);
    expect(await ids({ eventId: '2026hidden' })).toEqual([]);
    const first = await reads.ask('teams:matches', { teamNumber: 254, perPage: 1 });
    expect(first.data).toEqual([alphaQ1]);
    expect(first.meta).toEqual({ page: 1, perPage: 1, total: 4 });
  });

  it.each<[ClipSort, string[]]>([
    ['-date', ['clipf', 'clipd', 'clipe']],
    ['date', ['clipd', 'clipe', 'clipf']],
    ['duration', ['clipe', 'clipf', 'clipd']],
    ['-duration', ['clipd', 'clipe', 'clipf']],
  ])('lists its clips sorted by %s, ties by id', async (sort, expected) => {
    const answer = await reads.ask('teams:clips', { teamNumber: 254, sort });
    expect(answer.data.map((item) => item.id)).toEqual(expected);
    expect(answer.freshness.complete).toBe(true);
  });

  it('filters its clips by event and season', async () => {
    const ids = async (filters: { season?: string; eventId?: string }) =>
      (await reads.ask('teams:clips', { teamNumber: 254, ...filters })).data.map((c) => c.id);
    expect(await ids({ eventId: '2026bravo' })).toEqual(['clipf']);
    expect(await ids({ season: '2025-2026' })).toEqual(['clipd', 'clipe']);
    expect(await ids({ season: '2025-2026', eventId: '2026bravo' })).toEqual([]);
  });
});

describe('a team’s parts while the event tables are not complete', () => {
  const fetchedMatches = [
    match('2024zulu', 'qualification', 1, [254, 118], [971, 1678], [1, 2]),
    alphaQ1,
    bravoQ1,
    match('2026bravo', 'final', 1, [254, 971], [118, 1678]),
  ];

  it('uses the service’s answer when it holds that copy whole', async () => {
    testCache.synced(['event:2026bravo:matches'], false);
    testCache.write((writer) =>
      writer.teamParts.replaceFetched('team:254:matches', fetchedMatches),
    );
    testCache.synced(['team:254:matches'], true, EARLIER);
    const answer = await reads.ask('teams:matches', { teamNumber: 254 });
    expect(answer.data).toEqual(fetchedMatches);
    expect(answer.freshness).toEqual({ complete: true, syncedAt: EARLIER });
    expect(reads.requested).toEqual([]);
  });

  it('filters and pages a fetched copy like the service would', async () => {
    testCache.synced(['event:2026bravo:matches'], false);
    testCache.write((writer) =>
      writer.teamParts.replaceFetched('team:254:matches', fetchedMatches),
    );
    testCache.synced(['team:254:matches']);
    const ids = async (filters: {
      season?: string;
      eventId?: string;
      page?: number;
      perPage?: number;
    }) => (await reads.ask('teams:matches', { teamNumber: 254, ...filters })).data.map((m) => m.id);
    // 2024zulu is not in the cache: its season is read from its code.
    expect(await ids({ season: '2024-2025' })).toEqual(['2024zulu-q1']);
    expect(await ids({ season: '2026-2027' })).toEqual([bravoQ1.id, '2026bravo-f1']);
    expect(await ids({ eventId: '2025alpha' })).toEqual([alphaQ1.id]);
    expect(await ids({ page: 2, perPage: 3 })).toEqual(['2026bravo-f1']);
    const past = await reads.ask('teams:matches', { teamNumber: 254, page: 3, perPage: 3 });
    expect(past).toMatchObject({ data: [], meta: { page: 3, perPage: 3, total: 4 } });
  });

  it('recomputes the status of fetched events from the local clock', async () => {
    testCache.synced(['event:2026bravo:teams'], false);
    const stale = [
      { ...alpha, status: 'upcoming' as const },
      { ...bravo, status: 'upcoming' as const },
    ];
    testCache.write((writer) => writer.teamParts.replaceFetched('team:254:events', stale));
    testCache.synced(['team:254:events']);
    const answer = await reads.ask('teams:events', { teamNumber: 254 });
    expect(answer.data.map((item) => item.status)).toEqual(['past', 'live']);
    const season = await reads.ask('teams:events', { teamNumber: 254, season: '2025-2026' });
    expect(season.data.map((item) => item.id)).toEqual(['2025alpha']);
  });

  it.each<[ClipSort, string[]]>([
    ['-date', ['clipf', 'clipd', 'clipe']],
    ['date', ['clipd', 'clipe', 'clipf']],
    ['duration', ['clipe', 'clipf', 'clipd']],
    ['-duration', ['clipd', 'clipe', 'clipf']],
  ])('sorts a fetched clip copy by %s, ties by id', async (sort, expected) => {
    testCache.synced(['event:2026bravo:clips'], false);
    // Stored in the service's default order, which only '-date' keeps.
    testCache.write((writer) =>
      writer.teamParts.replaceFetched('team:254:clips', [clipLate, clipEarlyLong, clipEarlyShort]),
    );
    testCache.synced(['team:254:clips']);
    const answer = await reads.ask('teams:clips', { teamNumber: 254, sort });
    expect(answer.data.map((item) => item.id)).toEqual(expected);
    expect(answer.freshness.complete).toBe(true);
  });

  it('answers an incomplete fetched copy as incomplete and asks for the rest', async () => {
    testCache.synced(['event:2026bravo:matches'], false);
    testCache.write((writer) =>
      writer.teamParts.replaceFetched('team:254:matches', fetchedMatches),
    );
    testCache.synced(['team:254:matches'], true, EARLIER);
    testCache.synced(['team:254:matches'], false);
    const answer = await reads.ask('teams:matches', { teamNumber: 254 });
    expect(answer.data).toEqual(fetchedMatches);
    expect(answer.freshness).toEqual({ complete: false, syncedAt: EARLIER });
    expect(reads.requested).toEqual(['team:254:matches']);
  });

  it('answers what the event tables hold, incomplete, when there is no copy at all', async () => {
    testCache.synced(['event:2026bravo:matches'], false);
    const answer = await reads.ask('teams:matches', { teamNumber: 254 });
    expect(answer.data.map((item) => item.id)).toEqual([
      alphaQ1.id,
      alphaQ2.id,
      bravoQ1.id,
      bravoSf1.id,
    ]);
    expect(answer.freshness.complete).toBe(false);
    expect(reads.requested).toEqual(['team:254:matches']);
  });

  it('needs the whole event list and every listed event’s team list to derive anything', async () => {
    testCache.synced(['events'], false);
    const events = await reads.ask('teams:events', { teamNumber: 254 });
    expect(events.freshness.complete).toBe(false);
    expect(reads.requested).toEqual(['team:254:events']);

    testCache.synced(['events']);
    testCache.synced(['event:2025alpha:teams'], false);
    const clips = await reads.ask('teams:clips', { teamNumber: 254 });
    expect(clips.freshness.complete).toBe(false);
    expect(reads.requested).toEqual(['team:254:events', 'team:254:clips']);
  });

  it('only needs the parts of the events the team is registered at', async () => {
    testCache.write((writer) => {
      writer.events.upsertItems([event({ id: '2026other', startDate: '2026-12-01T09:00:00Z' })]);
      writer.eventParts.replaceTeams('2026other', [team(971)]);
    });
    testCache.synced(['event:2026other:teams']);
    const answer = await reads.ask('teams:matches', { teamNumber: 254 });
    expect(answer.freshness.complete).toBe(true);
    expect((await reads.ask('teams:matches', { teamNumber: 971 })).freshness.complete).toBe(false);
  });

  it('treats a fetched copy that no longer parses as absent', async () => {
    testCache.synced(['event:2026bravo:matches'], false);
    testCache.write((writer) =>
      writer.teamParts.replaceFetched('team:254:matches', [alphaQ1, { id: 'not a match' }]),
    );
    testCache.synced(['team:254:matches']);
    const answer = await reads.ask('teams:matches', { teamNumber: 254 });
    expect(answer.data).toHaveLength(4);
    expect(answer.freshness.complete).toBe(false);
    expect(reads.requested).toEqual(['team:254:matches']);
  });

  it('is not_found for a team the cache does not hold', async () => {
    for (const name of ['teams:events', 'teams:matches', 'teams:clips'] as const) {
      expect((await reads.failure(name, { teamNumber: 7 }))?.code).toBe('not_found');
    }
  });
});
