import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  clipRecordSchema,
  eventListItemSchema,
  matchRecordSchema,
  teamListItemSchema,
} from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import { isTeamInMatch, loadDemoIndex } from './fixtures';
import { Api, expectError, expectList, listAll } from './http';
import { startReadTarget } from './target';

let server: TestServer;
let api: Api;
const paths = new Map<string, string>();

const ENDPOINTS: { name: string; item: z.ZodType }[] = [
  { name: '/v1/events', item: eventListItemSchema },
  { name: '/v1/events/:eventId/teams', item: teamListItemSchema },
  { name: '/v1/events/:eventId/matches', item: matchRecordSchema },
  { name: '/v1/events/:eventId/clips', item: clipRecordSchema },
  { name: '/v1/teams', item: teamListItemSchema },
  { name: '/v1/teams/:teamNumber/events', item: eventListItemSchema },
  { name: '/v1/teams/:teamNumber/matches', item: matchRecordSchema },
  { name: '/v1/teams/:teamNumber/clips', item: clipRecordSchema },
];

function argmax<Item>(items: Item[], score: (item: Item) => number): Item {
  return items.reduce((best, item) => (score(item) > score(best) ? item : best));
}

beforeAll(async () => {
  server = await startReadTarget({ data: 'demo' });
  api = new Api(server);
  const demo = await loadDemoIndex(api);
  const count = <Item>(items: Item[], keep: (item: Item) => boolean) => items.filter(keep).length;
  const teamsEvent = argmax(demo.events, (event) => event.teamCount);
  const matchesEvent = argmax(demo.events, (event) =>
    count(demo.matches, (match) => match.eventId === event.id),
  );
  const clipsEvent = argmax(demo.events, (event) => event.clipCount);
  const numbers = demo.teams.map((team) => team.number);
  const eventsTeam = argmax(numbers, (team) =>
    count(demo.events, (event) => demo.registrations.get(event.id)?.includes(team) ?? false),
  );
  const matchesTeam = argmax(numbers, (team) =>
    count(demo.matches, (match) => isTeamInMatch(match, team)),
  );
  const clipsTeam = argmax(numbers, (team) =>
    count(demo.clips, (clip) => clip.teamNumbers.includes(team)),
  );
  paths.set('/v1/events', '/v1/events');
  paths.set('/v1/events/:eventId/teams', `/v1/events/${teamsEvent.id}/teams`);
  paths.set('/v1/events/:eventId/matches', `/v1/events/${matchesEvent.id}/matches`);
  paths.set('/v1/events/:eventId/clips', `/v1/events/${clipsEvent.id}/clips`);
  paths.set('/v1/teams', '/v1/teams');
  paths.set('/v1/teams/:teamNumber/events', `/v1/teams/${eventsTeam}/events`);
  paths.set('/v1/teams/:teamNumber/matches', `/v1/teams/${matchesTeam}/matches`);
  paths.set('/v1/teams/:teamNumber/clips', `/v1/teams/${clipsTeam}/clips`);
});

afterAll(async () => {
  await server.close();
});

const as = 'organizer';

describe.each(ENDPOINTS)('$name', ({ name, item }) => {
  const path = () => paths.get(name)!;

  async function total(): Promise<number> {
    return expectList(await api.get(`${path()}?perPage=1`, { as }), item).meta.total;
  }

  test('defaults to page 1 of 25', async () => {
    const all = await total();
    expect(all, 'enough records to page through').toBeGreaterThan(3);
    const list = expectList(await api.get(path(), { as }), item);
    expect(list.meta).toEqual({ page: 1, perPage: 25, total: all });
    expect(list.data.length).toBe(Math.min(25, all));
  });

  test.each(['101', '100000', '99999999999999999999'])(
    'perPage=%s is clamped to 100',
    async (perPage) => {
      const all = await total();
      const list = expectList(await api.get(`${path()}?perPage=${perPage}`, { as }), item);
      expect(list.meta).toEqual({ page: 1, perPage: 100, total: all });
      expect(list.data.length).toBe(Math.min(100, all));
    },
  );

  test('a page past the end is empty and keeps the true total', async () => {
    const all = await total();
    const lastPage = Math.ceil(all / 2);
    const last = expectList(await api.get(`${path()}?perPage=2&page=${lastPage}`, { as }), item);
    expect(last.data.length).toBe(all - (lastPage - 1) * 2);
    for (const page of [lastPage + 1, 100_000]) {
      const list = expectList(await api.get(`${path()}?perPage=2&page=${page}`, { as }), item);
      expect(list.data).toEqual([]);
      expect(list.meta).toEqual({ page, perPage: 2, total: all });
    }
  });

  test.each(['0', '-1', '1.5', 'abc', '', '1&page=2', '2&page=2'])(
    'page=%s → 400 invalid_request',
    async (page) => {
      expectError(await api.get(`${path()}?page=${page}`, { as }), 400, 'invalid_request');
    },
  );

  test.each(['0', '-1', '1.5', 'abc', '', '5&perPage=6', '25&perPage=25'])(
    'perPage=%s → 400 invalid_request',
    async (perPage) => {
      expectError(await api.get(`${path()}?perPage=${perPage}`, { as }), 400, 'invalid_request');
    },
  );

  test('a huge page number does not break the service', async () => {
    const all = await total();
    const reply = await api.get(`${path()}?page=99999999999999999999`, { as });
    if (reply.status === 200) {
      const list = expectList(reply, item);
      expect(list.data).toEqual([]);
      expect(list.meta.total).toBe(all);
    } else {
      expectError(reply, 400, 'invalid_request');
    }
  });

  test('walking small pages yields every record once, in the order of one big page', async () => {
    const everything = await listAll(api, path(), item, { as });
    const perPage = Math.max(2, Math.ceil(everything.length / 9));
    const walked: unknown[] = [];
    for (let page = 1; walked.length < everything.length + perPage; page += 1) {
      const list = expectList(
        await api.get(`${path()}?page=${page}&perPage=${perPage}`, { as }),
        item,
      );
      expect(list.meta).toEqual({ page, perPage, total: everything.length });
      if (list.data.length === 0) break;
      walked.push(...list.data);
    }
    expect(walked).toEqual(everything);
    expect(new Set(walked.map((entry) => JSON.stringify(entry))).size).toBe(walked.length);
  });
});
