import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  eventListItemSchema,
  eventRecordSchema,
  teamListItemSchema,
} from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import { eventBody, eventTotal, startDemoService, publicEvent, type DemoIndex } from './fixtures';
import type { Api } from './http';
import { detailFields, expectError, expectList, expectSingle, type Reply } from './http';

let server: TestServer;
let api: Api;
let demo: DemoIndex;

beforeAll(async () => ({ server, api, demo } = await startDemoService()));
afterAll(() => server.close());

/** One of several documented errors (where decisions.md allows more than one reading). */
function expectOneOf(reply: Reply, allowed: [number, string][]): void {
  const match = allowed.find(([status]) => status === reply.status);
  expect(match, `${reply.status} ${reply.text.slice(0, 300)}`).toBeDefined();
  expectError(reply, match![0], match![1]);
}

const organizer = { as: 'organizer' as const };

describe('malformed JSON → 400 invalid_request, nothing created', () => {
  test.each([
    '{',
    '{"name": }',
    '{"name": "x",}',
    "{'name': 'x'}",
    '{"name": NaN}',
    'undefined',
    '',
    ' ',
    '{}{}',
    '\u0000',
  ])('%j', async (body) => {
    const before = await eventTotal(api);
    expectError(
      await api.request('POST', '/v1/events', { ...organizer, body }),
      400,
      'invalid_request',
    );
    expect(await eventTotal(api)).toBe(before);
  });

  test('bytes that are not UTF-8', async () => {
    const body = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const reply = await api.request('POST', '/v1/events', { ...organizer, body });
    expectOneOf(reply, [
      [400, 'invalid_request'],
      [422, 'validation_failed'],
    ]);
  });
});

describe('wrong types in a body → 422 validation_failed', () => {
  test.each([
    ['name', ['a']],
    ['name', { first: 'a' }],
    ['season', 20262027],
    ['startDate', true],
    ['endDate', {}],
    ['visibility', 1],
    ['location', []],
  ])('%s = %j', async (field, value) => {
    const error = expectError(
      await api.post('/v1/events', eventBody({ [field]: value }), organizer),
      422,
      'validation_failed',
    );
    expect(error.details?.map((detail) => detail.field)).toContain(field);
  });

  test('a number too large for a double', async () => {
    const body = JSON.stringify(eventBody()).replace(/^\{/, '{"teamCount": 1e400,');
    const reply = await api.request('POST', '/v1/events', { ...organizer, body });
    expectError(reply, 422, ['validation_failed', 'field_not_writable']);
  });

  test('deeply nested JSON', async () => {
    const depth = 5_000;
    const body = `{"name": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expectOneOf(await api.request('POST', '/v1/events', { ...organizer, body }), [
      [400, 'invalid_request'],
      [422, 'validation_failed'],
    ]);
  });

  test.each([
    ['in a known field', (nested: string) => `{"name": ${nested}}`],
    ['in an unknown field', (nested: string) => `{"extra": ${nested}}`],
    ['as an object chain', () => `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ])('deeply nested JSON %s, sent with an Idempotency-Key', async (_label, bodyOf) => {
    const depth = 5_000;
    const body = bodyOf(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    const before = await eventTotal(api);
    const reply = await api.request('POST', '/v1/events', {
      ...organizer,
      body,
      headers: { 'idempotency-key': `deep-${randomUUID()}` },
    });
    expectOneOf(reply, [
      [400, 'invalid_request'],
      [422, 'validation_failed'],
    ]);
    expect(await eventTotal(api)).toBe(before);
  });

  test.each(['__proto__', 'constructor', 'prototype'])(
    '%s is an unknown field (valid JSON, so 422, not 400), nothing created',
    async (field) => {
      const before = await eventTotal(api);
      const body = JSON.stringify(eventBody()).replace(
        /^\{/,
        `{"${field}": {"status": "live", "visibility": "private"},`,
      );
      const error = expectError(
        await api.request('POST', '/v1/events', { ...organizer, body }),
        422,
        ['validation_failed', 'field_not_writable'],
      );
      expect(error.details?.map((detail) => detail.field)).toContain(field);
      expect(await eventTotal(api)).toBe(before);
    },
  );
});

describe('strings that are not well-formed Unicode → 422, nothing stored', () => {
  const loneSurrogates = ['\ud800X', 'X\udfff', '\udc00\ud800'];

  test.each(loneSurrogates)('name %j on create', async (name) => {
    const before = await eventTotal(api);
    const error = expectError(
      await api.post('/v1/events', eventBody({ name }), organizer),
      422,
      'validation_failed',
    );
    expect(detailFields(error)).toContain('name');
    expect(await eventTotal(api)).toBe(before);
  });

  test('location.city on create', async () => {
    const location = { city: 'Spring\ud800field', country: 'US' };
    const error = expectError(
      await api.post('/v1/events', eventBody({ location }), organizer),
      422,
      'validation_failed',
    );
    expect(detailFields(error)).toContain('location.city');
  });

  test('a patch leaves the event as it was', async () => {
    const created = await api.post('/v1/events', eventBody(), organizer);
    const event = expectSingle(created, eventRecordSchema, 201);
    const reply = await api.patch(
      `/v1/events/${event.id}`,
      { name: 'Renamed \ud800', location: { venue: '\udfffHall' } },
      organizer,
    );
    const error = expectError(reply, 422, 'validation_failed');
    expect(detailFields(error).sort()).toEqual(['location.venue', 'name']);
    expect(
      expectSingle(await api.get(`/v1/events/${event.id}`, organizer), eventRecordSchema),
    ).toEqual(event);
  });

  test('a surrogate pair (an emoji) is kept as sent', async () => {
    const name = 'Robots \ud83e\udd16 Cup';
    const event = expectSingle(
      await api.post('/v1/events', eventBody({ name }), organizer),
      eventRecordSchema,
      201,
    );
    expect(event.name).toBe(name);
  });
});

describe('body size', () => {
  function padded(size: number): string {
    const json = JSON.stringify(eventBody());
    return `${json.slice(0, -1)}${' '.repeat(size - json.length)}}`;
  }

  test('exactly 64 KiB is accepted', async () => {
    const body = padded(64 * 1024);
    expect(Buffer.byteLength(body)).toBe(65_536);
    expect((await api.request('POST', '/v1/events', { ...organizer, body })).status).toBe(201);
  });

  test.each([64 * 1024 + 1, 1024 * 1024])('%d bytes → 413 payload_too_large', async (size) => {
    const before = await eventTotal(api);
    expectError(
      await api.request('POST', '/v1/events', { ...organizer, body: padded(size) }),
      413,
      'payload_too_large',
    );
    expect(await eventTotal(api)).toBe(before);
  });
});

describe('wrong media type → 415 unsupported_media_type', () => {
  test.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/json',
    null,
  ])('%s', async (contentType) => {
    const before = await eventTotal(api);
    const reply = await api.request('POST', '/v1/events', {
      ...organizer,
      body: JSON.stringify(eventBody()),
      contentType,
    });
    expectError(reply, 415, 'unsupported_media_type');
    expect(await eventTotal(api)).toBe(before);
  });
});

describe('unknown enum values and out-of-range numbers in queries → 400', () => {
  test.each([
    '/v1/events?status=ongoing',
    '/v1/events?season=2026',
    '/v1/teams?season=twenty',
    '/v1/events/:eventId/clips?matchType=playoff',
    '/v1/events/:eventId/clips?teamNumber=0',
    '/v1/events/:eventId/clips?teamNumber=100000',
    '/v1/events/:eventId/clips?teamNumber=99999999999999999999',
    '/v1/teams/:teamNumber/clips?sort=random',
    '/v1/teams/:teamNumber/stats?season=1999',
    '/v1/events?perPage=-5',
  ])('%s', async (template) => {
    const path = template
      .replace(':eventId', publicEvent(demo).id)
      .replace(':teamNumber', String(demo.teams[0]!.number));
    expectError(await api.get(path, { as: 'viewer' }), 400, 'invalid_request');
  });
});

describe('repeated query parameters → 400', () => {
  test.each([
    '/v1/events?season=2025-2026&season=2026-2027',
    '/v1/events?status=live&status=past',
    '/v1/events?region=US&region=CA',
    '/v1/events?search=a&search=b',
    '/v1/teams?season=2025-2026&season=2025-2026',
    '/v1/teams?region=US&region=US',
    '/v1/teams?search=a&search=b',
    '/v1/events/:eventId/clips?matchType=final&matchType=final',
    '/v1/teams/:teamNumber/events?season=2025-2026&season=2026-2027',
    '/v1/teams/:teamNumber/matches?eventId=a&eventId=b',
    '/v1/teams/:teamNumber/clips?eventId=a&eventId=b',
    '/v1/teams/:teamNumber/clips?season=2025-2026&season=2026-2027',
  ])('%s', async (template) => {
    const path = template
      .replace(':eventId', publicEvent(demo).id)
      .replace(':teamNumber', String(demo.teams[0]!.number));
    expectError(await api.get(path, { as: 'viewer' }), 400, 'invalid_request');
  });
});

describe('injection in ids and queries', () => {
  const unknownOrBad: [number, string][] = [
    [404, 'not_found'],
    [400, 'invalid_request'],
  ];

  test.each([
    '/v1/events/..%2F..%2Fetc%2Fpasswd',
    '/v1/events/%2e%2e',
    '/v1/events/%2e%2e%2f%2e%2e%2fteams',
    "/v1/events/'%20OR%201=1%20--",
    '/v1/events/%3Cscript%3E',
    '/v1/events/2026x%00y',
    `/v1/events/${'a'.repeat(300)}`,
    `/v1/events/${'a'.repeat(300)}/matches`,
  ])('GET %s → 404', async (path) => {
    expectError(await api.get(path, { as: 'viewer' }), 404, 'not_found');
  });

  test.each([
    '/v1/teams/254abc',
    '/v1/teams/0',
    '/v1/teams/100000',
    '/v1/teams/-1',
    '/v1/teams/1.5',
    '/v1/teams/1e3',
    '/v1/teams/99999999999999999999',
    '/v1/teams/%20254',
    '/v1/teams/254abc/matches',
  ])('GET %s → 404 (or 400)', async (path) => {
    expectOneOf(await api.get(path), unknownOrBad);
  });

  test('a malformed percent-encoding in a path', async () => {
    expectOneOf(await api.get('/v1/events/%E0%A4%A', { as: 'viewer' }), unknownOrBad);
  });

  test('raw dot segments are not resolved into another resource', async () => {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/v1/events/../../etc/passwd',
          headers: { authorization: `Bearer ${server.keys.viewer}` },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (typeof value === 'string') headers.set(name, value);
            resolve({
              status: res.statusCode ?? 0,
              headers,
              text,
              body: text === '' ? undefined : (JSON.parse(text) as unknown),
            });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expectOneOf(reply, unknownOrBad);
  });

  test('SQL and LIKE metacharacters in search are plain text', async () => {
    for (const search of ["' OR '1'='1", '%', '_', '\\', '"; DROP TABLE events; --', '\u0000']) {
      const events = expectList(
        await api.get(`/v1/events?perPage=100&search=${encodeURIComponent(search)}`, {
          as: 'viewer',
        }),
        eventListItemSchema,
      );
      const wantEvents = demo.events.filter(
        (event) =>
          event.visibility === 'public' &&
          (event.name.toLowerCase().includes(search.toLowerCase()) ||
            event.id.includes(search.toLowerCase())),
      );
      expect(events.meta.total, search).toBe(wantEvents.length);
      const teams = expectList(
        await api.get(`/v1/teams?perPage=100&search=${encodeURIComponent(search)}`),
        teamListItemSchema,
      );
      expect(teams.meta.total, search).toBe(
        demo.teams.filter((team) => team.name.toLowerCase().includes(search.toLowerCase())).length,
      );
    }
  });

  test('a very long Authorization header is just an unknown key', async () => {
    expectError(await api.get('/v1/events', { key: 'k'.repeat(4000) }), 401, 'unauthorized');
  });

  test('a very long search is refused as a parameter not valid, not cut or left to time out', async () => {
    expectError(await api.get(`/v1/teams?search=${'z'.repeat(2000)}`), 400, 'invalid_request');
  });
});
