import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  eventRecordSchema,
  teamListItemSchema,
  teamSeasonStatsSchema,
} from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import {
  createEvent,
  eventBody,
  eventTotal,
  getEvent,
  isTeamInMatch,
  loadDemoIndex,
  publicEvent,
  type DemoIndex,
} from './fixtures';
import { Api, expectList, expectSingle } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo', extensions: false });
  api = new Api(server);
  demo = await loadDemoIndex(api);
});

afterAll(async () => {
  await server.close();
});

describe('no ETag anywhere', () => {
  test('on every GET', async () => {
    const eventId = publicEvent(demo).id;
    const teamNumber = demo.teams[0]!.number;
    const paths = [
      '/v1/events',
      `/v1/events/${eventId}`,
      `/v1/events/${eventId}/teams`,
      `/v1/events/${eventId}/matches`,
      `/v1/events/${eventId}/clips`,
      '/v1/teams',
      `/v1/teams/${teamNumber}`,
      `/v1/teams/${teamNumber}/events`,
      `/v1/teams/${teamNumber}/matches`,
      `/v1/teams/${teamNumber}/clips`,
      `/v1/teams/${teamNumber}/stats`,
    ];
    for (const path of paths) {
      const reply = await api.get(path, { as: 'viewer' });
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('etag'), path).toBeNull();
    }
  });

  test('on POST and PATCH answers', async () => {
    const post = await api.post('/v1/events', eventBody(), { as: 'organizer' });
    const event = expectSingle(post, eventRecordSchema, 201);
    expect(post.headers.get('etag')).toBeNull();
    const patch = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'No Tag' },
      { as: 'organizer' },
    );
    expect(patch.status).toBe(200);
    expect(patch.headers.get('etag')).toBeNull();
  });
});

test('If-None-Match is ignored', async () => {
  const event = publicEvent(demo);
  for (const tag of ['*', '"anything"']) {
    const reply = await api.get(`/v1/events/${event.id}`, {
      as: 'viewer',
      headers: { 'if-none-match': tag },
    });
    expect(expectSingle(reply, eventRecordSchema).id).toBe(event.id);
    const list = await api.get('/v1/teams', { headers: { 'if-none-match': tag } });
    expectList(list, teamListItemSchema);
  }
});

test('If-Match is ignored on PATCH and DELETE', async () => {
  const event = await createEvent(api);
  const headers = { 'if-match': '"stale"' };
  const patch = await api.patch(
    `/v1/events/${event.id}`,
    { name: 'Applied Anyway' },
    { as: 'organizer', headers },
  );
  expect(expectSingle(patch, eventRecordSchema).name).toBe('Applied Anyway');
  expect((await getEvent(api, event.id)).name).toBe('Applied Anyway');
  expect((await api.delete(`/v1/events/${event.id}`, { as: 'admin', headers })).status).toBe(204);
});

test('Idempotency-Key is ignored: two POSTs create two events', async () => {
  const headers = { 'idempotency-key': 'same-key-twice' };
  const body = eventBody();
  const before = await eventTotal(api);
  const first = expectSingle(
    await api.post('/v1/events', body, { as: 'organizer', headers }),
    eventRecordSchema,
    201,
  );
  const second = expectSingle(
    await api.post('/v1/events', body, { as: 'organizer', headers }),
    eventRecordSchema,
    201,
  );
  expect(second.id).not.toBe(first.id);
  const third = await api.post('/v1/events', eventBody(), { as: 'organizer', headers });
  expect(third.status).toBe(201);
  expect(await eventTotal(api)).toBe(before + 3);
});

test('?season= on stats is ignored: the latest season is answered', async () => {
  const seasons = [...new Set(demo.events.map((event) => event.season))].sort();
  const team = demo.teams.find((item) => {
    const played = demo.matches.filter(
      (match) => match.status === 'played' && isTeamInMatch(match, item.number),
    );
    return (
      new Set(
        played.map((match) => demo.events.find((event) => event.id === match.eventId)!.season),
      ).size >= 2
    );
  });
  expect(team, 'a team that played in two seasons').toBeDefined();
  const path = `/v1/teams/${team!.number}/stats`;
  const latest = expectSingle(await api.get(path), teamSeasonStatsSchema);
  for (const season of seasons) {
    expect(expectSingle(await api.get(`${path}?season=${season}`), teamSeasonStatsSchema)).toEqual(
      latest,
    );
  }
  expect(seasons.filter((season) => season !== latest.season).length).toBeGreaterThan(0);
});
