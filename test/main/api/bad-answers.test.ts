import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/api/client';
import type { TransportOptions } from '../../../src/main/api/request';
import { startFaultProxy, type Fault, type FaultProxy } from '../../harness/fault-proxy';
import { startTestServer, type TestServer } from '../../harness/server';
import { failure, recordingClient } from './recording-client';

/*
 * A venue network answers a read now and then with something that is not the service's answer: a
 * portal's page, a cut-off body, a rewritten one, a redirect to a login page. One such answer
 * must cost a retry, not the resource; a network that keeps doing it must still end the read
 * within the same attempt budget as any other transient failure.
 */

let service: TestServer;
let proxy: FaultProxy;
/** Where a portal's redirect points: another origin, which must never see a request. */
let portal: FaultProxy;
let waits: number[];

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
  proxy = await startFaultProxy(service.url);
  portal = await startFaultProxy(service.url);
});
afterAll(async () => {
  await portal.close();
  await proxy.close();
  await service.close();
});
afterEach(() => {
  proxy.clear();
  portal.clear();
});

function client(overrides: Partial<TransportOptions> = {}): ApiClient {
  const made = recordingClient(proxy.url, service.keys.organizer, overrides);
  waits = made.waits;
  return made.client;
}

/** An envelope that is not one: a single bad record in a list costs only that record. */
const wrongShape: Fault = {
  kind: 'rewrite',
  transform: (json) => ({ ...(json as object), data: 'two-five-four' }),
};

const badAnswers: [string, () => Fault][] = [
  ['a captive portal page with status 200', () => ({ kind: 'captive-portal' })],
  ['JSON cut off half-way', () => ({ kind: 'truncate' })],
  ['records of the wrong shape', () => wrongShape],
  ['a missing envelope', () => ({ kind: 'rewrite', transform: (json) => [json] })],
  ['a redirect to a login page', () => ({ kind: 'redirect', location: `${portal.url}/login` })],
  [
    'a portal’s 511 Network Authentication Required',
    () => ({
      kind: 'status',
      status: 511,
      contentType: 'text/html',
      body: '<html>Sign in</html>',
    }),
  ],
];

describe('a read answered once with something that is not the service’s answer', () => {
  it.each(badAnswers)('%s, then the real answer: the real data', async (_name, fault) => {
    const expected = (await client().listTeams({ perPage: 3 })).value;
    proxy.clear();
    proxy.plan({ fault: fault(), times: 1 });
    const teams = await client().listTeams({ perPage: 3 });
    expect(teams.value).toEqual(expected);
    expect(teams.value?.data).toHaveLength(3);
    expect(proxy.requests.map((request) => request.fault)).toEqual([fault().kind, null]);
    expect(waits).toHaveLength(1);
    expect(portal.requests).toEqual([]);
  });

  it('a conditional read answered once with a portal page still ends in 304', async () => {
    const api = client();
    const first = await api.listEvents({ perPage: 2 });
    proxy.clear();
    proxy.plan({ fault: { kind: 'captive-portal' }, times: 1 });
    const again = await api.listEvents({ perPage: 2 }, { ifNoneMatch: first.etag });
    expect(again).toMatchObject({ status: 304, value: undefined });
    expect(proxy.requests).toHaveLength(2);
  });
});

describe('bad answers that keep coming', () => {
  it('every kind counts against one budget: four attempts, then the last failure', async () => {
    proxy.plan(
      { fault: { kind: 'captive-portal' }, times: 1 },
      { fault: { kind: 'truncate' }, times: 1 },
      { fault: { kind: 'status', status: 503 }, times: 1 },
      { fault: wrongShape, times: 1 },
    );
    const error = await failure(client().listTeams({ perPage: 3 }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(/unexpected shape/);
    expect(proxy.requests.map((request) => request.fault)).toEqual([
      'captive-portal',
      'truncate',
      'status',
      'rewrite',
    ]);
    expect(waits).toHaveLength(3);
  });

  it.each([
    ['JSON cut off half-way', { kind: 'truncate' } as const],
    ['records of the wrong shape', wrongShape],
  ])('%s on every attempt: invalid_response after maxAttempts', async (_name, fault) => {
    proxy.plan({ fault });
    const error = await failure(client({ maxAttempts: 3 }).listTeams({ perPage: 3 }));
    expect(error.code).toBe('invalid_response');
    expect(proxy.requests).toHaveLength(3);
  });

  it.each(badAnswers.filter(([name]) => /portal|redirect/.test(name)))(
    'a portal that keeps answering (%s) ends as captive_portal, saying what to do',
    async (_name, fault) => {
      proxy.plan({ fault: fault() });
      const error = await failure(client().listTeams({ perPage: 3 }));
      expect(error.code).toBe('captive_portal');
      expect(error.message).toMatch(/sign in to the venue's network/);
      expect(proxy.requests).toHaveLength(4);
      expect(portal.requests).toEqual([]);
    },
  );
});

describe('writes answered badly', () => {
  it('a POST whose answer is cut off is sent once: it may well have been applied', async () => {
    proxy.plan({ fault: { kind: 'truncate' } });
    const error = await failure(
      client().createEvent({
        name: 'Sent Once',
        season: '2026-2027',
        startDate: '2027-01-10T09:00:00Z',
        endDate: '2027-01-11T18:00:00Z',
        location: { city: 'Springfield', country: 'US' },
      }),
    );
    expect(error.code).toBe('invalid_response');
    expect(proxy.requests.map((request) => request.method)).toEqual(['POST']);
  });

  it('a PATCH answered by a portal is sent once', async () => {
    const eventId = (await client().listEvents({ perPage: 1 })).value?.data[0]?.id ?? '';
    proxy.clear();
    proxy.plan({ fault: { kind: 'captive-portal' } });
    const error = await failure(client().updateEvent(eventId, { name: 'Renamed Once' }));
    expect(error.code).toBe('captive_portal');
    expect(proxy.requests.map((request) => request.method)).toEqual(['PATCH']);
  });
});
