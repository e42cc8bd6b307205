import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  eventRecordSchema,
  teamListItemSchema,
  teamRecordSchema,
  teamSeasonStatsSchema,
  type TeamSeasonStats,
} from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { loadDemoIndex, type DemoIndex } from './fixtures';
import { Api, expectError, expectSingle, listAll, sortedKeys } from './http';
import {
  expectedSeason,
  expectedTeamCounts,
  latestSeason,
  type ExpectedSeasonStats,
} from './stats-model';

let server: TestServer;
let api: Api;
let demo: DemoIndex;
let seasons: string[];
let madePrivate: string;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  api = new Api(server);
  demo = await loadDemoIndex(api);
  seasons = [...new Set(demo.events.map((event) => event.season))].sort();
  // Hide one event with played matches so that "private events do not count" is exercised.
  const playedEvents = new Set(
    demo.matches.filter((match) => match.status === 'played').map((match) => match.eventId),
  );
  const target = demo.events.find(
    (event) => event.visibility !== 'private' && playedEvents.has(event.id),
  );
  expect(target, 'an event with played matches').toBeDefined();
  const reply = await api.patch(
    `/v1/events/${target!.id}`,
    { visibility: 'private' },
    { as: 'organizer' },
  );
  const record = expectSingle(reply, eventRecordSchema);
  demo.events[demo.events.findIndex((event) => event.id === record.id)] = record;
  madePrivate = record.id;
});

afterAll(async () => {
  await server.close();
});

async function fetchStats(team: number, season?: string): Promise<TeamSeasonStats> {
  const query = season === undefined ? '' : `?season=${season}`;
  const reply = await api.get(`/v1/teams/${team}/stats${query}`);
  const stats = expectSingle(reply, teamSeasonStatsSchema);
  const raw = (reply.body as { data: { rankings: unknown } }).data;
  expect(sortedKeys(raw)).toEqual(
    [
      'avgScore',
      'events',
      'highScore',
      'losses',
      'matches',
      'rankings',
      'season',
      'winRate',
      'wins',
    ].sort(),
  );
  expect(sortedKeys(raw.rankings)).toEqual(['regional', 'state', 'world']);
  return stats;
}

function expectStats(actual: TeamSeasonStats, expected: ExpectedSeasonStats, label: string): void {
  const { meanScore, winRate, ...exact } = expected;
  expect({ ...actual, avgScore: 0, winRate: 0 }, label).toEqual({
    ...exact,
    avgScore: 0,
    winRate: 0,
  });
  expect(actual.winRate, `${label} winRate`).toBeCloseTo(winRate, 9);
  expect(
    Math.abs(actual.avgScore - meanScore),
    `${label} avgScore ${actual.avgScore} vs ${meanScore}`,
  ).toBeLessThanOrEqual(0.005 + 1e-9);
  expect(
    Math.abs(actual.avgScore * 100 - Math.round(actual.avgScore * 100)),
    `${label} avgScore has 2 decimals`,
  ).toBeLessThan(1e-6);
}

/** Every fourth team: enough for every ranking position to be checked against its neighbours. */
function sampleTeams(): DemoIndex['teams'] {
  return demo.teams.filter((_, index) => index % 4 === 0);
}

async function inBatches<Item>(items: Item[], work: (item: Item) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += 50)
    await Promise.all(items.slice(start, start + 50).map(work));
}

describe('GET /v1/teams/:teamNumber/stats?season=', () => {
  test('matches, wins, losses, events, winRate, avgScore, highScore and rankings of every fourth team in every season', async () => {
    let ranked = 0;
    for (const season of seasons) {
      const expected = expectedSeason(demo, season);
      await inBatches(sampleTeams(), async (team) => {
        const want = expected.get(team.number)!;
        expectStats(await fetchStats(team.number, season), want, `${team.number} ${season}`);
        if (want.rankings.world > 0) ranked += 1;
      });
    }
    expect(ranked, 'some teams are ranked').toBeGreaterThan(0);
  });

  test('the private event counts for nobody', async () => {
    const season = demo.events.find((event) => event.id === madePrivate)!.season;
    const match = demo.matches.find(
      (entry) => entry.eventId === madePrivate && entry.status === 'played',
    )!;
    const team = match.red.teams[0]!;
    const asOrganizer = expectSingle(
      await api.get(`/v1/teams/${team}/stats?season=${season}`, { as: 'organizer' }),
      teamSeasonStatsSchema,
    );
    expect(asOrganizer).toEqual(await fetchStats(team, season));
    expectStats(asOrganizer, expectedSeason(demo, season).get(team)!, `${team} ${season}`);
  });

  test('a team without a played match that season gets zeros and rankings 0', async () => {
    const latest = seasons[seasons.length - 1]!;
    const season = '2040-2041';
    const team = demo.teams[0]!.number;
    expect(await fetchStats(team, season)).toEqual({
      season,
      events: 0,
      matches: 0,
      wins: 0,
      losses: 0,
      winRate: 0,
      avgScore: 0,
      highScore: 0,
      rankings: { regional: 0, state: 0, world: 0 },
    });
    const expected = expectedSeason(demo, latest);
    const idle = demo.teams.find((entry) => expected.get(entry.number)!.matches === 0);
    if (idle !== undefined)
      expectStats(await fetchStats(idle.number, latest), expected.get(idle.number)!, 'idle');
  });

  test.each(['2025', '2025-2027', 'latest', '2025-2026&season=2026-2027'])(
    '?season=%s → 400',
    async (season) => {
      expectError(
        await api.get(`/v1/teams/${demo.teams[0]!.number}/stats?season=${season}`),
        400,
        'invalid_request',
      );
    },
  );
});

describe('GET /v1/teams/:teamNumber/stats', () => {
  test("answers the season of the team's latest event", async () => {
    let checked = 0;
    await inBatches(sampleTeams(), async (team) => {
      const all = latestSeason(demo, team.number, true);
      const visible = latestSeason(demo, team.number, false);
      if (all === null || all !== visible) return;
      const stats = await fetchStats(team.number);
      expect(stats.season, String(team.number)).toBe(all);
      expectStats(stats, expectedSeason(demo, all).get(team.number)!, `${team.number} default`);
      checked += 1;
    });
    expect(checked).toBeGreaterThan(sampleTeams().length / 2);
  });

  test('is the same for every caller', async () => {
    const team = demo.teams[1]!.number;
    const anonymous = await api.get(`/v1/teams/${team}/stats`);
    for (const as of ['viewer', 'organizer', 'admin'] as const) {
      expect((await api.get(`/v1/teams/${team}/stats`, { as })).body).toEqual(anonymous.body);
    }
  });
});

describe('counts of the team record and the team list', () => {
  test('eventCount, matchCount, clipCount of every team; list clipCount the same', async () => {
    const listed = new Map(
      (await listAll(api, '/v1/teams', teamListItemSchema)).map((team) => [team.number, team]),
    );
    let withClips = 0;
    await inBatches(demo.teams, async (team) => {
      const record = expectSingle(await api.get(`/v1/teams/${team.number}`), teamRecordSchema);
      const want = expectedTeamCounts(demo, team.number);
      expect(record.stats, String(team.number)).toEqual(want);
      expect(listed.get(team.number)?.clipCount, String(team.number)).toBe(want.clipCount);
      if (want.clipCount > 0) withClips += 1;
    });
    expect(withClips).toBeGreaterThan(0);
  });
});
