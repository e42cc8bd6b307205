import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventListItemSchema, teamListItemSchema } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, eventBody, getEvent } from './fixtures';
import { Api, detailFields, expectError, expectList, listAll, unknownKey } from './http';

let server: TestServer;
let api: Api;
let eventId: string;
let teamNumber: number;
let missingTeam: number;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  api = new Api(server);
  eventId = expectList(await api.get('/v1/events', { as: 'viewer' }), eventListItemSchema).data[0]!
    .id;
  const teams = await listAll(api, '/v1/teams', teamListItemSchema);
  teamNumber = teams[0]!.number;
  const numbers = new Set(teams.map((team) => team.number));
  missingTeam = 99_999;
  while (numbers.has(missingTeam)) missingTeam -= 1;
});

afterAll(async () => {
  await server.close();
});

describe('400 invalid_request', () => {
  test('malformed JSON', async () => {
    const reply = await api.request('POST', '/v1/events', { as: 'organizer', body: '{"name": ' });
    expect(expectError(reply, 400, 'invalid_request').details).toBeUndefined();
  });

  test('an unknown enum value in a query parameter', async () => {
    expectError(await api.get('/v1/events?status=soon', { as: 'viewer' }), 400, 'invalid_request');
  });

  test('a query parameter of the wrong type', async () => {
    expectError(
      await api.get(`/v1/events/${eventId}/clips?teamNumber=abc`, { as: 'viewer' }),
      400,
      'invalid_request',
    );
  });

  test('page below 1', async () => {
    expectError(await api.get('/v1/teams?page=0'), 400, 'invalid_request');
  });
});

describe('401 unauthorized', () => {
  test('missing key on an event endpoint, with WWW-Authenticate: Bearer and no details', async () => {
    const error = expectError(await api.get('/v1/events'), 401, 'unauthorized');
    expect(error.details).toBeUndefined();
  });

  test('unknown key on a team endpoint', async () => {
    expectError(
      await api.get(`/v1/teams/${teamNumber}`, { key: unknownKey() }),
      401,
      'unauthorized',
    );
  });
});

describe('403 forbidden', () => {
  test('a viewer creating an event', async () => {
    const error = expectError(
      await api.post('/v1/events', eventBody(), { as: 'viewer' }),
      403,
      'forbidden',
    );
    expect(error.details).toBeUndefined();
  });

  test('an organizer deleting an event', async () => {
    expectError(await api.delete(`/v1/events/${eventId}`, { as: 'organizer' }), 403, 'forbidden');
  });
});

describe('404 not_found', () => {
  const viewer = { as: 'viewer' as const };

  test.each([
    ['GET', '/v1/events/2026nosuchevent'],
    ['GET', '/v1/events/2026nosuchevent/teams'],
    ['GET', '/v1/events/2026nosuchevent/matches'],
    ['GET', '/v1/events/2026nosuchevent/clips'],
  ])('unknown event: %s %s', async (method, path) => {
    const error = expectError(await api.request(method, path, viewer), 404, 'not_found');
    expect(error.details).toBeUndefined();
  });

  test('unknown event on PATCH and DELETE', async () => {
    expectError(
      await api.patch('/v1/events/2026nosuchevent', { name: 'x' }, { as: 'admin' }),
      404,
      'not_found',
    );
    expectError(await api.delete('/v1/events/2026nosuchevent', { as: 'admin' }), 404, 'not_found');
  });

  test.each(['', '/events', '/matches', '/clips', '/stats'])(
    'unknown team: /v1/teams/<n>%s',
    async (suffix) => {
      expectError(await api.get(`/v1/teams/${missingTeam}${suffix}`), 404, 'not_found');
    },
  );

  test.each([
    '/',
    '/v1',
    '/v1/',
    '/v1/nothing',
    '/events',
    '/teams',
    '/v2/events',
    '/v2/teams',
    '/v2/teams/1',
    '/v0/events',
    '/v1/events/x/nothing',
  ])('unknown route GET %s', async (path) => {
    expectError(await api.get(path, viewer), 404, 'not_found');
  });

  test.each(['/v2/events', '/v2/teams', '/nothing', '/v1/nothing'])(
    'unknown route %s without a key is 404, not 401',
    async (path) => {
      expectError(await api.get(path), 404, 'not_found');
    },
  );

  test.each([
    ['PUT', '/v1/events/:eventId'],
    ['POST', '/v1/events/:eventId'],
    ['POST', '/v1/teams'],
    ['PATCH', '/v1/teams/:teamNumber'],
    ['DELETE', '/v1/teams/:teamNumber'],
    ['DELETE', '/v1/events'],
  ])('no such method/route pair: %s %s', async (method, template) => {
    const path = template.replace(':eventId', eventId).replace(':teamNumber', String(teamNumber));
    expectError(await api.request(method, path, { as: 'admin', json: {} }), 404, 'not_found');
  });
});

describe('409', () => {
  test('invalid_transition', async () => {
    const event = await createEvent(api);
    expectError(
      await api.patch(`/v1/events/${event.id}`, { streamStatus: 'live' }, { as: 'organizer' }),
      409,
      'invalid_transition',
    );
  });

  test('idempotency_conflict', async () => {
    const headers = { 'idempotency-key': `errors-${unknownKey()}` };
    const first = await api.post('/v1/events', eventBody(), { as: 'organizer', headers });
    expect(first.status).toBe(201);
    expectError(
      await api.post('/v1/events', eventBody(), { as: 'organizer', headers }),
      409,
      'idempotency_conflict',
    );
  });
});

test('412 precondition_failed', async () => {
  const event = await createEvent(api);
  const reply = await api.patch(
    `/v1/events/${event.id}`,
    { name: 'Changed' },
    {
      as: 'organizer',
      headers: { 'if-match': '"not-the-current-etag"' },
    },
  );
  expectError(reply, 412, 'precondition_failed');
  expect((await getEvent(api, event.id)).name).toBe(event.name);
});

test('413 payload_too_large', async () => {
  const body = JSON.stringify(eventBody({ name: 'x'.repeat(70 * 1024) }));
  const reply = await api.request('POST', '/v1/events', { as: 'organizer', body });
  expectError(reply, 413, 'payload_too_large');
});

test('415 unsupported_media_type', async () => {
  const reply = await api.request('POST', '/v1/events', {
    as: 'organizer',
    body: JSON.stringify(eventBody()),
    contentType: 'text/plain',
  });
  expectError(reply, 415, 'unsupported_media_type');
});

describe('422', () => {
  test('validation_failed lists each field at fault by its dotted path', async () => {
    const body = eventBody({ name: '', location: { venue: 'Hall', country: 7 } });
    const error = expectError(
      await api.post('/v1/events', body, { as: 'organizer' }),
      422,
      'validation_failed',
    );
    expect(detailFields(error)).toEqual(
      expect.arrayContaining(['name', 'location.city', 'location.country']),
    );
    expect(detailFields(error)).not.toContain('location.venue');
  });

  test('field_not_writable names the field', async () => {
    const body = eventBody({ status: 'live' });
    const error = expectError(
      await api.post('/v1/events', body, { as: 'organizer' }),
      422,
      'field_not_writable',
    );
    expect(detailFields(error)).toContain('status');
  });
});
