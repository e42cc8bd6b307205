import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventRecordSchema, type EventRecord } from '../../../src/shared/wire';
import { startTestServer, type TestServer } from '../../harness/server';
import { createEvent, getEvent } from './fixtures';
import { Api, detailFields, expectError, expectSingle } from './http';

type StreamStatus = 'none' | 'scheduled' | 'live' | 'ended';

const STATES: StreamStatus[] = ['none', 'scheduled', 'live', 'ended'];

/** decisions.md: none→scheduled, scheduled→none, scheduled→live, live→ended, ended→scheduled. */
const ALLOWED = new Set([
  'none→scheduled',
  'scheduled→none',
  'scheduled→live',
  'live→ended',
  'ended→scheduled',
]);

/** The allowed moves that bring a new event (at `none`) to each state. */
const PATH_FROM_NONE: Record<StreamStatus, StreamStatus[]> = {
  none: [],
  scheduled: ['scheduled'],
  live: ['scheduled', 'live'],
  ended: ['scheduled', 'live', 'ended'],
};

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer({ data: 'none' });
  api = new Api(server);
});

afterAll(async () => {
  await server.close();
});

async function setStream(id: string, streamStatus: StreamStatus): Promise<EventRecord> {
  const reply = await api.patch(`/v1/events/${id}`, { streamStatus }, { as: 'organizer' });
  return expectSingle(reply, eventRecordSchema);
}

async function eventAt(state: StreamStatus): Promise<EventRecord> {
  let event = await createEvent(api);
  for (const step of PATH_FROM_NONE[state]) event = await setStream(event.id, step);
  expect(event.streamStatus).toBe(state);
  return event;
}

test('a new event starts at none', async () => {
  expect((await createEvent(api)).streamStatus).toBe('none');
});

const PAIRS = STATES.flatMap((from) => STATES.map((to) => ({ from, to })));

describe.each(PAIRS)('$from → $to', ({ from, to }) => {
  const kind = from === to ? 'no-op' : ALLOWED.has(`${from}→${to}`) ? 'allowed' : 'refused';

  test(kind, async () => {
    const event = await eventAt(from);
    const reply = await api.patch(
      `/v1/events/${event.id}`,
      { streamStatus: to },
      { as: 'organizer' },
    );
    if (kind === 'refused') {
      expectError(reply, 409, 'invalid_transition');
      expect(await getEvent(api, event.id)).toEqual(event);
    } else {
      const after = expectSingle(reply, eventRecordSchema);
      expect(after).toEqual({ ...event, streamStatus: to });
      expect(await getEvent(api, event.id)).toEqual(after);
    }
  });
});

test('a refused transition applies nothing else of the patch', async () => {
  const event = await eventAt('none');
  const reply = await api.patch(
    `/v1/events/${event.id}`,
    { name: 'Should Not Stick', streamStatus: 'ended' },
    { as: 'organizer' },
  );
  expectError(reply, 409, 'invalid_transition');
  expect(await getEvent(api, event.id)).toEqual(event);
});

test('a full cycle none → scheduled → live → ended → scheduled → none', async () => {
  const event = await createEvent(api);
  for (const step of ['scheduled', 'live', 'ended', 'scheduled', 'none'] as const) {
    expect((await setStream(event.id, step)).streamStatus).toBe(step);
  }
});

test.each(['paused', 'LIVE', '', 1])(
  'a value outside the enum (%j) → 422 validation_failed',
  async (streamStatus) => {
    const event = await eventAt('scheduled');
    const reply = await api.patch(`/v1/events/${event.id}`, { streamStatus }, { as: 'organizer' });
    expect(detailFields(expectError(reply, 422, 'validation_failed'))).toContain('streamStatus');
    expect(await getEvent(api, event.id)).toEqual(event);
  },
);

test('streamStatus does not follow status: an upcoming event may be live on stream and vice versa', async () => {
  const event = await eventAt('live');
  expect(event.status).toBe('upcoming');
  expect(event.streamStatus).toBe('live');
});
