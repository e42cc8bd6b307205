import { describe, expect, test } from 'vitest';
import {
  eventListItemSchema,
  matchRecordSchema,
  teamListItemSchema,
} from '../../../src/shared/wire';
import { SIZE_PLANS, type DemoSize } from '../../../src/server/demo/sizes';
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

/*
 * The whole data set of one size, read over HTTP. The large one takes minutes to build and read
 * on this machine, so a suite run reads the demo one; PITSIDE_CONFORMANCE_SIZE=large reads that.
 */
const SIZE = (process.env.PITSIDE_CONFORMANCE_SIZE ?? 'demo') as DemoSize;
if (!Object.hasOwn(SIZE_PLANS, SIZE)) {
  throw new Error(`PITSIDE_CONFORMANCE_SIZE must be demo or large, not ${SIZE}`);
}
console.log(`conformance data: the ${SIZE} data set (PITSIDE_CONFORMANCE_SIZE)`);
const PLAN = SIZE_PLANS[SIZE];
/** Matches follow from the events' team counts: about 50 an event, 100,000 for 2,000 events. */
const MATCHES = PLAN.events * 50;
/** "About" a count: within a quarter of it either way. */
const low = (count: number) => count * 0.75;
const high = (count: number) => count * 1.25;

describe(SIZE, () => {
  test(
    `about ${PLAN.events} events, ${PLAN.teams} teams, ${MATCHES} matches and ${PLAN.clips} clips`,
    { timeout: 120_000 },
    async () => {
      const server = await startTestServer({ data: SIZE });
      try {
        const api = new Api(server);
        const events = await listAll(api, '/v1/events', eventListItemSchema, { as: 'organizer' });
        expect(events.length).toBeGreaterThanOrEqual(low(PLAN.events));
        expect(events.length).toBeLessThanOrEqual(high(PLAN.events));
        const teams = expectList(await api.get('/v1/teams?perPage=1'), teamListItemSchema).meta
          .total;
        expect(teams).toBeGreaterThanOrEqual(low(PLAN.teams));
        expect(teams).toBeLessThanOrEqual(high(PLAN.teams));
        const clips = events.reduce((sum, event) => sum + event.clipCount, 0);
        expect(clips).toBeGreaterThanOrEqual(low(PLAN.clips));
        expect(clips).toBeLessThanOrEqual(high(PLAN.clips));
        // Every tenth event's matches, scaled up: an estimate is enough for "about".
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
        expect(matches).toBeGreaterThanOrEqual(low(MATCHES));
        expect(matches).toBeLessThanOrEqual(high(MATCHES));
      } finally {
        await server.close();
      }
    },
  );
});
