import { afterEach, expect, test } from 'vitest';
import { DEFAULT_RATE_LIMIT, type RateLimit } from '../../../src/server/config';
import { startTestServer, type TestServer } from '../../harness/server';
import { Api, expectError, type Reply, type RequestOptions } from './http';

const TIGHT: RateLimit = { perSecond: 1, burst: 3 };

let running: TestServer[] = [];

async function serve(rateLimit: RateLimit): Promise<Api> {
  const server = await startTestServer({ data: 'none', rateLimit });
  running.push(server);
  return new Api(server);
}

afterEach(async () => {
  await Promise.all(running.map((server) => server.close()));
  running = [];
});

function expectRateLimited(reply: Reply): number {
  expectError(reply, 429, 'rate_limited');
  const retryAfter = reply.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

async function burst(
  api: Api,
  path: string,
  options: RequestOptions,
  count: number,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1)
    statuses.push((await api.get(path, options)).status);
  return statuses;
}

test('the 4th rapid request of a key → 429 rate_limited with Retry-After', async () => {
  const api = await serve(TIGHT);
  expect(await burst(api, '/v1/events', { as: 'viewer' }, 3)).toEqual([200, 200, 200]);
  expectRateLimited(await api.get('/v1/events', { as: 'viewer' }));
});

test('each key has its own bucket', async () => {
  const api = await serve(TIGHT);
  expect(await burst(api, '/v1/events', { as: 'viewer' }, 3)).toEqual([200, 200, 200]);
  expectRateLimited(await api.get('/v1/events', { as: 'viewer' }));
  expect(await burst(api, '/v1/events', { as: 'organizer' }, 3)).toEqual([200, 200, 200]);
  expect(await burst(api, '/v1/teams', { as: 'admin' }, 3)).toEqual([200, 200, 200]);
  expectRateLimited(await api.get('/v1/teams', { as: 'organizer' }));
  expect((await api.get('/v1/teams')).status).toBe(200);
});

test('anonymous callers are limited per address, apart from keys', async () => {
  const api = await serve(TIGHT);
  expect(await burst(api, '/v1/teams', {}, 3)).toEqual([200, 200, 200]);
  expectRateLimited(await api.get('/v1/teams'));
  expect((await api.get('/v1/teams', { as: 'viewer' })).status).toBe(200);
});

test('writes are limited too', async () => {
  const api = await serve(TIGHT);
  expect(await burst(api, '/v1/events', { as: 'organizer' }, 3)).toEqual([200, 200, 200]);
  const reply = await api.post('/v1/events', {}, { as: 'organizer' });
  expectRateLimited(reply);
});

test('after Retry-After seconds the key may ask again', async () => {
  const api = await serve(TIGHT);
  await burst(api, '/v1/teams', { as: 'viewer' }, 3);
  const wait = expectRateLimited(await api.get('/v1/teams', { as: 'viewer' }));
  expect(wait).toBeLessThanOrEqual(2);
  await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 50));
  expect((await api.get('/v1/teams', { as: 'viewer' })).status).toBe(200);
});

test('the default is 20 requests per second with bursts of 100', async () => {
  expect(DEFAULT_RATE_LIMIT).toEqual({ perSecond: 20, burst: 100 });
  const api = await serve(DEFAULT_RATE_LIMIT);
  const started = Date.now();
  const replies = await Promise.all(
    Array.from({ length: 130 }, () => api.get('/v1/teams?perPage=1', { as: 'viewer' })),
  );
  const elapsedSeconds = (Date.now() - started) / 1000;
  const ok = replies.filter((reply) => reply.status === 200).length;
  const limited = replies.filter((reply) => reply.status === 429);
  expect(ok + limited.length).toBe(130);
  expect(ok).toBeGreaterThanOrEqual(100);
  expect(ok).toBeLessThanOrEqual(100 + Math.ceil(20 * elapsedSeconds) + 1);
  expect(limited.length).toBeGreaterThan(0);
  expectRateLimited(limited[0]!);
});
