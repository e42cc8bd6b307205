import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import { sharedCopy, type SharedCopy } from './shared-copy';

/*
 * A team's statistics without `?season=` answer the season of its latest event a viewer may see
 * (decisions.md: statistics leave private events out). An organizer's copy also holds statistics
 * for the seasons of private events, all zeros: the share's default must not be one of those.
 */

let server: TestServer;
let copy: SharedCopy;
/** Teams whose latest season, counting private events, is another than the latest without. */
let skewed: number[];

async function bodyOf(url: string, init?: RequestInit): Promise<unknown> {
  const reply = await fetch(url, init);
  expect(reply.status, url).toBe(200);
  return reply.json();
}

beforeAll(async () => {
  server = await startTestServer();
  copy = await sharedCopy(server.url, server.keys.organizer);
  expect((await copy.sync('all', new Date(TEST_NOW))).outcome).toBe('completed');
  const latestSeason = (where: string) =>
    `SELECT max(e.season) FROM registrations r JOIN events e ON e.id = r.event_id
      WHERE r.team_number = t.number ${where}`;
  skewed = copy.cache.reader
    .prepare<[], number>(
      `SELECT t.number FROM teams t
      WHERE (${latestSeason('')}) IS NOT (${latestSeason("AND e.visibility <> 'private'")})
      ORDER BY t.number`,
    )
    .pluck()
    .all();
}, 120_000);

afterAll(async () => {
  await copy?.close();
  await server?.close();
});

describe('a share’s team statistics without a season', () => {
  it('answer the season the service answers, not one only a private event brings', async () => {
    // The demo data has private events with teams that play nowhere later.
    expect(skewed.length).toBeGreaterThan(0);
    const base = copy.share.url.replace(/\/$/, '');
    for (const teamNumber of skewed) {
      const path = `/v1/teams/${teamNumber}/stats`;
      const fromService = await bodyOf(`${server.url}${path}`);
      const reply = await copy.get(path);
      expect(reply.status, path).toBe(200);
      expect(await reply.json(), path).toEqual(fromService);
      expect(reply.headers.get('pitside-synced-at'), path).toMatch(/Z$/);
      const season = (fromService as { data: { season: string } }).data.season;
      // The season asked by name is the same answer.
      expect(await bodyOf(`${base}${path}?season=${season}`, keyed()), path).toEqual(fromService);
    }
  });

  it('answer as the service does for the other teams too', async () => {
    const teams = copy.cache.reader
      .prepare<[], number>('SELECT number FROM teams ORDER BY number LIMIT 40')
      .pluck()
      .all();
    for (const teamNumber of teams) {
      const path = `/v1/teams/${teamNumber}/stats`;
      const reply = await copy.get(path);
      expect(reply.status, path).toBe(200);
      expect(await reply.json(), path).toEqual(await bodyOf(`${server.url}${path}`));
    }
  });
});

function keyed(): RequestInit {
  return { headers: { authorization: `Bearer ${copy.share.key}` } };
}
