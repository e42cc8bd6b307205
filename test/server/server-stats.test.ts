import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visibility } from '../../src/shared/wire/event';
import type { Dataset, DatasetEvent, DatasetMatch } from '../../src/server/store/dataset';
import { importDataset } from '../../src/server/store/import';
import { openServerDatabase } from '../../src/server/store/schema';
import { startTestServer, type TestServer } from '../harness/server';

/*
 * A store small enough to rank by hand. Country "CA" (Canada) next to state "CA" (California)
 * checks that the state ranking is keyed by state and country together.
 */
function event(id: string, season: string, start: string, visibility: Visibility): DatasetEvent {
  return {
    id,
    name: id,
    season,
    startDate: `${start}T09:00:00Z`,
    endDate: `${start}T18:00:00Z`,
    location: { venue: '', city: 'Somewhere', state: 'CA', country: 'US' },
    visibility,
    streamStatus: 'none',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  };
}

function played(
  eventId: string,
  number: number,
  red: number[],
  blue: number[],
  scores: [number, number],
): DatasetMatch {
  const [redScore, blueScore] = scores;
  const winner = redScore === blueScore ? 'tie' : redScore > blueScore ? 'red' : 'blue';
  return {
    id: `${eventId}-q${number}`,
    eventId,
    type: 'qualification',
    number,
    status: 'played',
    scheduledAt: '2026-03-01T10:00:00Z',
    playedAt: '2026-03-01T10:05:00Z',
    red: { teams: red, score: redScore },
    blue: { teams: blue, score: blueScore },
    winner,
  };
}

function team(number: number, state: string, country: string): Dataset['teams'][number] {
  const name = `Team ${number}`;
  return {
    number,
    name,
    school: 'School',
    city: 'City',
    state,
    country,
    rookie: 2000,
    website: 'https://example.org',
  };
}

const dataset: Dataset = {
  events: [
    event('2025alpha', '2025-2026', '2026-03-01', 'public'),
    event('2025unlisted', '2025-2026', '2026-04-01', 'unlisted'),
    event('2025private', '2025-2026', '2026-05-01', 'private'),
    event('2026bravo', '2026-2027', '2026-09-01', 'public'),
    event('2027private', '2027-2028', '2027-09-01', 'private'),
  ],
  teams: [
    team(1, 'CA', 'US'),
    team(2, 'CA', 'US'),
    team(3, 'TX', 'US'),
    team(4, 'ON', 'CA'),
    team(5, 'CA', 'US'),
    team(6, 'CA', 'US'),
    team(7, 'CA', 'US'),
  ],
  registrations: [
    ...[1, 2, 3, 4, 5].map((teamNumber) => ({ eventId: '2025alpha', teamNumber })),
    ...[1, 2, 3, 4, 7].map((teamNumber) => ({ eventId: '2025unlisted', teamNumber })),
    ...[1, 2, 3, 4].map((teamNumber) => ({ eventId: '2025private', teamNumber })),
    { eventId: '2026bravo', teamNumber: 2 },
  ],
  matches: [
    played('2025alpha', 1, [1, 2], [3, 4], [100, 80]),
    played('2025alpha', 2, [1, 3], [2, 4], [50, 50]),
    {
      ...played('2025alpha', 3, [1, 2], [3, 4], [0, 0]),
      status: 'scheduled',
      playedAt: null,
      red: { teams: [1, 2], score: null },
      blue: { teams: [3, 4], score: null },
      winner: null,
    },
    played('2025unlisted', 1, [3, 4], [1, 2], [90, 60]),
    played('2025private', 1, [4, 3], [1, 2], [200, 0]),
  ],
  clips: [
    {
      id: '2025alpha-c1',
      eventId: '2025alpha',
      matchId: '2025alpha-q1',
      matchType: 'qualification',
      teamNumbers: [1, 3],
      title: 'q1',
      url: 'https://video.example.org/1',
      thumbnailUrl: null,
      durationSeconds: 30,
      recordedAt: '2026-03-01T10:06:00Z',
    },
    {
      id: '2025private-c1',
      eventId: '2025private',
      matchId: null,
      matchType: null,
      teamNumbers: [1],
      title: 'pit interview',
      url: 'https://video.example.org/2',
      thumbnailUrl: null,
      durationSeconds: 60,
      recordedAt: '2026-05-01T10:00:00Z',
    },
  ],
};

let server: TestServer;
const directory = mkdtempSync(join(tmpdir(), 'pitside-stats-'));

beforeAll(async () => {
  const file = join(directory, 'store.db');
  const db = openServerDatabase(file);
  importDataset(db, dataset);
  db.close();
  server = await startTestServer({ db: file, data: 'none' });
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function read<Body>(path: string, key?: string): Promise<Body> {
  const headers: Record<string, string> =
    key === undefined ? {} : { authorization: `Bearer ${key}` };
  const response = await fetch(`${server.url}${path}`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

interface Stats {
  data: {
    season: string;
    events: number;
    matches: number;
    wins: number;
    losses: number;
    winRate: number;
    avgScore: number;
    highScore: number;
    rankings: { regional: number; state: number; world: number };
  };
}

describe('team season statistics', () => {
  it('counts played matches of events that are not private, ties as neither', async () => {
    const { data } = await read<Stats>('/v1/teams/1/stats');
    expect(data).toEqual({
      season: '2025-2026',
      events: 2,
      matches: 3,
      wins: 1,
      losses: 1,
      winRate: 1 / 3,
      avgScore: 70,
      highScore: 100,
      rankings: { regional: 2, state: 1, world: 3 },
    });
  });

  it('ranks by win rate, then the unrounded average, then high score, then team number', async () => {
    const ranks = await Promise.all(
      [1, 2, 3, 4].map(
        async (number) => (await read<Stats>(`/v1/teams/${number}/stats?season=2025-2026`)).data,
      ),
    );
    expect(ranks.map(({ rankings }) => rankings)).toEqual([
      { regional: 2, state: 1, world: 3 },
      { regional: 3, state: 2, world: 4 },
      { regional: 1, state: 1, world: 1 },
      { regional: 1, state: 1, world: 2 },
    ]);
    expect(ranks[2]?.avgScore).toBe(73.33);
  });

  it("answers the season of the team's latest visible event, else the latest season", async () => {
    const second = await read<Stats>('/v1/teams/2/stats');
    expect(second.data).toMatchObject({ season: '2026-2027', matches: 0, winRate: 0 });
    expect(second.data.rankings).toEqual({ regional: 0, state: 0, world: 0 });
    // Team 6 is registered nowhere; the 2027-2028 event is private and so does not count.
    expect((await read<Stats>('/v1/teams/6/stats')).data.season).toBe('2026-2027');
    expect((await read<Stats>('/v1/teams/5/stats')).data).toMatchObject({
      season: '2025-2026',
      matches: 0,
    });
  });

  it('refuses a season that is not one, and counts the single team over visible events', async () => {
    const bad = await fetch(`${server.url}/v1/teams/1/stats?season=2025-2027`);
    expect(bad.status).toBe(400);
    const single = await read<{ data: { stats: unknown } }>('/v1/teams/1');
    expect(single.data.stats).toEqual({ eventCount: 2, matchCount: 4, clipCount: 1 });
  });
});

describe('visibility in team sub-resources', () => {
  it('lists only public events to anonymous callers and everything to organizers', async () => {
    const anonymous = await read<{ meta: { total: number } }>('/v1/teams/1/matches');
    expect(anonymous.meta.total).toBe(3);
    const organizer = await read<{ meta: { total: number } }>(
      '/v1/teams/1/matches',
      server.keys.organizer,
    );
    expect(organizer.meta.total).toBe(5);
    const seasonTeams = await read<{ data: { number: number }[] }>('/v1/teams?season=2025-2026');
    expect(seasonTeams.data.map(({ number }) => number)).toEqual([1, 2, 3, 4, 5]);
    const allSeasonTeams = await read<{ data: { number: number }[] }>(
      '/v1/teams?season=2025-2026',
      server.keys.admin,
    );
    expect(allSeasonTeams.data.map(({ number }) => number)).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it('reads an unlisted event by its code but not a private one', async () => {
    const teams = await read<{ meta: { total: number } }>(
      '/v1/events/2025unlisted/teams',
      server.keys.viewer,
    );
    expect(teams.meta.total).toBe(5);
    const hidden = await fetch(`${server.url}/v1/events/2025private`, {
      headers: { authorization: `Bearer ${server.keys.viewer}` },
    });
    expect(hidden.status).toBe(404);
    await read('/v1/events/2025private/matches', server.keys.organizer);
  });
});
