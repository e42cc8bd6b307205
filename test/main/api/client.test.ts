import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/api/client';
import { SendWindowMissed, type TransportOptions } from '../../../src/main/api/request';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { failure, recordingClient } from './recording-client';

let service: TestServer;
let proxy: FaultProxy;
let waits: number[];

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(service.url);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});
afterEach(() => proxy.clear());

function client(overrides: Partial<TransportOptions> = {}): ApiClient {
  const made = recordingClient(proxy.url, service.keys.organizer, overrides);
  waits = made.waits;
  return made.client;
}

const onlyOnce = (fault: Parameters<FaultProxy['plan']>[0]['fault'], times = 1) => ({
  fault,
  times,
});

describe('reading from the service', () => {
  it('parses lists, single records and stats with the shared schemas', async () => {
    const api = client();
    const events = await api.listEvents({ perPage: 5, status: 'past' });
    expect(events.value?.data).toHaveLength(5);
    expect(events.value?.meta).toMatchObject({ page: 1, perPage: 5 });
    const first = (await api.listTeams({ perPage: 1 })).value?.data[0];
    expect(first).toBeDefined();
    const team = await api.getTeam(first?.number ?? 0);
    expect(team.value?.data.number).toBe(first?.number);
    const stats = await api.teamStats(first?.number ?? 0);
    expect(stats.value?.data.season).toMatch(/^\d{4}-\d{4}$/);
  });

  it('sends the key as a Bearer token to the configured service only', async () => {
    await client().listTeams({ perPage: 1 });
    expect(proxy.requests.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${service.keys.organizer}`,
    ]);
  });

  it('does not follow a redirect, so neither the key nor the request leaves the origin', async () => {
    const elsewhere = await startFaultProxy(service.url);
    try {
      proxy.plan({ fault: { kind: 'redirect', location: `${elsewhere.url}/v1/teams` } });
      const error = await failure(client().listTeams());
      expect(error.code).toBe('captive_portal');
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers a conditional GET with 304 and no value when nothing changed', async () => {
    const api = client();
    const first = await api.getEvent(
      (await api.listEvents({ perPage: 1 })).value?.data[0]?.id ?? '',
    );
    expect(first.etag).toMatch(/^"/);
    const again = await api.getEvent(first.value?.data.id ?? '', { ifNoneMatch: first.etag });
    expect(again).toMatchObject({ status: 304, value: undefined });
  });
});

describe('a hostile network', () => {
  it('retries a read through 500s with growing jittered waits, then succeeds', async () => {
    proxy.plan(onlyOnce({ kind: 'status', status: 500 }, 2));
    const teams = await client().listTeams({ perPage: 2 });
    expect(teams.value?.data).toHaveLength(2);
    expect(proxy.requests.map((request) => request.fault)).toEqual(['status', 'status', null]);
    expect(waits).toEqual([125, 250]);
  });

  it('waits at least as long as Retry-After says', async () => {
    proxy.plan(onlyOnce({ kind: 'rate-limit', retryAfter: '2' }));
    await client().listTeams({ perPage: 1 });
    expect(waits).toEqual([2_000]);
  });

  it('gives up at once when Retry-After is longer than it will wait, and says how long', async () => {
    proxy.plan({ fault: { kind: 'rate-limit', retryAfter: '120' } });
    const error = await failure(client().listTeams());
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
    expect(proxy.requests).toHaveLength(1);
  });

  it('reports offline after a bounded number of dropped connections', async () => {
    proxy.plan({ fault: { kind: 'drop' } });
    const error = await failure(client({ maxAttempts: 3 }).listTeams());
    expect(error.code).toBe('offline');
    expect(proxy.requests).toHaveLength(3);
  });

  it('recovers from a connection reset in the middle of a body', async () => {
    proxy.plan(onlyOnce({ kind: 'reset-mid-body' }));
    const teams = await client().listTeams({ perPage: 4 });
    expect(teams.value?.data).toHaveLength(4);
    expect(proxy.requests).toHaveLength(2);
  });

  it('times out a slow answer', async () => {
    proxy.plan({ fault: { kind: 'delay', ms: 1_500 } });
    const error = await failure(client({ timeoutMs: 200, maxAttempts: 1 }).listTeams());
    expect(error.code).toBe('timeout');
  });

  it('never retries a write, whatever went wrong', async () => {
    proxy.plan({ fault: { kind: 'status', status: 503 } });
    const error = await failure(
      client().createEvent({
        name: 'Never Twice',
        season: '2026-2027',
        startDate: '2027-01-10T09:00:00Z',
        endDate: '2027-01-11T18:00:00Z',
        location: { city: 'Springfield', country: 'US' },
      }),
    );
    expect(error.code).toBe('server_error');
    expect(proxy.requests).toHaveLength(1);
  });

  it('does not send a write held back past the time it had to leave by, and says so', async () => {
    const events = await client().listEvents({ perPage: 1 });
    const eventId = events.value!.data[0]!.id;
    proxy.clear();
    // The clock moves on while the request waits for its turn: the check it was based on is stale.
    let clock = 1_000;
    const held = client({ now: () => (clock += 10_000) });
    const refused = await held.updateEvent(eventId, { name: 'Stale' }, { sendBy: 5_000 }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(refused).toBeInstanceOf(SendWindowMissed);
    expect(proxy.requests).toEqual([]);
    const sent = await client().updateEvent(
      eventId,
      { name: 'In time' },
      { sendBy: Date.now() + 5_000 },
    );
    expect(sent.value?.data.name).toBe('In time');
  });

  it('stops when the caller cancels, with the caller’s reason', async () => {
    proxy.plan({ fault: { kind: 'delay', ms: 1_000 } });
    const controller = new AbortController();
    const pending = client().listTeams({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('sync cancelled')), 50);
    await expect(pending).rejects.toThrow('sync cancelled');
  });

  it('refuses a body larger than it is willing to read, once', async () => {
    const error = await failure(client({ maxBodyBytes: 1_000 }).listTeams({ perPage: 100 }));
    expect(error.code).toBe('too_large');
    expect(proxy.requests).toHaveLength(1);
  });
});

describe('the service saying no', () => {
  it('maps an unknown key to unauthorized, once', async () => {
    const error = await failure(
      client({ apiKey: () => Promise.resolve('not-a-key') }).listEvents(),
    );
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(proxy.requests).toHaveLength(1);
  });

  it('keeps the service’s own code and field details', async () => {
    const error = await failure(
      client().createEvent({
        name: '',
        season: '2026-2027',
        startDate: '2027-01-10T09:00:00Z',
        endDate: '2027-01-11T18:00:00Z',
        location: { city: 'Springfield', country: 'US' },
      }),
    );
    expect(error).toMatchObject({
      code: 'rejected',
      status: 422,
      serviceCode: 'validation_failed',
    });
    expect(error.details?.map((detail) => detail.field)).toContain('name');
  });

  it('maps an unknown event to not_found', async () => {
    const error = await failure(client().getEvent('2026doesnotexist'));
    expect(error.code).toBe('not_found');
  });
});
