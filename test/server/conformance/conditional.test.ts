import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  eventListItemSchema,
  eventRecordSchema,
  teamListItemSchema,
} from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, eventBody, getEvent } from './fixtures';
import {
  Api,
  expectError,
  expectList,
  expectSingle,
  type Reply,
  type RequestOptions,
} from './http';

let server: TestServer;
let api: Api;
let eventId: string;
let teamNumber: number;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  api = new Api(server);
  eventId = expectList(await api.get('/v1/events', { as: 'viewer' }), eventListItemSchema).data[0]!
    .id;
  teamNumber = expectList(await api.get('/v1/teams'), teamListItemSchema).data[0]!.number;
});

afterAll(async () => {
  await server.close();
});

/** A strong entity tag: a quoted string, not `W/`. */
function strongEtag(reply: Reply): string {
  const etag = reply.headers.get('etag');
  expect(etag, `ETag on ${reply.status}`).not.toBeNull();
  expect(etag).toMatch(/^"[\x21\x23-\x7e]*"$/);
  return etag!;
}

const GETS = [
  '/v1/events',
  '/v1/events?season=2025-2026&perPage=5',
  '/v1/events/:eventId',
  '/v1/events/:eventId/teams',
  '/v1/events/:eventId/matches',
  '/v1/events/:eventId/clips',
  '/v1/teams',
  '/v1/teams/:teamNumber',
  '/v1/teams/:teamNumber/events',
  '/v1/teams/:teamNumber/matches',
  '/v1/teams/:teamNumber/clips',
  '/v1/teams/:teamNumber/stats',
];

describe.each(GETS)('GET %s', (template) => {
  const path = () =>
    template.replace(':eventId', eventId).replace(':teamNumber', String(teamNumber));
  const viewer: RequestOptions = { as: 'viewer' };

  test('carries an ETag and answers 304 without a body to a matching If-None-Match', async () => {
    const first = await api.get(path(), viewer);
    expect(first.status).toBe(200);
    const etag = strongEtag(first);
    const again = await api.get(path(), viewer);
    expect(again.headers.get('etag')).toBe(etag);
    const cached = await api.get(path(), { ...viewer, headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
  });

  test('answers 304 when one of several If-None-Match tags matches', async () => {
    const etag = strongEtag(await api.get(path(), viewer));
    const listed = await api.get(path(), {
      ...viewer,
      headers: { 'if-none-match': `"nope", ${etag}` },
    });
    expect(listed.status).toBe(304);
  });

  test('answers 304 to If-None-Match: * (RFC 9110)', async () => {
    const reply = await api.get(path(), { ...viewer, headers: { 'if-none-match': '*' } });
    expect(reply.status).toBe(304);
    expect(reply.text).toBe('');
  });

  test('answers 200 with the body to a different If-None-Match', async () => {
    const reply = await api.get(path(), {
      ...viewer,
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBeDefined();
  });
});

describe('the ETag of an event', () => {
  test('POST and PATCH answers carry the ETag a GET then gives', async () => {
    const post = await api.post('/v1/events', eventBody(), { as: 'organizer' });
    const created = expectSingle(post, eventRecordSchema, 201);
    const postTag = strongEtag(post);
    expect(strongEtag(await api.get(`/v1/events/${created.id}`, { as: 'organizer' }))).toBe(
      postTag,
    );
    const patch = await api.patch(
      `/v1/events/${created.id}`,
      { name: 'Tagged Anew' },
      { as: 'organizer' },
    );
    const patchTag = strongEtag(patch);
    expect(patchTag).not.toBe(postTag);
    expect(strongEtag(await api.get(`/v1/events/${created.id}`, { as: 'organizer' }))).toBe(
      patchTag,
    );
  });

  test('changes with the event, so an old If-None-Match gets the new body', async () => {
    const event = await createEvent(api);
    const path = `/v1/events/${event.id}`;
    const etag = strongEtag(await api.get(path, { as: 'viewer' }));
    await api.patch(path, { location: { venue: 'Moved Hall' } }, { as: 'organizer' });
    const reply = await api.get(path, { as: 'viewer', headers: { 'if-none-match': etag } });
    expect(reply.status).toBe(200);
    expect(strongEtag(reply)).not.toBe(etag);
    expect(expectSingle(reply, eventRecordSchema).location.venue).toBe('Moved Hall');
  });

  test('a list ETag changes when a new event joins the list', async () => {
    const etag = strongEtag(await api.get('/v1/events?perPage=100&page=1', { as: 'viewer' }));
    const total = expectList(
      await api.get('/v1/events?perPage=1', { as: 'viewer' }),
      eventListItemSchema,
    ).meta.total;
    await createEvent(api, {
      startDate: '2020-01-01T00:00:00Z',
      endDate: '2020-01-02T00:00:00Z',
      season: '2019-2020',
    });
    const reply = await api.get('/v1/events?perPage=100&page=1', {
      as: 'viewer',
      headers: { 'if-none-match': etag },
    });
    expect(reply.status).toBe(200);
    expect(expectList(reply, eventListItemSchema).meta.total).toBe(total + 1);
  });

  test('lists that differ by role do not share an ETag', async () => {
    await createEvent(api, { visibility: 'private' });
    const viewerTag = strongEtag(await api.get('/v1/events?perPage=100', { as: 'viewer' }));
    const reply = await api.get('/v1/events?perPage=100', {
      as: 'organizer',
      headers: { 'if-none-match': viewerTag },
    });
    expect(reply.status).toBe(200);
  });
});

describe('If-Match', () => {
  test('a mismatch on PATCH → 412 precondition_failed and nothing changes', async () => {
    const event = await createEvent(api);
    const reply = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'Not Applied' },
      {
        as: 'organizer',
        headers: { 'if-match': '"stale"' },
      },
    );
    expectError(reply, 412, 'precondition_failed');
    expect(await getEvent(api, event.id)).toEqual(event);
  });

  test('a stale ETag on PATCH → 412 once the event changed', async () => {
    const post = await api.post('/v1/events', eventBody(), { as: 'organizer' });
    const event = expectSingle(post, eventRecordSchema, 201);
    const stale = strongEtag(post);
    const changed = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'First Change' },
      { as: 'organizer', headers: { 'if-match': stale } },
    );
    expect(changed.status).toBe(200);
    const current = await getEvent(api, event.id);
    const refused = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'Second Change' },
      { as: 'organizer', headers: { 'if-match': stale } },
    );
    expectError(refused, 412, 'precondition_failed');
    expect(await getEvent(api, event.id)).toEqual(current);
    const fresh = strongEtag(changed);
    const applied = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'Second Change' },
      { as: 'organizer', headers: { 'if-match': fresh } },
    );
    expect(expectSingle(applied, eventRecordSchema).name).toBe('Second Change');
  });

  test('a mismatch on DELETE → 412 and the event stays; a match deletes it', async () => {
    const event = await createEvent(api);
    const path = `/v1/events/${event.id}`;
    expectError(
      await api.delete(path, { as: 'admin', headers: { 'if-match': '"stale"' } }),
      412,
      'precondition_failed',
    );
    expect(await getEvent(api, event.id)).toEqual(event);
    const etag = strongEtag(await api.get(path, { as: 'admin' }));
    expect((await api.delete(path, { as: 'admin', headers: { 'if-match': etag } })).status).toBe(
      204,
    );
    expectError(await api.get(path, { as: 'admin' }), 404, 'not_found');
  });

  test('If-Match: * matches any current event (RFC 9110)', async () => {
    const event = await createEvent(api);
    const headers = { 'if-match': '*' };
    const reply = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'Star Matched' },
      { as: 'organizer', headers },
    );
    expect(expectSingle(reply, eventRecordSchema).name).toBe('Star Matched');
    expect((await api.delete(`/v1/events/${event.id}`, { as: 'admin', headers })).status).toBe(204);
  });

  test('without If-Match, PATCH and DELETE go ahead', async () => {
    const event = await createEvent(api);
    expect(
      (await api.patch(`/v1/events/${event.id}`, { name: 'Unconditional' }, { as: 'organizer' }))
        .status,
    ).toBe(200);
    expect((await api.delete(`/v1/events/${event.id}`, { as: 'admin' })).status).toBe(204);
  });
});
