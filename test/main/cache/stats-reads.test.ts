import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { event, openTestCache, seasonStats, SYNCED_AT, team, type TestCache } from './fixtures';
import { readsOf, type Reads } from './reads-harness';

let testCache: TestCache;
let reads: Reads;

beforeEach(() => {
  testCache = openTestCache();
  testCache.write((writer) => {
    writer.teams.upsertItems([team(254), team(118)]);
    writer.events.upsertItems([
      event({ id: '2025alpha', season: '2025-2026', startDate: '2025-10-01T09:00:00Z' }),
      event({ id: '2026bravo', season: '2026-2027', startDate: '2026-10-01T09:00:00Z' }),
    ]);
    writer.eventParts.replaceTeams('2025alpha', [team(254), team(118)]);
    writer.eventParts.replaceTeams('2026bravo', [team(118)]);
    writer.teamParts.putStats(254, seasonStats('2024-2025', { wins: 1 }));
    writer.teamParts.putStats(254, seasonStats('2025-2026', { wins: 2 }));
    writer.teamParts.putStats(31337, seasonStats('2025-2026'));
  });
  testCache.synced(['team:254:stats:2024-2025', 'team:254:stats:2025-2026']);
  reads = readsOf(testCache);
});
afterEach(() => testCache.close());

describe('a team’s season statistics', () => {
  it('answer the latest cached season by default, with every cached season', async () => {
    const answer = await reads.ask('teams:stats', { teamNumber: 254 });
    expect(answer).toEqual({
      data: seasonStats('2025-2026', { wins: 2 }),
      seasons: ['2025-2026', '2024-2025'],
      freshness: { complete: true, syncedAt: SYNCED_AT },
      builtFrom: ['team:254:stats', 'team:254:stats:2025-2026'],
    });
    expect(reads.requested).toEqual([]);
  });

  it('answer the season asked for', async () => {
    const answer = await reads.ask('teams:stats', { teamNumber: 254, season: '2024-2025' });
    expect(answer.data?.wins).toBe(1);
  });

  it('are null for a season not cached, and that season is fetched', async () => {
    const answer = await reads.ask('teams:stats', { teamNumber: 254, season: '2026-2027' });
    expect(answer).toEqual({
      data: null,
      seasons: ['2025-2026', '2024-2025'],
      freshness: { complete: false, syncedAt: null },
      builtFrom: ['team:254:stats', 'team:254:stats:2026-2027'],
    });
    expect(reads.requested).toEqual(['team:254:stats:2026-2027']);
  });

  it('are null when none are cached; the season of the team’s latest event is fetched', async () => {
    const answer = await reads.ask('teams:stats', { teamNumber: 118 });
    expect(answer).toEqual({
      data: null,
      seasons: [],
      freshness: { complete: false, syncedAt: null },
      // Which season to show follows the team's latest event until one is held.
      builtFrom: ['team:118:stats', 'team:118:stats:2026-2027', 'registrations', 'events'],
    });
    expect(reads.requested).toEqual(['team:118:stats:2026-2027']);
  });

  it('are marked incomplete and fetched again when their copy is not whole', async () => {
    testCache.synced(['team:254:stats:2025-2026'], false);
    const answer = await reads.ask('teams:stats', { teamNumber: 254 });
    expect(answer.freshness).toEqual({ complete: false, syncedAt: SYNCED_AT });
    expect(reads.requested).toEqual(['team:254:stats:2025-2026']);
  });

  it('stay readable for a team no longer in the cache’s team table', async () => {
    const answer = await reads.ask('teams:stats', { teamNumber: 31337 });
    expect(answer.data?.season).toBe('2025-2026');
  });

  it('are not_found for a team the cache knows nothing of', async () => {
    expect((await reads.failure('teams:stats', { teamNumber: 7 }))?.code).toBe('not_found');
  });
});
