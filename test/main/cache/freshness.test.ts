import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combineFreshness, FreshnessReader } from '../../../src/main/cache/queries/freshness';
import { event, openTestCache, SYNCED_AT, team, type TestCache } from './fixtures';

let testCache: TestCache;
let freshness: FreshnessReader;

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.events.upsertItems([event({ id: '2026alpha' }), event({ id: '2026bravo' })]);
    writer.eventParts.replaceTeams('2026alpha', [team(254)]);
  });
  freshness = new FreshnessReader(testCache.cache.reader);
});
afterEach(() => testCache.close());

describe('freshness', () => {
  it('combines as complete only when every part is, and as old as the oldest', () => {
    const older = { complete: true, syncedAt: '2026-11-01T00:00:00Z' };
    const newer = { complete: true, syncedAt: '2026-11-02T00:00:00Z' };
    expect(combineFreshness([newer, older])).toEqual(older);
    expect(combineFreshness([newer, { complete: false, syncedAt: newer.syncedAt }])).toEqual({
      complete: false,
      syncedAt: newer.syncedAt,
    });
    expect(combineFreshness([older, { complete: false, syncedAt: null }])).toEqual({
      complete: false,
      syncedAt: null,
    });
    expect(combineFreshness([])).toEqual({ complete: true, syncedAt: null });
  });

  it('reads one resource’s sync state, unknown when there is none', () => {
    expect(freshness.of('events')).toEqual({ complete: false, syncedAt: null });
    testCache.synced(['events']);
    expect(freshness.of('events')).toEqual({ complete: true, syncedAt: SYNCED_AT });
  });

  it('knows registrations whole only with the event list and every listed event’s teams', () => {
    testCache.synced(['events', 'event:2026alpha:teams']);
    expect(freshness.registrations().complete).toBe(false);
    testCache.synced(['event:2026bravo:teams'], true, '2026-11-01T00:00:00Z');
    // The answer is kept per commit of the writer: this one must see the commit just made.
    expect(freshness.registrations()).toEqual({ complete: true, syncedAt: '2026-11-01T00:00:00Z' });
    testCache.synced(['event:2026alpha:teams'], false);
    expect(freshness.registrations().complete).toBe(false);
    testCache.write((writer) => writer.events.dropFromList('2026alpha'));
    expect(freshness.registrations().complete).toBe(true);
  });

  it('knows registrations whole with no listed event once the event list is', () => {
    const empty = openTestCache();
    try {
      const reader = new FreshnessReader(empty.cache.reader);
      expect(reader.registrations().complete).toBe(false);
      empty.synced(['events']);
      expect(reader.registrations()).toEqual({ complete: true, syncedAt: SYNCED_AT });
    } finally {
      empty.close();
    }
  });
});
