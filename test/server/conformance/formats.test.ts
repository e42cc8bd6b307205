import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../../harness/server';
import { startDemoService, publicEvent, TIMESTAMP, type DemoIndex } from './fixtures';
import type { Api } from './http';
import { expectJsonContentType, sortedKeys } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => ({ server, api, demo } = await startDemoService()));
afterAll(() => server.close());

describe('timestamps are UTC, second precision, Z', () => {
  test('events: startDate, endDate, createdAt, updatedAt', () => {
    expect(demo.events.length).toBeGreaterThan(0);
    for (const event of demo.events) {
      for (const value of [event.startDate, event.endDate, event.createdAt, event.updatedAt]) {
        expect(value, event.id).toMatch(TIMESTAMP);
      }
    }
  });

  test('matches: scheduledAt and playedAt when set', () => {
    const values = demo.matches
      .flatMap((match) => [match.scheduledAt, match.playedAt])
      .filter((value) => value !== null);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(TIMESTAMP);
  });

  test('clips: recordedAt', () => {
    expect(demo.clips.length).toBeGreaterThan(0);
    for (const clip of demo.clips) expect(clip.recordedAt, clip.id).toMatch(TIMESTAMP);
  });
});

describe('every answer is JSON with the documented envelope', () => {
  const paths = () => {
    const eventId = publicEvent(demo).id;
    const team = demo.teams[0]!.number;
    return {
      lists: [
        '/v1/events',
        `/v1/events/${eventId}/teams`,
        `/v1/events/${eventId}/matches`,
        `/v1/events/${eventId}/clips`,
        '/v1/teams',
        `/v1/teams/${team}/events`,
        `/v1/teams/${team}/matches`,
        `/v1/teams/${team}/clips`,
      ],
      singles: [`/v1/events/${eventId}`, `/v1/teams/${team}`, `/v1/teams/${team}/stats`],
      errors: [
        '/v1/events/2026nosuchevent',
        '/v1/nothing',
        '/v1/teams/99999?x=1',
        '/v1/events?status=x',
      ],
    };
  };

  test('lists: { data: [], meta: { page, perPage, total } }', async () => {
    for (const path of paths().lists) {
      const reply = await api.get(path, { as: 'viewer' });
      expect(reply.status, path).toBe(200);
      expectJsonContentType(reply);
      expect(sortedKeys(reply.body), path).toEqual(['data', 'meta']);
      const body = reply.body as { data: unknown; meta: Record<string, unknown> };
      expect(Array.isArray(body.data)).toBe(true);
      expect(sortedKeys(body.meta)).toEqual(['page', 'perPage', 'total']);
    }
  });

  test('single records: { data: {} }', async () => {
    for (const path of paths().singles) {
      const reply = await api.get(path, { as: 'viewer' });
      expect(reply.status, path).toBe(200);
      expectJsonContentType(reply);
      expect(sortedKeys(reply.body), path).toEqual(['data']);
      const data = (reply.body as { data: unknown }).data;
      expect(typeof data === 'object' && data !== null && !Array.isArray(data)).toBe(true);
    }
  });

  test('errors: { error: {} } as JSON', async () => {
    for (const path of paths().errors) {
      const reply = await api.get(path, { as: 'viewer' });
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expectJsonContentType(reply);
      expect(sortedKeys(reply.body), path).toEqual(['error']);
    }
    const anonymous = await api.get('/v1/events');
    expectJsonContentType(anonymous);
  });

  test('created events answer JSON', async () => {
    const reply = await api.post(
      '/v1/events',
      {
        name: 'Format Check',
        season: '2026-2027',
        startDate: '2027-01-01T00:00:00Z',
        endDate: '2027-01-01T00:00:00Z',
        location: { city: 'Reno', country: 'US' },
      },
      { as: 'organizer' },
    );
    expect(reply.status).toBe(201);
    expectJsonContentType(reply);
    const data = (reply.body as { data: Record<string, string> }).data;
    for (const field of ['startDate', 'endDate', 'createdAt', 'updatedAt'])
      expect(data[field]).toMatch(TIMESTAMP);
  });
});
