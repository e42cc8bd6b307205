import { describe, expect, test } from 'vitest';
import {
  eventListItemSchema,
  matchRecordSchema,
  teamListItemSchema,
} from '../../../src/shared/wire';
import { startTestServer } from '../../harness/server';
import { loadDemoIndex } from './fixtures';
import { Api, expectList, listAll } from './http';

async function snapshot(seed: number): Promise<unknown> {
  const server = await startTestServer({ data: 'demo', seed });
  try {
    const api = new Api(server);
    return await loadDemoIndex(api).then((demo) => ({
      ...demo,
      registrations: [...demo.registrations],
    }));
  } finally {
    await server.close();
  }
}

describe('demo', () => {
  test('3 seasons, about 60 events and 600 teams, with matches and clips', async () => {
    const server = await startTestServer({ data: 'demo' });
    try {
      const demo = await loadDemoIndex(new Api(server));
      expect(new Set(demo.events.map((event) => event.season)).size).toBe(3);
      expect(demo.events.length).toBeGreaterThanOrEqual(45);
      expect(demo.events.length).toBeLessThanOrEqual(75);
      expect(demo.teams.length).toBeGreaterThanOrEqual(450);
      expect(demo.teams.length).toBeLessThanOrEqual(750);
      expect(demo.matches.filter((match) => match.status === 'played').length).toBeGreaterThan(0);
      expect(demo.clips.length).toBeGreaterThan(0);
      expect([...demo.registrations.values()].flat().length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  test('is deterministic for a seed and differs between seeds', async () => {
    const [first, again, other] = await Promise.all([snapshot(7), snapshot(7), snapshot(8)]);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });
});

describe('large', () => {
  test(
    'about 2,000 events, 10,000 teams, 100,000 matches and 30,000 clips',
    { timeout: 120_000 },
    async () => {
      const server = await startTestServer({ data: 'large' });
      try {
        const api = new Api(server);
        const events = await listAll(api, '/v1/events', eventListItemSchema, { as: 'organizer' });
        expect(events.length).toBeGreaterThanOrEqual(1_500);
        expect(events.length).toBeLessThanOrEqual(2_500);
        const teams = expectList(await api.get('/v1/teams?perPage=1'), teamListItemSchema).meta
          .total;
        expect(teams).toBeGreaterThanOrEqual(7_500);
        expect(teams).toBeLessThanOrEqual(12_500);
        const clips = events.reduce((sum, event) => sum + event.clipCount, 0);
        expect(clips).toBeGreaterThanOrEqual(22_500);
        expect(clips).toBeLessThanOrEqual(37_500);
        // Every tenth event's matches, scaled up: an estimate is enough for "about 100,000".
        const sampled = events.filter((_, index) => index % 10 === 0);
        const totals = await Promise.all(
          sampled.map(async (event) => {
            const reply = await api.get(`/v1/events/${event.id}/matches?perPage=1`, {
              as: 'organizer',
            });
            return expectList(reply, matchRecordSchema).meta.total;
          }),
        );
        const matches =
          (totals.reduce((sum, total) => sum + total, 0) * events.length) / sampled.length;
        expect(matches).toBeGreaterThanOrEqual(75_000);
        expect(matches).toBeLessThanOrEqual(125_000);
      } finally {
        await server.close();
      }
    },
  );
});
