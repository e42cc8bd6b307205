import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { eventListItemSchema, teamListItemSchema } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, eventBody, eventTotal, getEvent } from './fixtures';
import { Api, expectError, expectList, unknownKey, type Reply, type RequestOptions } from './http';

let server: TestServer;
let api: Api;
let eventId: string;
let teamNumber: number;

beforeAll(async () => {
  server = await startTestServer({ data: 'demo' });
  api = new Api(server);
  const events = expectList(await api.get('/v1/events', { as: 'viewer' }), eventListItemSchema);
  const teams = expectList(await api.get('/v1/teams'), teamListItemSchema);
  eventId = events.data[0]?.id ?? '';
  teamNumber = teams.data[0]?.number ?? 0;
  expect(eventId).not.toBe('');
  expect(teamNumber).toBeGreaterThan(0);
});

afterAll(async () => {
  await server.close();
});

type Kind = 'event-read' | 'team-read' | 'create' | 'update' | 'delete';
type CallerCase = 'no key' | 'unknown key' | 'viewer' | 'organizer' | 'admin';

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  kind: Kind;
}

const ROWS: Row[] = [
  { method: 'GET', path: '/v1/events', kind: 'event-read' },
  { method: 'GET', path: '/v1/events/:eventId', kind: 'event-read' },
  { method: 'POST', path: '/v1/events', kind: 'create' },
  { method: 'PATCH', path: '/v1/events/:eventId', kind: 'update' },
  { method: 'DELETE', path: '/v1/events/:eventId', kind: 'delete' },
  { method: 'GET', path: '/v1/events/:eventId/teams', kind: 'event-read' },
  { method: 'GET', path: '/v1/events/:eventId/matches', kind: 'event-read' },
  { method: 'GET', path: '/v1/events/:eventId/clips', kind: 'event-read' },
  { method: 'GET', path: '/v1/teams', kind: 'team-read' },
  { method: 'GET', path: '/v1/teams/:teamNumber', kind: 'team-read' },
  { method: 'GET', path: '/v1/teams/:teamNumber/events', kind: 'team-read' },
  { method: 'GET', path: '/v1/teams/:teamNumber/matches', kind: 'team-read' },
  { method: 'GET', path: '/v1/teams/:teamNumber/clips', kind: 'team-read' },
  { method: 'GET', path: '/v1/teams/:teamNumber/stats', kind: 'team-read' },
];

const EXPECTED: Record<Kind, Record<CallerCase, number>> = {
  'event-read': { 'no key': 401, 'unknown key': 401, viewer: 200, organizer: 200, admin: 200 },
  'team-read': { 'no key': 200, 'unknown key': 401, viewer: 200, organizer: 200, admin: 200 },
  create: { 'no key': 401, 'unknown key': 401, viewer: 403, organizer: 201, admin: 201 },
  update: { 'no key': 401, 'unknown key': 401, viewer: 403, organizer: 200, admin: 200 },
  delete: { 'no key': 401, 'unknown key': 401, viewer: 403, organizer: 403, admin: 204 },
};

const CALLERS: CallerCase[] = ['no key', 'unknown key', 'viewer', 'organizer', 'admin'];

function credentials(caller: CallerCase): RequestOptions {
  if (caller === 'no key') return {};
  if (caller === 'unknown key') return { key: unknownKey() };
  return { as: caller };
}

const ERROR_CODE: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden' };

describe.each(ROWS)('$method $path', (row) => {
  test.each(CALLERS)('%s', async (caller) => {
    const expected = EXPECTED[row.kind][caller];
    const writable = row.kind === 'update' || row.kind === 'delete';
    const target = writable ? (await createEvent(api)).id : eventId;
    const path = row.path.replace(':eventId', target).replace(':teamNumber', String(teamNumber));
    const totalBefore = await eventTotal(api);
    const body =
      row.kind === 'create' ? eventBody() : row.kind === 'update' ? { name: 'Renamed' } : undefined;
    const reply: Reply = await api.request(row.method, path, {
      ...credentials(caller),
      ...(body === undefined ? {} : { json: body }),
    });

    const code = ERROR_CODE[expected];
    if (code !== undefined) expectError(reply, expected, code);
    else expect(reply.status, reply.text).toBe(expected);

    const totalAfter = await eventTotal(api);
    if (row.kind === 'create') expect(totalAfter).toBe(totalBefore + (expected === 201 ? 1 : 0));
    if (row.kind === 'delete') expect(totalAfter).toBe(totalBefore - (expected === 204 ? 1 : 0));
    if (row.kind === 'update') {
      const name = (await getEvent(api, target)).name;
      expect(name === 'Renamed').toBe(expected === 200);
    }
  });
});

describe('the Authorization header', () => {
  const malformed: [string, () => string][] = [
    ['Basic credentials', () => 'Basic dXNlcjpwYXNzd29yZA=='],
    ['Bearer with an empty key', () => 'Bearer '],
    ['Bearer with no key at all', () => 'Bearer'],
    ['a valid key under another scheme', () => `Token ${server.keys.admin}`],
    ['a valid key without a scheme', () => server.keys.admin],
  ];

  test.each(malformed)('%s → 401 on the event endpoints', async (_label, header) => {
    expectError(await api.get('/v1/events', { authorization: header() }), 401, 'unauthorized');
  });

  test.each(malformed)('%s → 401 on the team endpoints', async (_label, header) => {
    expectError(await api.get('/v1/teams', { authorization: header() }), 401, 'unauthorized');
  });

  test('a key of another server is unknown here', async () => {
    const other = await startTestServer({ data: 'none' });
    try {
      expectError(await api.get('/v1/events', { key: other.keys.admin }), 401, 'unauthorized');
    } finally {
      await other.close();
    }
  });

  test('an unknown key is refused before the role check on writes', async () => {
    expectError(
      await api.delete(`/v1/events/${eventId}`, { key: unknownKey() }),
      401,
      'unauthorized',
    );
    expectError(
      await api.post('/v1/events', eventBody(), { key: unknownKey() }),
      401,
      'unauthorized',
    );
  });
});

describe('keys are never logged', () => {
  test('no key, valid or unknown, appears in anything the service writes out', async () => {
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
      vi.spyOn(fs, 'writeSync'),
      vi.spyOn(fs, 'write'),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
        vi.spyOn(console, name).mockImplementation(() => undefined),
      ),
    ];
    const stranger = unknownKey();
    try {
      await api.get('/v1/events', { as: 'viewer' });
      await api.post('/v1/events', eventBody(), { as: 'organizer' });
      await api.delete('/v1/events/doesnotexist', { as: 'admin' });
      await api.get('/v1/events', { key: stranger });
      await api.get('/v1/teams', { key: stranger });
      await api.request('POST', '/v1/events', { as: 'organizer', body: '{broken' });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const output = spies
      .flatMap((spy): unknown[] => spy.mock.calls.flat() as unknown[])
      .map((argument) =>
        typeof argument === 'string'
          ? argument
          : argument instanceof Uint8Array
            ? Buffer.from(argument).toString()
            : String(argument),
      )
      .join('\n');
    for (const key of [...Object.values(server.keys), stranger]) {
      expect(output).not.toContain(key);
    }
  });
});
