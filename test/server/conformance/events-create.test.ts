import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventRecordSchema } from '../../../src/shared/wire';
import { startTestServer, TEST_NOW, type TestServer } from '../../harness/server';
import {
  createEvent,
  eventBody,
  eventTotal,
  EVENT_ID,
  getEvent,
  LOCATION_KEYS,
  SINGLE_EVENT_KEYS,
  type EventBody,
} from './fixtures';
import { Api, detailFields, expectError, expectSingle, sortedKeys } from './http';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  api = new Api(server);
});

afterAll(async () => {
  await server.close();
});

async function expectRefused(
  body: unknown,
  fields: string[],
  code = 'validation_failed',
): Promise<void> {
  const before = await eventTotal(api);
  const error = expectError(await api.post('/v1/events', body, { as: 'organizer' }), 422, code);
  expect(detailFields(error)).toEqual(expect.arrayContaining(fields));
  expect(await eventTotal(api)).toBe(before);
}

describe('a created event', () => {
  test('answers 201, Location /v1/events/<id> and the single event with defaults', async () => {
    const body = {
      name: 'Springfield Regional',
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-16T18:00:00Z',
      location: { city: 'Springfield', country: 'US' },
    };
    const reply = await api.post('/v1/events', body, { as: 'organizer' });
    const event = expectSingle(reply, eventRecordSchema, 201);
    expect(reply.headers.get('location')).toBe(`/v1/events/${event.id}`);
    expect(sortedKeys((reply.body as { data: unknown }).data)).toEqual(SINGLE_EVENT_KEYS);
    expect(sortedKeys(event.location)).toEqual(LOCATION_KEYS);
    expect(event).toEqual({
      id: '2026springfieldr',
      name: 'Springfield Regional',
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-16T18:00:00Z',
      location: { venue: '', city: 'Springfield', state: '', country: 'US' },
      status: 'upcoming',
      streamStatus: 'none',
      teamCount: 0,
      clipCount: 0,
      visibility: 'public',
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
    });
    expect(await getEvent(api, event.id, 'viewer')).toEqual(event);
  });

  test('keeps the optional fields it is given', async () => {
    const event = await createEvent(api, {
      location: { venue: 'Civic Arena', city: 'Springfield', state: 'IL', country: 'US' },
      visibility: 'unlisted',
    });
    expect(event.location).toEqual({
      venue: 'Civic Arena',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
    });
    expect(event.visibility).toBe('unlisted');
  });

  test('an admin may create too', async () => {
    expect((await createEvent(api, {}, 'admin')).visibility).toBe('public');
  });

  test('accepts application/json with a charset', async () => {
    const reply = await api.request('POST', '/v1/events', {
      as: 'organizer',
      body: JSON.stringify(eventBody()),
      contentType: 'application/json; charset=utf-8',
    });
    expect(reply.status, reply.text).toBe(201);
  });
});

describe('the event id', () => {
  test('is the first season year and at most 12 lowercase letters and digits of the name', async () => {
    const cases: [EventBody, string][] = [
      [{ name: 'Lake Tahoe Invitational 2027', season: '2026-2027' }, '2026laketahoeinv'],
      [{ name: 'FIRST @ Reno!', season: '2026-2027' }, '2026firstreno'],
      [
        {
          name: 'R2-D2 Open',
          season: '2025-2026',
          startDate: '2026-02-01T09:00:00Z',
          endDate: '2026-02-02T09:00:00Z',
        },
        '2025r2d2open',
      ],
      [{ name: '!!! ??? ***', season: '2026-2027' }, '2026event'],
    ];
    for (const [overrides, id] of cases) {
      const event = await createEvent(api, overrides);
      expect(event.id).toBe(id);
      expect(event.id).toMatch(EVENT_ID);
    }
  });

  test('clashes get 2, 3, …', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await createEvent(api, { name: 'Clash Cup' })).id);
    expect(ids).toEqual(['2026clashcup', '2026clashcup2', '2026clashcup3']);
    const base2 = await createEvent(api, { name: 'Clash Cup 2' });
    expect(base2.id).toBe('2026clashcup22');
  });

  test('a name with no letters or digits twice gives event, then event2', async () => {
    const first = await createEvent(api, {
      name: '---',
      season: '2027-2028',
      startDate: '2027-09-01T09:00:00Z',
      endDate: '2027-09-02T09:00:00Z',
    });
    const second = await createEvent(api, {
      name: '???',
      season: '2027-2028',
      startDate: '2027-09-01T09:00:00Z',
      endDate: '2027-09-02T09:00:00Z',
    });
    expect([first.id, second.id]).toEqual(['2027event', '2027event2']);
  });

  test('after a delete, a new event of the same name still gets a well-formed, unused id', async () => {
    const first = await createEvent(api, { name: 'Phoenix Rising' });
    expect((await api.delete(`/v1/events/${first.id}`, { as: 'admin' })).status).toBe(204);
    const second = await createEvent(api, { name: 'Phoenix Rising' });
    expect(second.id).toMatch(/^2026phoenixrisin\d*$/);
    const third = await createEvent(api, { name: 'Phoenix Rising' });
    expect(third.id).toMatch(/^2026phoenixrisin\d*$/);
    expect(third.id).not.toBe(second.id);
  });

  test('is never chosen by the client', async () => {
    const before = await eventTotal(api);
    const reply = await api.post('/v1/events', eventBody({ id: '2026mine' }), { as: 'organizer' });
    expect(
      detailFields(expectError(reply, 422, ['validation_failed', 'field_not_writable'])),
    ).toContain('id');
    expect(await eventTotal(api)).toBe(before);
  });
});

describe('name', () => {
  test('is trimmed', async () => {
    expect((await createEvent(api, { name: '   Trimmed Open \t ' })).name).toBe('Trimmed Open');
  });

  test('may have 120 characters after trimming', async () => {
    const name = `N${'x'.repeat(119)}`;
    expect((await createEvent(api, { name: `  ${name}  ` })).name).toBe(name);
  });

  test.each([
    ['121 characters', `N${'x'.repeat(120)}`],
    ['empty', ''],
    ['only blanks', '   '],
    ['a number', 42],
    ['null', null],
  ])('%s → 422', async (_label, name) => {
    await expectRefused(eventBody({ name }), ['name']);
  });
});

describe('required fields', () => {
  test.each(['name', 'season', 'startDate', 'endDate', 'location'])(
    'without %s → 422',
    async (field) => {
      const body = eventBody();
      delete body[field];
      await expectRefused(body, [field]);
    },
  );

  test.each(['city', 'country'])('without location.%s → 422', async (field) => {
    const location: Record<string, string> = {
      venue: 'Hall',
      city: 'Reno',
      state: 'NV',
      country: 'US',
    };
    delete location[field];
    await expectRefused(eventBody({ location }), [`location.${field}`]);
  });

  test('an empty object lists every required field', async () => {
    await expectRefused({}, ['name', 'season', 'startDate', 'endDate', 'location']);
  });

  test.each([
    ['location', 'Springfield'],
    ['location.city', { city: 5, country: 'US' }],
    ['location.venue', { venue: ['Hall'], city: 'Reno', country: 'US' }],
    ['location.state', { state: true, city: 'Reno', country: 'US' }],
  ])('wrong type of %s → 422', async (field, location) => {
    await expectRefused(eventBody({ location }), [field]);
  });
});

describe('season', () => {
  test.each(['2026', '2026-2028', '2026-2026', '26-27', 2026, '2026-2027 '])(
    '%j → 422',
    async (season) => {
      await expectRefused(eventBody({ season }), ['season']);
    },
  );

  test('may start in the year of startDate or the year before', async () => {
    expect(
      (
        await createEvent(api, {
          season: '2026-2027',
          startDate: '2027-01-05T09:00:00Z',
          endDate: '2027-01-06T09:00:00Z',
        })
      ).season,
    ).toBe('2026-2027');
    expect(
      (
        await createEvent(api, {
          season: '2027-2028',
          startDate: '2027-01-05T09:00:00Z',
          endDate: '2027-01-06T09:00:00Z',
        })
      ).season,
    ).toBe('2027-2028');
  });

  test.each(['2025-2026', '2028-2029'])('%s for a start in 2027 → 422', async (season) => {
    await expectRefused(
      eventBody({ season, startDate: '2027-01-05T09:00:00Z', endDate: '2027-01-06T09:00:00Z' }),
      ['season'],
    );
  });

  test("is checked against startDate's UTC year, not its local one", async () => {
    const dates = { startDate: '2027-01-01T01:00:00+02:00', endDate: '2027-01-02T09:00:00Z' };
    expect((await createEvent(api, { season: '2025-2026', ...dates })).startDate).toBe(
      '2026-12-31T23:00:00Z',
    );
    await expectRefused(eventBody({ season: '2027-2028', ...dates }), ['season']);
  });
});

describe('dates', () => {
  test('endDate may equal startDate', async () => {
    const event = await createEvent(api, {
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-14T09:00:00Z',
    });
    expect(event.endDate).toBe(event.startDate);
  });

  test('endDate before startDate → 422', async () => {
    await expectRefused(
      eventBody({ startDate: '2027-03-14T09:00:00Z', endDate: '2027-03-14T08:59:59Z' }),
      ['endDate'],
    );
  });

  test.each([
    ['2027-03-14T10:30:00+02:00', '2027-03-14T08:30:00Z'],
    ['2027-03-14T22:00:00-05:00', '2027-03-15T03:00:00Z'],
    ['2027-03-14T09:00:00.25Z', '2027-03-14T09:00:00Z'],
    ['2027-03-14T09:00Z', '2027-03-14T09:00:00Z'],
    ['2027-03-14T09:00:00+00:00', '2027-03-14T09:00:00Z'],
  ])('%s is stored and returned as %s', async (startDate, normalised) => {
    const event = await createEvent(api, { startDate, endDate: '2027-03-20T00:00:00Z' });
    expect(event.startDate).toBe(normalised);
    expect((await getEvent(api, event.id)).startDate).toBe(normalised);
  });

  test.each([
    ['no zone', '2027-03-14T09:00:00'],
    ['a date only', '2027-03-14'],
    ['not a date', 'next tuesday'],
    ['an impossible date', '2027-02-30T09:00:00Z'],
    ['a number', 1_805_000_000],
  ])('startDate with %s → 422', async (_label, startDate) => {
    await expectRefused(eventBody({ startDate }), ['startDate']);
  });

  test('endDate without zone → 422', async () => {
    await expectRefused(eventBody({ endDate: '2027-03-16T18:00:00' }), ['endDate']);
  });
});

describe('other refusals', () => {
  test.each(['secret', 'PUBLIC', '', 3])('visibility %j → 422', async (visibility) => {
    await expectRefused(eventBody({ visibility }), ['visibility']);
  });

  test('an unknown field → 422', async () => {
    await expectRefused(eventBody({ colour: 'blue' }), ['colour']);
  });

  test('an unknown location field → 422', async () => {
    await expectRefused(eventBody({ location: { city: 'Reno', country: 'US', zip: '89501' } }), [
      'location.zip',
    ]);
  });

  test('status → 422 field_not_writable', async () => {
    await expectRefused(eventBody({ status: 'upcoming' }), ['status'], 'field_not_writable');
  });

  test.each(['teamCount', 'clipCount', 'createdAt', 'updatedAt'])('%s → 422', async (field) => {
    const before = await eventTotal(api);
    const reply = await api.post(
      '/v1/events',
      eventBody({ [field]: field.endsWith('At') ? TEST_NOW : 0 }),
      { as: 'organizer' },
    );
    expect(
      detailFields(expectError(reply, 422, ['validation_failed', 'field_not_writable'])),
    ).toContain(field);
    expect(await eventTotal(api)).toBe(before);
  });

  test('streamStatus is not part of the create payload → 422', async () => {
    const reply = await api.post('/v1/events', eventBody({ streamStatus: 'scheduled' }), {
      as: 'organizer',
    });
    expectError(reply, 422, ['validation_failed', 'field_not_writable']);
  });

  test.each([
    ['an array', []],
    ['a string', 'event'],
    ['a number', 42],
    ['null', null],
    ['true', true],
  ])('a body that is %s → 422', async (_label, body) => {
    const before = await eventTotal(api);
    expectError(await api.post('/v1/events', body, { as: 'organizer' }), 422, 'validation_failed');
    expect(await eventTotal(api)).toBe(before);
  });
});
