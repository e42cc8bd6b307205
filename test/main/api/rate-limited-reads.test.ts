import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/api/client';
import { Pace } from '../../../src/main/api/pace';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { failure } from './recording-client';

/*
 * Reads against the real service's token bucket, with real sleeps: many requests of one key at
 * once, well past the burst. A 429 must slow them down, never fail one.
 */

const LIMIT = { perSecond: 20, burst: 10 };
const READS = 60;
const CALLERS = 12;

let service: TestServer;
let proxy: FaultProxy;

beforeAll(async () => {
  service = await startTestServer({ data: 'demo', rateLimit: LIMIT });
  proxy = await startFaultProxy(service.url);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

/** `READS` reads of one page each, `CALLERS` at a time; the errors they ended with. */
async function readMany(read: (page: number) => Promise<unknown>): Promise<unknown[]> {
  const errors: unknown[] = [];
  let next = 0;
  const caller = async () => {
    while (next < READS) {
      next += 1;
      await read(next).catch((error: unknown) => errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
  return errors;
}

describe('reads past the service’s rate limit', () => {
  it('all succeed, every request paused by each 429, the learned rate at the limit', async () => {
    const pace = new Pace();
    const client = createApiClient({
      baseUrl: proxy.url,
      fetch: (url, init) => fetch(url, init),
      apiKey: () => Promise.resolve(service.keys.viewer),
      pace,
    });
    proxy.clear();
    const errors = await readMany((page) => client.listTeams({ page, perPage: 1 }));
    expect(errors).toEqual([]);
    // Each lookup asks for its own path: one asked again is one the service turned away. More
    // than the burst was asked for at once, so it did turn some away.
    const retried = proxy.requests.filter((_, index) => isRetry(proxy, index));
    expect(retried.length).toBeGreaterThan(0);
    // Two 429s at least a second apart taught the pace a rate, and it is the service's.
    expect(pace.requestsPerSecond).not.toBeNull();
    expect(pace.requestsPerSecond ?? 0).toBeGreaterThan(LIMIT.perSecond * 0.5);
    expect(pace.requestsPerSecond ?? 0).toBeLessThan(LIMIT.perSecond * 2);
  }, 30_000);

  it('ends a read that only ever gets 429s after the time it may wait without an answer', async () => {
    proxy.plan({ fault: { kind: 'rate-limit', retryAfter: '1' } });
    try {
      const client = createApiClient({
        baseUrl: proxy.url,
        fetch: (url, init) => fetch(url, init),
        apiKey: () => Promise.resolve(service.keys.viewer),
        maxStallMs: 4_500,
      });
      const error = await failure(client.teamStats(254));
      expect(error.code).toBe('rate_limited');
      expect(error.message).toMatch(/turned every request away for \d+ s/);
      // Waited out each Retry-After (1 s) until 4.5 s had passed without an answer, where a
      // count of attempts would have given up after the fourth 429 whatever the time.
      expect(proxy.requests.length).toBeGreaterThanOrEqual(5);
    } finally {
      proxy.clear();
    }
  }, 15_000);
});

/** A request for a path asked before: a 429 sent it again. */
function isRetry(proxy: FaultProxy, index: number): boolean {
  const request = proxy.requests[index];
  return (
    request !== undefined &&
    proxy.requests.slice(0, index).some((earlier) => earlier.path === request.path)
  );
}
