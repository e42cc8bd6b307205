import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
});

afterAll(async () => {
  await server.close();
});

function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

async function errorCode(response: Response): Promise<string> {
  const body = (await response.json()) as { error: { code: string } };
  return body.error.code;
}

describe('access control runs before the body is read', () => {
  it('answers 401 with WWW-Authenticate before judging the media type or size', async () => {
    const wrongType = await fetch(`${server.url}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(401);
    expect(wrongType.headers.get('www-authenticate')).toBe('Bearer');
    const oversized = await fetch(`${server.url}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer('not-a-key') },
      body: JSON.stringify({ name: 'x'.repeat(70_000) }),
    });
    expect(oversized.status).toBe(401);
  });

  it('answers 403 to a viewer before validating what it sent', async () => {
    const response = await fetch(`${server.url}/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(server.keys.viewer) },
      body: '{not json',
    });
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('forbidden');
  });

  it('lets organizers write but only admins delete', async () => {
    const response = await fetch(`${server.url}/v1/events/2030nothing`, {
      method: 'DELETE',
      headers: bearer(server.keys.organizer),
    });
    expect(response.status).toBe(403);
    const admin = await fetch(`${server.url}/v1/events/2030nothing`, {
      method: 'DELETE',
      headers: bearer(server.keys.admin),
    });
    expect(admin.status).toBe(404);
  });

  it('needs no key on teams but refuses a key it does not know, or a header it cannot read', async () => {
    expect((await fetch(`${server.url}/v1/teams`)).status).toBe(200);
    expect(
      (await fetch(`${server.url}/v1/teams`, { headers: bearer(server.keys.viewer) })).status,
    ).toBe(200);
    const unknown = await fetch(`${server.url}/v1/teams`, { headers: bearer('guess') });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer');
    const basic = await fetch(`${server.url}/v1/teams`, {
      headers: { authorization: 'Basic eDp5' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 404 on unknown paths whatever key comes along', async () => {
    const response = await fetch(`${server.url}/v2/events`, { headers: bearer('guess') });
    expect(response.status).toBe(404);
    expect(await errorCode(response)).toBe('not_found');
  });

  it('answers HEAD like GET, without a body', async () => {
    const head = await fetch(`${server.url}/v1/teams`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${server.url}/v1/events`, { method: 'HEAD' })).status).toBe(401);
  });
});

describe('rate limiting', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ data: 'none', rateLimit: { perSecond: 0.5, burst: 2 } });
  });

  afterAll(async () => {
    await limited.close();
  });

  it('gives each key its own bucket and answers 429 with Retry-After when it is empty', async () => {
    const read = () => fetch(`${limited.url}/v1/events`, { headers: bearer(limited.keys.viewer) });
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const other = await fetch(`${limited.url}/v1/events`, { headers: bearer(limited.keys.admin) });
    expect(other.status).toBe(200);
  });

  it('counts anonymous callers by address, before telling them they need a key', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await fetch(`${limited.url}/v1/events`)).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
