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
      rankTotals: { world: null, regional: null, state: null },
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
      rankTotals: { world: null, regional: null, state: null },
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
      rankTotals: { world: null, regional: null, state: null },
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

describe('out of how many a team’s ranks are', () => {
  const SEASON = '2023-2024';
  /**
   * Ranks 1–4 world: two US teams in IL, one in TN, one in Canada, all at one event; 9 is there
   * too and never played. `except`: teams whose statistics the cache lacks.
   */
  function holdRankedSeason(except: readonly number[] = []): void {
    testCache.write((writer) => {
      writer.events.upsertItems([
        event({ id: '2023zulu', season: SEASON, startDate: '2023-10-01T09:00:00Z' }),
      ]);
      writer.eventParts.replaceTeams(
        '2023zulu',
        [1, 2, 3, 4, 9].map((number) => team(number)),
      );
      writer.teams.upsertItems([
        team(1, { state: 'IL', country: 'US' }),
        team(2, { state: 'TN', country: 'US' }),
        team(3, { state: 'IL', country: 'US' }),
        team(4, { state: 'ON', country: 'CA' }),
        team(9, { state: 'IL', country: 'US' }),
      ]);
      const ranked = [
        [1, { world: 1, regional: 1, state: 1 }],
        [2, { world: 2, regional: 2, state: 1 }],
        [3, { world: 3, regional: 3, state: 2 }],
        [4, { world: 4, regional: 1, state: 1 }],
      ] as const;
      for (const [number, rankings] of ranked) {
        if (!except.includes(number))
          writer.teamParts.putStats(number, seasonStats(SEASON, { rankings }));
      }
      const unplayed = {
        matches: 0,
        wins: 0,
        losses: 0,
        rankings: { world: 0, regional: 0, state: 0 },
      };
      writer.teamParts.putStats(9, seasonStats(SEASON, unplayed));
    });
  }

  it('counts the ranked teams when the cache holds every one of them', async () => {
    holdRankedSeason();
    testCache.synced(['event:2023zulu:teams']);
    const answer = await reads.ask('teams:stats', { teamNumber: 3, season: SEASON });
    expect(answer.rankTotals).toEqual({ world: 4, regional: 3, state: 2 });
    const canada = await reads.ask('teams:stats', { teamNumber: 4, season: SEASON });
    expect(canada.rankTotals).toEqual({ world: 4, regional: 1, state: 1 });
  });

  it('says it does not know while a team of the season lacks statistics', async () => {
    // Held: US ranks 1 and 2, IL rank 1, Canada's 1; any of them could pass for a whole count.
    holdRankedSeason([3]);
    testCache.synced(['event:2023zulu:teams']);
    for (const teamNumber of [1, 4]) {
      const answer = await reads.ask('teams:stats', { teamNumber, season: SEASON });
      expect(answer.rankTotals).toEqual({ world: null, regional: null, state: null });
    }
  });

  it('says it does not know while an event’s team list of the season is not synced', async () => {
    holdRankedSeason();
    const answer = await reads.ask('teams:stats', { teamNumber: 3, season: SEASON });
    expect(answer.rankTotals).toEqual({ world: null, regional: null, state: null });
  });

  it('says it does not know where the ranks held have a gap', async () => {
    holdRankedSeason();
    testCache.synced(['event:2023zulu:teams']);
    // A team ranked 5th that played at an event this copy never listed: world 1–4 and 6 held.
    testCache.write((writer) => {
      writer.teams.upsertItems([team(5, { state: 'ON', country: 'CA' })]);
      const rankings = { world: 6, regional: 2, state: 2 };
      writer.teamParts.putStats(5, seasonStats(SEASON, { rankings }));
    });
    const answer = await reads.ask('teams:stats', { teamNumber: 4, season: SEASON });
    expect(answer.rankTotals).toEqual({ world: null, regional: 2, state: 2 });
  });
});
