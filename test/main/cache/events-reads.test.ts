import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { event, eventRecord, openTestCache, SYNCED_AT, type TestCache } from './fixtures';
import { readsOf, type ReadInput, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

/*
 * The clock is 2026-11-21T12:00:00Z. Charlie and Delta start at the same instant, so the id
 * decides their order; Echo is an unlisted event read by id, which the list never shows.
 */
const alpha = event({
  id: '2025alpha',
  name: 'Alpha Regional',
  startDate: '2025-10-01T09:00:00Z',
  endDate: '2025-10-02T18:00:00Z',
  location: { state: 'CA', country: 'US' },
});
const bravo = event({
  id: '2026bravo',
  name: 'Bravo Open',
  startDate: '2026-11-21T09:00:00Z',
  endDate: '2026-11-22T18:00:00Z',
  location: { state: 'ON', country: 'CA' },
});
const delta = event({
  id: '2026delta',
  name: 'Délta Meet',
  startDate: '2026-12-05T09:00:00Z',
  endDate: '2026-12-06T18:00:00Z',
  location: { state: 'TX', country: 'US' },
});
const charlie = event({
  id: '2026charlie',
  name: 'Charlie 100% Cup',
  startDate: '2026-12-05T09:00:00Z',
  endDate: '2026-12-06T18:00:00Z',
  location: { state: 'WA', country: 'US' },
});
const echo = eventRecord(
  { id: '2026echo', name: 'Echo Invitational', startDate: '2026-10-01T09:00:00Z' },
  'unlisted',
);

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.events.upsertItems([delta, bravo, charlie, alpha]);
    writer.events.upsertRecord(echo);
  });
  testCache.synced(['events']);
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

async function ids(input: ReadInput<'events:list'> = {}): Promise<string[]> {
  const answer = await reads.ask('events:list', input);
  return answer.data.map((item) => item.id);
}

describe('the local event list', () => {
  it('lists listed events by start date, then id, with the service’s meta', async () => {
    const answer = await reads.ask('events:list');
    expect(answer.data.map((item) => item.id)).toEqual([
      '2025alpha',
      '2026bravo',
      '2026charlie',
      '2026delta',
    ]);
    expect(answer.meta).toEqual({ page: 1, perPage: 25, total: 4 });
    expect(answer.data[0]).toEqual({ ...alpha, status: 'past' });
  });

  it('filters by season', async () => {
    expect(await ids({ season: '2025-2026' })).toEqual(['2025alpha']);
    expect(await ids({ season: '2027-2028' })).toEqual([]);
  });

  it('derives status from the local clock, for the items and for the filter', async () => {
    expect(await ids({ status: 'past' })).toEqual(['2025alpha']);
    expect(await ids({ status: 'live' })).toEqual(['2026bravo']);
    expect(await ids({ status: 'upcoming' })).toEqual(['2026charlie', '2026delta']);
    const answer = await reads.ask('events:list', { status: 'live' });
    expect(answer.data[0]?.status).toBe('live');
  });

  it('turns an event live when the clock passes its start, with no sync in between', async () => {
    reads.setClock('2026-12-05T08:59:59Z');
    expect(await ids({ status: 'live' })).toEqual([]);
    reads.setClock('2026-12-05T09:00:00Z');
    expect(await ids({ status: 'live' })).toEqual(['2026charlie', '2026delta']);
    const live = await reads.ask('events:get', { eventId: '2026charlie' });
    expect(live.data.status).toBe('live');
    reads.setClock('2026-12-06T18:00:01Z');
    expect(await ids({ status: 'live' })).toEqual([]);
    expect(await ids({ status: 'past' })).toHaveLength(4);
  });

  it('matches a region against the state or the country, case-insensitively and exactly', async () => {
    expect(await ids({ region: 'CA' })).toEqual(['2025alpha', '2026bravo']);
    expect(await ids({ region: 'ca' })).toEqual(['2025alpha', '2026bravo']);
    expect(await ids({ region: 'us' })).toEqual(['2025alpha', '2026charlie', '2026delta']);
    expect(await ids({ region: 'C' })).toEqual([]);
    expect(await ids({ region: '' })).toHaveLength(4);
  });

  it('searches names case-insensitively and ids, taking the text literally', async () => {
    expect(await ids({ search: 'OPEN' })).toEqual(['2026bravo']);
    expect(await ids({ search: '2026c' })).toEqual(['2026charlie']);
    expect(await ids({ search: '100%' })).toEqual(['2026charlie']);
    expect(await ids({ search: '%' })).toEqual(['2026charlie']);
    expect(await ids({ search: 'a_p' })).toEqual([]);
    // SQLite's lower() folds ASCII only, like the service's: an accent is matched as written.
    expect(await ids({ search: 'délta' })).toEqual(['2026delta']);
    expect(await ids({ search: 'DÉLTA' })).toEqual([]);
    expect(await ids({ search: 'LTA M' })).toEqual(['2026delta']);
  });

  it('combines filters', async () => {
    expect(
      await ids({ season: '2026-2027', region: 'us', status: 'upcoming', search: 'cup' }),
    ).toEqual(['2026charlie']);
  });

  it('opens on what is current with sort=current: live, upcoming from the soonest, past from the latest', async () => {
    const golf = event({
      id: '2026golf',
      name: 'Golf Games',
      startDate: '2026-03-01T09:00:00Z',
      endDate: '2026-03-02T18:00:00Z',
    });
    const hotel = event({
      id: '2026hotel',
      name: 'Hotel Hub',
      startDate: '2027-01-09T09:00:00Z',
      endDate: '2027-01-10T18:00:00Z',
    });
    testCache.write((writer) => writer.events.upsertItems([golf, hotel]));
    const current = ['2026bravo', '2026charlie', '2026delta', '2026hotel', '2026golf', '2025alpha'];
    expect(await ids({ sort: 'current' })).toEqual(current);
    // Paged in the same order, so no event is skipped or shown twice across pages.
    const pages = await Promise.all(
      [1, 2, 3].map((page) => ids({ sort: 'current', page, perPage: 2 })),
    );
    expect(pages.flat()).toEqual(current);
    // A filter keeps the order within what it keeps; `date` (and no sort) is the service's.
    expect(await ids({ sort: 'current', status: 'past' })).toEqual(['2026golf', '2025alpha']);
    expect(await ids({ sort: 'date' })).toEqual(await ids());
    expect(await ids()).toEqual([
      '2025alpha',
      '2026golf',
      '2026bravo',
      '2026charlie',
      '2026delta',
      '2026hotel',
    ]);
    // The clock moves an event between the groups with no sync in between.
    reads.setClock('2026-12-05T10:00:00Z');
    expect((await ids({ sort: 'current' })).slice(0, 3)).toEqual([
      '2026charlie',
      '2026delta',
      '2026hotel',
    ]);
  });

  it('pages like the service: a page past the end is empty with the true total', async () => {
    const second = await reads.ask('events:list', { page: 2, perPage: 3 });
    expect(second.data.map((item) => item.id)).toEqual(['2026delta']);
    expect(second.meta).toEqual({ page: 2, perPage: 3, total: 4 });
    const past = await reads.ask('events:list', { page: 3, perPage: 3 });
    expect(past).toMatchObject({ data: [], meta: { page: 3, perPage: 3, total: 4 } });
    const huge = await reads.ask('events:list', { page: 2 ** 40 });
    expect(huge.data).toEqual([]);
    expect(huge.meta.total).toBe(4);
  });

  it('clamps perPage to 100 and says so in meta', async () => {
    const answer = await reads.ask('events:list', { perPage: 1000 });
    expect(answer.meta.perPage).toBe(100);
  });

  it('says how fresh the list is', async () => {
    expect((await reads.ask('events:list')).freshness).toEqual({
      complete: true,
      syncedAt: SYNCED_AT,
    });
    testCache.synced(['events'], false, '2026-11-21T11:00:00Z');
    expect((await reads.ask('events:list')).freshness).toEqual({
      complete: false,
      syncedAt: SYNCED_AT,
    });
  });

  it('answers an empty, never synced cache with an empty, incomplete list', async () => {
    const empty = openTestCache();
    try {
      const answer = await readsOf(empty).ask('events:list');
      expect(answer).toEqual({
        data: [],
        meta: { page: 1, perPage: 25, total: 0 },
        freshness: { complete: false, syncedAt: null },
        builtFrom: ['events'],
      });
    } finally {
      empty.close();
    }
  });
});

describe('a single local event', () => {
  it('reads an unlisted event by id, with its single-record fields', async () => {
    expect(await ids()).not.toContain('2026echo');
    testCache.synced(['event:2026echo']);
    const answer = await reads.ask('events:get', { eventId: '2026echo' });
    expect(answer.data).toEqual({ ...echo, status: 'past' });
    expect(answer.freshness).toEqual({ complete: true, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual([]);
  });

  it('answers a list-only event with null single-record fields and asks for the record', async () => {
    const answer = await reads.ask('events:get', { eventId: '2026bravo' });
    expect(answer.data).toEqual({
      ...bravo,
      status: 'live',
      visibility: null,
      createdAt: null,
      updatedAt: null,
    });
    expect(answer.freshness).toEqual({ complete: false, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual(['event:2026bravo']);
  });

  it('is not_found when the cache does not hold it, and asks for it', async () => {
    const failure = await reads.failure('events:get', { eventId: '2026nowhere' });
    expect(failure?.code).toBe('not_found');
    expect(failure?.message).toContain('2026nowhere');
    expect(reads.requested).toEqual(['event:2026nowhere']);
  });
});
