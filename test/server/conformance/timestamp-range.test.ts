import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventListItemSchema, type EventRecord } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, eventBody, eventTotal, getEvent, TIMESTAMP } from './fixtures';
import { Api, detailFields, expectError, listAll } from './http';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  api = new Api(server);
});

afterAll(() => server.close());

/** Dates around the pinned clock (TEST_NOW, 2026-11-21T12:00:00Z), so the event is live. */
const LIVE = {
  season: '2026-2027',
  startDate: '2026-11-20T09:00:00Z',
  endDate: '2026-11-22T18:00:00Z',
};

/** Timestamps that are valid ISO 8601 but fall outside 0001–9999 once normalised to UTC. */
const OUT_OF_RANGE = [
  '9999-12-31T23:59:59-23:59',
  '9999-12-31T23:00:00-01:00',
  '0001-01-01T00:00:00+00:01',
  '0000-06-15T12:00:00Z',
];

async function idsWithStatus(status: string): Promise<string[]> {
  const events = await listAll(api, `/v1/events?status=${status}`, eventListItemSchema, {
    as: 'organizer',
  });
  return events.map((event) => event.id);
}

describe('a timestamp the service could not give back in the documented form → 422', () => {
  test.each(OUT_OF_RANGE)('endDate %s in a patch; the event stays as it was', async (endDate) => {
    const event = await createEvent(api, LIVE);
    expect(event.status).toBe('live');
    const reply = await api.patch(`/v1/events/${event.id}`, { endDate }, { as: 'organizer' });
    expect(detailFields(expectError(reply, 422, 'validation_failed'))).toContain('endDate');
    const after = await getEvent(api, event.id);
    expect(after).toEqual(event);
    expect(await idsWithStatus('live')).toContain(event.id);
    expect(await idsWithStatus('past')).not.toContain(event.id);
  });

  test.each(OUT_OF_RANGE)('startDate %s on create; nothing created', async (startDate) => {
    const before = await eventTotal(api);
    const reply = await api.post(
      '/v1/events',
      eventBody({ season: '9999-10000', startDate, endDate: startDate }),
      { as: 'organizer' },
    );
    const fields = detailFields(expectError(reply, 422, 'validation_failed'));
    expect(fields).toContain('startDate');
    expect(fields).toContain('endDate');
    expect(await eventTotal(api)).toBe(before);
  });
});

describe('the first and last instants of the range are kept', () => {
  function expectRoundTrip(event: EventRecord, startDate: string, endDate: string): void {
    expect(event.startDate).toBe(startDate);
    expect(event.endDate).toBe(endDate);
    expect(event.startDate).toMatch(TIMESTAMP);
    expect(event.endDate).toMatch(TIMESTAMP);
  }

  test('an event in year 1', async () => {
    const startDate = '0001-01-01T00:00:00Z';
    const endDate = '0001-01-02T23:59:59Z';
    const event = await createEvent(api, { season: '0001-0002', startDate, endDate });
    expectRoundTrip(event, startDate, endDate);
    expectRoundTrip(await getEvent(api, event.id), startDate, endDate);
    expect(event.status).toBe('past');
  });

  test('an event at the end of year 9999 is upcoming, and only upcoming', async () => {
    const endDate = '9999-12-31T23:59:59Z';
    const event = await createEvent(api, {
      season: '9998-9999',
      startDate: '9999-12-31T00:00:00+01:00',
      endDate: '9999-12-31T23:59:59+00:00',
    });
    expectRoundTrip(event, '9999-12-30T23:00:00Z', endDate);
    expect(event.status).toBe('upcoming');
    expect(await idsWithStatus('upcoming')).toContain(event.id);
    expect(await idsWithStatus('past')).not.toContain(event.id);
    expect(await idsWithStatus('live')).not.toContain(event.id);
  });

  test('a zone offset that carries a time across midnight into year 1 is kept', async () => {
    const event = await createEvent(api, {
      season: '0001-0002',
      startDate: '0001-01-01T23:30:00-00:30',
      endDate: '0001-01-03T00:00:00Z',
    });
    expect(event.startDate).toBe('0001-01-02T00:00:00Z');
  });
});
