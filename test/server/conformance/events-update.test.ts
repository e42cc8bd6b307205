import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventRecordSchema, type EventRecord } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, getEvent, SINGLE_EVENT_KEYS } from './fixtures';
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

async function patched(event: EventRecord, patch: unknown): Promise<EventRecord> {
  const reply = await api.patch(`/v1/events/${event.id}`, patch, { as: 'organizer' });
  const record = expectSingle(reply, eventRecordSchema);
  expect(sortedKeys((reply.body as { data: unknown }).data)).toEqual(SINGLE_EVENT_KEYS);
  expect(await getEvent(api, event.id)).toEqual(record);
  return record;
}

/** A refused patch: 422 with these fields among the details (any one of them when `anyOf`), and no change. */
async function expectRefusedPatch(
  event: EventRecord,
  patch: unknown,
  fields: string[],
  { code = 'validation_failed', anyOf = false } = {},
): Promise<void> {
  const reply = await api.patch(`/v1/events/${event.id}`, patch, { as: 'organizer' });
  const named = detailFields(expectError(reply, 422, code));
  if (anyOf)
    expect(
      fields.some((field) => named.includes(field)),
      named.join(),
    ).toBe(true);
  else expect(named).toEqual(expect.arrayContaining(fields));
  expect(await getEvent(api, event.id)).toEqual(event);
}

describe('each writable field', () => {
  test('name (trimmed), keeping the id', async () => {
    const event = await createEvent(api, { name: 'Before Name' });
    const after = await patched(event, { name: '  After Name ' });
    expect(after).toEqual({ ...event, name: 'After Name' });
  });

  test('season', async () => {
    const event = await createEvent(api, {
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
    });
    expect(await patched(event, { season: '2027-2028' })).toEqual({
      ...event,
      season: '2027-2028',
    });
  });

  test('startDate, normalised to UTC', async () => {
    const event = await createEvent(api);
    const after = await patched(event, { startDate: '2027-03-15T09:00:00+01:00' });
    expect(after).toEqual({ ...event, startDate: '2027-03-15T08:00:00Z' });
  });

  test('endDate', async () => {
    const event = await createEvent(api);
    expect(await patched(event, { endDate: '2027-03-20T18:00:00Z' })).toEqual({
      ...event,
      endDate: '2027-03-20T18:00:00Z',
    });
  });

  test('status follows new dates', async () => {
    const event = await createEvent(api);
    expect(event.status).toBe('upcoming');
    const live = await patched(event, { startDate: '2026-11-20T09:00:00Z' });
    expect(live.status).toBe('live');
    const past = await patched(live, { endDate: '2026-11-20T18:00:00Z' });
    expect(past.status).toBe('past');
  });

  test.each(['unlisted', 'private', 'public'] as const)('visibility %s', async (visibility) => {
    const event = await createEvent(api, {
      visibility: visibility === 'public' ? 'private' : 'public',
    });
    expect(await patched(event, { visibility })).toEqual({ ...event, visibility });
  });

  test('streamStatus', async () => {
    const event = await createEvent(api);
    expect(await patched(event, { streamStatus: 'scheduled' })).toEqual({
      ...event,
      streamStatus: 'scheduled',
    });
  });

  test('several fields at once', async () => {
    const event = await createEvent(api);
    const patch = {
      name: 'Moved Event',
      season: '2027-2028',
      startDate: '2028-01-10T09:00:00Z',
      endDate: '2028-01-11T09:00:00Z',
    };
    expect(await patched(event, patch)).toEqual({ ...event, ...patch });
  });

  test('an admin may update too', async () => {
    const event = await createEvent(api);
    const reply = await api.patch(`/v1/events/${event.id}`, { name: 'By Admin' }, { as: 'admin' });
    expect(expectSingle(reply, eventRecordSchema).name).toBe('By Admin');
  });
});

describe('location sub-fields are merged one by one', () => {
  const original = { venue: 'Civic Arena', city: 'Springfield', state: 'IL', country: 'US' };
  test.each([
    ['venue', 'Expo Hall'],
    ['city', 'Peoria'],
    ['state', 'WI'],
    ['country', 'CA'],
  ])('%s', async (field, value) => {
    const event = await createEvent(api, { location: original });
    const after = await patched(event, { location: { [field]: value } });
    expect(after.location).toEqual({ ...original, [field]: value });
  });

  test('two sub-fields at once leave the others', async () => {
    const event = await createEvent(api, { location: original });
    const after = await patched(event, { location: { city: 'Reno', state: 'NV' } });
    expect(after.location).toEqual({
      venue: 'Civic Arena',
      city: 'Reno',
      state: 'NV',
      country: 'US',
    });
  });

  test('null clears an optional sub-field to ""', async () => {
    const event = await createEvent(api, { location: original });
    expect((await patched(event, { location: { venue: null } })).location).toEqual({
      ...original,
      venue: '',
    });
  });

  test.each([
    ['city', null],
    ['city', ''],
    ['country', null],
    ['country', '  '],
    ['city', 7],
  ])('location.%s = %j → 422', async (field, value) => {
    const event = await createEvent(api, { location: original });
    await expectRefusedPatch(event, { location: { [field]: value } }, [`location.${field}`]);
  });

  test('an unknown sub-field → 422', async () => {
    const event = await createEvent(api, { location: original });
    await expectRefusedPatch(event, { location: { zip: '62701' } }, ['location.zip']);
  });

  test('location null → 422', async () => {
    const event = await createEvent(api, { location: original });
    await expectRefusedPatch(
      event,
      { location: null },
      ['location', 'location.city', 'location.country'],
      { anyOf: true },
    );
  });
});

describe('validation of the merged result', () => {
  test('moving endDate before startDate → 422', async () => {
    const event = await createEvent(api, {
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-16T18:00:00Z',
    });
    await expectRefusedPatch(event, { endDate: '2027-03-14T08:00:00Z' }, ['endDate', 'startDate'], {
      anyOf: true,
    });
  });

  test('moving startDate after endDate → 422', async () => {
    const event = await createEvent(api, {
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-16T18:00:00Z',
    });
    await expectRefusedPatch(
      event,
      { startDate: '2027-03-17T09:00:00Z' },
      ['endDate', 'startDate'],
      { anyOf: true },
    );
  });

  test('moving startDate out of the season → 422', async () => {
    const event = await createEvent(api, {
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
    });
    await expectRefusedPatch(
      event,
      { startDate: '2028-03-14T09:00:00Z', endDate: '2028-03-15T09:00:00Z' },
      ['season', 'startDate'],
      { anyOf: true },
    );
  });

  test('a season that does not fit startDate → 422', async () => {
    const event = await createEvent(api, {
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
    });
    await expectRefusedPatch(event, { season: '2025-2026' }, ['season']);
  });

  test('a date without zone → 422', async () => {
    const event = await createEvent(api);
    await expectRefusedPatch(event, { endDate: '2027-03-20T18:00:00' }, ['endDate']);
  });

  test('every bad field is listed, and nothing of the patch is applied', async () => {
    const event = await createEvent(api);
    await expectRefusedPatch(event, { name: '', visibility: 'hidden', season: '2027' }, [
      'name',
      'visibility',
      'season',
    ]);
    await expectRefusedPatch(event, { name: 'Would Be Fine', visibility: 'hidden' }, [
      'visibility',
    ]);
  });

  test.each([
    ['name', `N${'x'.repeat(120)}`],
    ['name', null],
    ['season', null],
    ['startDate', null],
    ['visibility', 'everyone'],
    ['streamStatus', 'paused'],
  ])('%s = %j → 422', async (field, value) => {
    const event = await createEvent(api);
    await expectRefusedPatch(event, { [field]: value }, [field]);
  });
});

describe('refusals', () => {
  test('an empty object changes nothing', async () => {
    const event = await createEvent(api);
    expect(await patched(event, {})).toEqual(event);
  });

  test.each(['upcoming', 'past'])('status %s → 422 field_not_writable', async (status) => {
    const event = await createEvent(api);
    await expectRefusedPatch(event, { status }, ['status'], { code: 'field_not_writable' });
  });

  test('status with a writable field → 422 field_not_writable, nothing applied', async () => {
    const event = await createEvent(api);
    await expectRefusedPatch(event, { name: 'Sneaky', status: 'live' }, ['status'], {
      code: 'field_not_writable',
    });
  });

  test.each(['id', 'teamCount', 'clipCount', 'createdAt', 'updatedAt', 'colour'])(
    '%s → 422',
    async (field) => {
      const event = await createEvent(api);
      const reply = await api.patch(
        `/v1/events/${event.id}`,
        { [field]: 'x' },
        { as: 'organizer' },
      );
      expect(
        detailFields(expectError(reply, 422, ['validation_failed', 'field_not_writable'])),
      ).toContain(field);
      expect(await getEvent(api, event.id)).toEqual(event);
    },
  );

  test.each([
    ['an array', []],
    ['a string', 'name'],
    ['a number', 1],
    ['null', null],
  ])('a body that is %s → 422', async (_label, body) => {
    const event = await createEvent(api);
    expectError(
      await api.patch(`/v1/events/${event.id}`, body, { as: 'organizer' }),
      422,
      'validation_failed',
    );
    expect(await getEvent(api, event.id)).toEqual(event);
  });

  test('malformed JSON → 400, wrong media type → 415, too large → 413', async () => {
    const event = await createEvent(api);
    const path = `/v1/events/${event.id}`;
    expectError(
      await api.request('PATCH', path, { as: 'organizer', body: '{"name":' }),
      400,
      'invalid_request',
    );
    expectError(
      await api.request('PATCH', path, {
        as: 'organizer',
        body: '{"name":"X"}',
        contentType: 'text/plain',
      }),
      415,
      'unsupported_media_type',
    );
    const large = JSON.stringify({ name: 'x'.repeat(66_000) });
    expectError(
      await api.request('PATCH', path, { as: 'organizer', body: large }),
      413,
      'payload_too_large',
    );
    expect(await getEvent(api, event.id)).toEqual(event);
  });
});

describe('updatedAt on a real clock', () => {
  let realServer: TestServer;
  let realApi: Api;

  beforeAll(async () => {
    realServer = await startTestServer({ data: 'none', now: null });
    realApi = new Api(realServer);
  });

  afterAll(async () => {
    await realServer.close();
  });

  async function waitPast(timestamp: string): Promise<void> {
    const until = Date.parse(timestamp) + 1_050;
    while (Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  async function patchReal(id: string, patch: unknown): Promise<EventRecord> {
    return expectSingle(
      await realApi.patch(`/v1/events/${id}`, patch, { as: 'organizer' }),
      eventRecordSchema,
    );
  }

  test('changes with a change and not with a no-op', async () => {
    const before = Date.now();
    const event = await createEvent(realApi);
    expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(event.createdAt)).toBeLessThanOrEqual(Date.now());
    expect(event.updatedAt).toBe(event.createdAt);
    await waitPast(event.createdAt);

    expect(await patchReal(event.id, {})).toEqual(event);
    expect(await patchReal(event.id, { streamStatus: 'none' })).toEqual(event);

    const scheduled = await patchReal(event.id, { streamStatus: 'scheduled' });
    expect(scheduled.createdAt).toBe(event.createdAt);
    expect(scheduled.updatedAt > event.updatedAt).toBe(true);
    await waitPast(scheduled.updatedAt);

    expect((await patchReal(event.id, { streamStatus: 'scheduled' })).updatedAt).toBe(
      scheduled.updatedAt,
    );
    const renamed = await patchReal(event.id, { name: 'Renamed On Real Clock' });
    expect(renamed.updatedAt > scheduled.updatedAt).toBe(true);
    expect(renamed.createdAt).toBe(event.createdAt);
  });
});
