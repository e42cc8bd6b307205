import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_NOW, type TestServer } from '../harness/server';

interface EventBody {
  data: {
    id: string;
    visibility: string;
    streamStatus: string;
    updatedAt: string;
    location: Record<string, string>;
  };
}

const springfield = {
  name: 'Springfield Open',
  season: '2026-2027',
  startDate: '2026-12-01T09:00:00+01:00',
  endDate: '2026-12-02T18:00:00Z',
  location: { city: 'Springfield', country: 'US' },
};

function client(server: TestServer) {
  const headers = (role: 'viewer' | 'organizer' | 'admin', extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${server.keys[role]}`,
    'content-type': 'application/json',
    ...extra,
  });
  return {
    create: (body: unknown, extra?: Record<string, string>) =>
      fetch(`${server.url}/v1/events`, {
        method: 'POST',
        headers: headers('organizer', extra),
        body: JSON.stringify(body),
      }),
    patch: (id: string, body: unknown, extra?: Record<string, string>) =>
      fetch(`${server.url}/v1/events/${id}`, {
        method: 'PATCH',
        headers: headers('organizer', extra),
        body: JSON.stringify(body),
      }),
    remove: (id: string, extra?: Record<string, string>) =>
      fetch(`${server.url}/v1/events/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${server.keys.admin}`, ...extra },
      }),
    get: (path: string, extra?: Record<string, string>) =>
      fetch(`${server.url}${path}`, { headers: { ...headers('viewer'), ...extra } }),
  };
}

describe('event writes', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer({ data: 'none' });
    api = client(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('stores timestamps in UTC and never gives a deleted code to a new event', async () => {
    const first = await api.create(springfield);
    expect(first.status).toBe(201);
    const created = (await first.json()) as EventBody & { data: { startDate: string } };
    expect(created.data.startDate).toBe('2026-12-01T08:00:00Z');
    expect(created.data.updatedAt).toBe(TEST_NOW);
    expect((await api.remove(created.data.id)).status).toBe(204);
    expect((await api.remove(created.data.id)).status).toBe(404);
    const second = await api.create(springfield);
    expect(second.headers.get('location')).toBe('/v1/events/2026springfieldo2');
  });

  it('lists every field it will not take, with whatever else is wrong', async () => {
    const response = await api.create({ ...springfield, status: 'live', id: 'mine', name: '' });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as {
      error: { code: string; details: { field: string }[] };
    };
    expect(error.code).toBe('field_not_writable');
    expect(error.details.map(({ field }) => field).sort()).toEqual(['id', 'name', 'status']);
    const unknown = await api.create({
      ...springfield,
      location: { ...springfield.location, x: 1 },
    });
    const unknownBody = (await unknown.json()) as { error: { details: { field: string }[] } };
    expect(unknownBody.error.details.map(({ field }) => field)).toEqual(['location.x']);
  });

  it('leaves updatedAt and the ETag alone when a patch changes nothing', async () => {
    const created = (await (await api.create(springfield)).json()) as EventBody;
    const read = await api.get(`/v1/events/${created.data.id}`);
    const etag = read.headers.get('etag') ?? '';
    const same = await api.patch(
      created.data.id,
      { streamStatus: 'none', location: { city: 'Springfield' } },
      { 'if-match': etag },
    );
    expect(same.status).toBe(200);
    expect(same.headers.get('etag')).toBe(etag);
    const cleared = await api.patch(created.data.id, { location: { venue: 'Hall' } });
    const clearedBody = (await cleared.json()) as EventBody;
    expect(clearedBody.data.location.venue).toBe('Hall');
    const back = await api.patch(created.data.id, { location: { venue: null } });
    expect(((await back.json()) as EventBody).data.location.venue).toBe('');
  });

  it('holds If-Match strongly: a weak or stale tag fails, * passes', async () => {
    const created = (await (await api.create(springfield)).json()) as EventBody;
    const etag = (await api.get(`/v1/events/${created.data.id}`)).headers.get('etag') ?? '';
    const weak = await api.patch(created.data.id, { name: 'Renamed' }, { 'if-match': `W/${etag}` });
    expect(weak.status).toBe(412);
    const star = await api.patch(created.data.id, { name: 'Renamed' }, { 'if-match': '*' });
    expect(star.status).toBe(200);
    expect((await api.remove(created.data.id, { 'if-match': etag })).status).toBe(412);
    const current = star.headers.get('etag') ?? '';
    expect((await api.remove(created.data.id, { 'if-match': current })).status).toBe(204);
  });

  it('answers 304 to a weak If-None-Match of the current body, and a changed list afterwards', async () => {
    const created = (await (await api.create(springfield)).json()) as EventBody;
    const list = await api.get('/v1/events?perPage=100');
    const etag = list.headers.get('etag') ?? '';
    expect((await api.get('/v1/events?perPage=100', { 'if-none-match': `W/${etag}` })).status).toBe(
      304,
    );
    await api.patch(created.data.id, { visibility: 'private' });
    const after = await api.get('/v1/events?perPage=100', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const ids = ((await after.json()) as { data: { id: string }[] }).data.map(({ id }) => id);
    expect(ids).not.toContain(created.data.id);
  });
});

describe('with the extensions off', () => {
  let server: TestServer;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    server = await startTestServer({ data: 'none', extensions: false });
    api = client(server);
  });

  afterAll(async () => {
    await server.close();
  });

  it('sends no ETag and ignores preconditions and idempotency keys', async () => {
    const key = { 'idempotency-key': 'same' };
    const first = await api.create(springfield, key);
    const second = await api.create(springfield, key);
    expect(first.headers.get('etag')).toBeNull();
    expect(second.headers.get('location')).toBe('/v1/events/2026springfieldo2');
    expect((await api.create(springfield, { 'idempotency-key': '' })).status).toBe(201);
    const patched = await api.patch('2026springfieldo', { name: 'Renamed' }, { 'if-match': '"x"' });
    expect(patched.status).toBe(200);
    const read = await api.get('/v1/events/2026springfieldo', { 'if-none-match': '*' });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBeNull();
  });
});
