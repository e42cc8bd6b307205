import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  clipRecordSchema,
  eventListItemSchema,
  matchRecordSchema,
  teamListItemSchema,
  teamRecordSchema,
  type TeamRecord,
} from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import {
  createEvent,
  eventTotal,
  getEvent,
  isTeamInMatch,
  startDemoService,
  type DemoIndex,
} from './fixtures';
import type { Api } from './http';
import { expectError, expectSingle, listAll } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => ({ server, api, demo } = await startDemoService()));
afterAll(() => server.close());

async function team(number: number): Promise<TeamRecord> {
  return expectSingle(await api.get(`/v1/teams/${number}`), teamRecordSchema);
}

test('a new event: 204 with an empty body, then 404 on GET and on a second DELETE', async () => {
  const event = await createEvent(api);
  const total = await eventTotal(api);
  const reply = await api.delete(`/v1/events/${event.id}`, { as: 'admin' });
  expect(reply.status).toBe(204);
  expect(reply.text).toBe('');
  expect(await eventTotal(api)).toBe(total - 1);
  expectError(await api.get(`/v1/events/${event.id}`, { as: 'admin' }), 404, 'not_found');
  expectError(await api.delete(`/v1/events/${event.id}`, { as: 'admin' }), 404, 'not_found');
  expectError(
    await api.patch(`/v1/events/${event.id}`, { name: 'Ghost' }, { as: 'admin' }),
    404,
    'not_found',
  );
});

test('a private event can be deleted by an admin', async () => {
  const event = await createEvent(api, { visibility: 'private' });
  expect((await api.delete(`/v1/events/${event.id}`, { as: 'admin' })).status).toBe(204);
  expectError(await api.get(`/v1/events/${event.id}`, { as: 'admin' }), 404, 'not_found');
});

describe('a demo event with teams, matches and clips', () => {
  let deletedId = '';

  test('takes its matches, clips and registrations along; teams stay', async () => {
    const candidates = demo.events
      .filter((event) => event.visibility !== 'private' && event.clipCount > 0)
      .filter((event) => demo.matches.some((match) => match.eventId === event.id))
      .sort((a, b) => b.clipCount - a.clipCount);
    const event = candidates[0];
    expect(event, 'the demo data has a non-private event with matches and clips').toBeDefined();
    const eventId = event!.id;
    deletedId = eventId;
    const registered = demo.registrations.get(eventId) ?? [];
    expect(registered.length).toBe(event!.teamCount);
    const featured = (number: number) =>
      demo.clips.filter((clip) => clip.eventId === eventId && clip.teamNumbers.includes(number))
        .length;
    const teamNumber = [...registered].sort((a, b) => featured(b) - featured(a))[0]!;
    const matchesHere = demo.matches.filter(
      (match) => match.eventId === eventId && isTeamInMatch(match, teamNumber),
    ).length;
    const clipsHere = featured(teamNumber);
    expect(matchesHere).toBeGreaterThan(0);

    const before = await team(teamNumber);
    const teamTotal = (await listAll(api, '/v1/teams', teamListItemSchema)).length;
    const eventsBefore = await eventTotal(api);

    const reply = await api.delete(`/v1/events/${eventId}`, { as: 'admin' });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');

    for (const suffix of ['', '/teams', '/matches', '/clips']) {
      expectError(
        await api.get(`/v1/events/${eventId}${suffix}`, { as: 'organizer' }),
        404,
        'not_found',
      );
    }
    expectError(await api.delete(`/v1/events/${eventId}`, { as: 'admin' }), 404, 'not_found');
    expect(await eventTotal(api)).toBe(eventsBefore - 1);
    const listed = await listAll(api, '/v1/events', eventListItemSchema, { as: 'organizer' });
    expect(listed.map((item) => item.id)).not.toContain(eventId);

    const base = `/v1/teams/${teamNumber}`;
    const teamEvents = await listAll(api, `${base}/events`, eventListItemSchema, {
      as: 'organizer',
    });
    expect(teamEvents.map((item) => item.id)).not.toContain(eventId);
    const teamMatches = await listAll(api, `${base}/matches`, matchRecordSchema, {
      as: 'organizer',
    });
    expect(teamMatches.filter((match) => match.eventId === eventId)).toEqual([]);
    const teamClips = await listAll(api, `${base}/clips`, clipRecordSchema, { as: 'organizer' });
    expect(teamClips.filter((clip) => clip.eventId === eventId)).toEqual([]);
    const filtered = await api.get(`${base}/matches?eventId=${eventId}`, { as: 'organizer' });
    expect((filtered.body as { meta: { total: number } }).meta.total).toBe(0);

    const after = await team(teamNumber);
    expect(after).toEqual({
      ...before,
      stats: {
        eventCount: before.stats.eventCount - 1,
        matchCount: before.stats.matchCount - matchesHere,
        clipCount: before.stats.clipCount - clipsHere,
      },
    });
    const teams = await listAll(api, '/v1/teams', teamListItemSchema);
    expect(teams.length).toBe(teamTotal);
    expect(teams.find((item) => item.number === teamNumber)?.clipCount).toBe(after.stats.clipCount);
    for (const number of registered) {
      expect((await api.get(`/v1/teams/${number}`)).status).toBe(200);
    }
  });

  test('other events keep their own data', async () => {
    expect(deletedId).not.toBe('');
    const others = demo.events.filter((event) => event.id !== deletedId && event.teamCount > 0);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others.slice(0, 5)) {
      const base = `/v1/events/${other.id}`;
      const teams = await listAll(api, `${base}/teams`, teamListItemSchema, { as: 'organizer' });
      expect(teams.map((item) => item.number)).toEqual(demo.registrations.get(other.id));
      const matches = await listAll(api, `${base}/matches`, matchRecordSchema, { as: 'organizer' });
      expect(matches).toEqual(demo.matches.filter((match) => match.eventId === other.id));
      expect(await getEvent(api, other.id)).toEqual(other);
    }
  });
});
