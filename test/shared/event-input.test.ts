import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/shared/wire/body-limit';
import type { EventFields, StreamStatus } from '../../src/shared/wire/event';
import {
  checkCreateBody,
  checkPatchBody,
  mergePatch,
  type EventInputError,
  type EventInputResult,
} from '../../src/shared/wire/event-input';

const validCreateBody = {
  name: 'Spring Open',
  season: '2025-2026',
  startDate: '2026-03-14T09:00:00Z',
  endDate: '2026-03-15T18:00:00Z',
  location: { venue: 'Expo Hall', city: 'Austin', state: 'TX', country: 'US' },
};

const currentEvent: EventFields = {
  name: 'Spring Open',
  season: '2025-2026',
  startDate: '2026-03-14T09:00:00Z',
  endDate: '2026-03-15T18:00:00Z',
  location: { venue: 'Expo Hall', city: 'Austin', state: 'TX', country: 'US' },
  visibility: 'public',
  streamStatus: 'none',
};

const NOT_VALID = 'The event is not valid.';
const NOT_WRITABLE = 'The body sets fields that only the service writes.';
const ZONED_TIMESTAMP =
  'must be an ISO 8601 date-time with a zone (Z or ±hh:mm), in the years 0001–9999 UTC';

function valueOf<T>(result: EventInputResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function errorOf<T>(result: EventInputResult<T>): EventInputError {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.error;
}

function createWith(changes: Record<string, unknown>): Record<string, unknown> {
  return { ...validCreateBody, ...changes };
}

function createWithout(field: string): Record<string, unknown> {
  const [member, inner] = field.split('.');
  if (member === undefined) throw new Error('no field named');
  if (inner === undefined) {
    return Object.fromEntries(Object.entries(validCreateBody).filter(([name]) => name !== member));
  }
  const location = Object.fromEntries(
    Object.entries(validCreateBody.location).filter(([name]) => name !== inner),
  );
  return { ...validCreateBody, location };
}

function patched(current: EventFields, body: unknown): EventInputResult<EventFields> {
  return mergePatch(current, valueOf(checkPatchBody(body)));
}

describe('checkCreateBody', () => {
  it('resolves a valid body, filling in the defaults', () => {
    const body = createWith({ location: { city: 'Austin', country: 'US' } });
    expect(valueOf(checkCreateBody(body))).toEqual({
      ...currentEvent,
      location: { venue: '', city: 'Austin', state: '', country: 'US' },
      visibility: 'public',
      streamStatus: 'none',
    });
  });

  it('trims the name and location text', () => {
    const body = createWith({
      name: '  Spring Open  ',
      location: { venue: ' Expo Hall ', city: ' Austin', state: 'TX ', country: ' US ' },
    });
    expect(valueOf(checkCreateBody(body))).toEqual(currentEvent);
  });

  it.each([
    'name',
    'season',
    'startDate',
    'endDate',
    'location',
    'location.city',
    'location.country',
  ])('refuses a body without %s', (field) => {
    expect(errorOf(checkCreateBody(createWithout(field)))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field, issue: 'is required' }],
    });
  });

  it('lists every missing field of an empty body', () => {
    expect(errorOf(checkCreateBody({})).details).toEqual([
      { field: 'name', issue: 'is required' },
      { field: 'season', issue: 'is required' },
      { field: 'startDate', issue: 'is required' },
      { field: 'endDate', issue: 'is required' },
      { field: 'location', issue: 'is required' },
    ]);
  });

  it.each(['location.venue', 'location.state'])('accepts a body without %s', (field) => {
    expect(checkCreateBody(createWithout(field)).ok).toBe(true);
  });

  it('accepts a name of 120 characters and refuses one of 121', () => {
    expect(valueOf(checkCreateBody(createWith({ name: 'x'.repeat(120) }))).name).toHaveLength(120);
    expect(errorOf(checkCreateBody(createWith({ name: 'x'.repeat(121) })))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'name', issue: 'must be at most 120 characters' }],
    });
  });

  it('counts the name after trimming it', () => {
    const name = ` ${'x'.repeat(120)} `;
    expect(valueOf(checkCreateBody(createWith({ name }))).name).toHaveLength(120);
  });

  it.each(['', '   '])('refuses the name %j, empty once trimmed', (name) => {
    expect(errorOf(checkCreateBody(createWith({ name })))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'name', issue: 'must not be empty' }],
    });
  });

  it.each(['', '   '])('refuses the city %j, empty once trimmed', (city) => {
    const body = createWith({ location: { city, country: 'US' } });
    expect(errorOf(checkCreateBody(body)).details).toEqual([
      { field: 'location.city', issue: 'must not be empty' },
    ]);
  });

  it.each(['2025/2026', '2025-2027', '25-26', '2025-2026 '])('refuses the season %j', (season) => {
    expect(errorOf(checkCreateBody(createWith({ season })))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'season', issue: 'must be <year>-<year+1>, e.g. 2025-2026' }],
    });
  });

  it.each(['2025-2026', '2026-2027'])(
    'accepts the season %s for an event starting in 2026',
    (season) => {
      expect(valueOf(checkCreateBody(createWith({ season }))).season).toBe(season);
    },
  );

  it.each(['2024-2025', '2027-2028'])(
    'refuses the season %s for an event starting in 2026',
    (season) => {
      expect(errorOf(checkCreateBody(createWith({ season })))).toEqual({
        code: 'validation_failed',
        message: NOT_VALID,
        details: [
          {
            field: 'season',
            issue: 'must begin in 2025 or 2026, the year startDate falls in or the one before',
          },
        ],
      });
    },
  );

  it('refuses an end before the start', () => {
    const body = createWith({ endDate: '2026-03-14T08:59:59Z' });
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'endDate', issue: 'must not be before startDate' }],
    });
  });

  it('accepts an event that ends the moment it starts', () => {
    const body = createWith({ endDate: validCreateBody.startDate });
    expect(checkCreateBody(body).ok).toBe(true);
  });

  it('reports the end and the season together when both are wrong', () => {
    const body = createWith({ season: '2023-2024', endDate: '2026-03-13T09:00:00Z' });
    expect(errorOf(checkCreateBody(body)).details.map(({ field }) => field)).toEqual([
      'endDate',
      'season',
    ]);
  });

  it.each(['startDate', 'endDate'])('refuses a %s without a zone', (field) => {
    expect(errorOf(checkCreateBody(createWith({ [field]: '2026-03-14T09:00:00' })))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field, issue: ZONED_TIMESTAMP }],
    });
  });

  it('refuses a date without a time', () => {
    expect(errorOf(checkCreateBody(createWith({ startDate: '2026-03-14' }))).details).toEqual([
      { field: 'startDate', issue: ZONED_TIMESTAMP },
    ]);
  });

  it('accepts timestamps with offsets, normalised to UTC', () => {
    const body = createWith({
      startDate: '2026-03-14T10:30:00+01:30',
      endDate: '2026-03-15T13:00:00-05:00',
    });
    const fields = valueOf(checkCreateBody(body));
    expect(fields.startDate).toBe('2026-03-14T09:00:00Z');
    expect(fields.endDate).toBe('2026-03-15T18:00:00Z');
  });

  it('compares start and end as instants, not as the text sent', () => {
    // 08:00 at -02:00 is 10:00 UTC, after the 09:00 UTC start, though its text sorts before it.
    const body = createWith({ endDate: '2026-03-14T08:00:00-02:00' });
    expect(valueOf(checkCreateBody(body)).endDate).toBe('2026-03-14T10:00:00Z');
  });

  it('names each unknown field, at the top and inside the location', () => {
    const body = createWith({
      colour: 'red',
      location: { ...validCreateBody.location, planet: 'Earth' },
    });
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [
        { field: 'location.planet', issue: 'is not a known field' },
        { field: 'colour', issue: 'is not a known field' },
      ],
    });
  });

  it('refuses a read-only field as not writable', () => {
    expect(errorOf(checkCreateBody(createWith({ teamCount: 3 })))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [{ field: 'teamCount', issue: 'is not writable' }],
    });
  });

  it('refuses streamStatus on a new event, which starts with no stream', () => {
    expect(errorOf(checkCreateBody(createWith({ streamStatus: 'scheduled' })))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [{ field: 'streamStatus', issue: 'is not writable' }],
    });
  });

  it('lists read-only fields first, then the other problems with the body', () => {
    const body = createWith({ id: '2025springopen', createdAt: 'now', name: '', colour: 'red' });
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [
        { field: 'id', issue: 'is not writable' },
        { field: 'createdAt', issue: 'is not writable' },
        { field: 'name', issue: 'must not be empty' },
        { field: 'colour', issue: 'is not a known field' },
      ],
    });
  });

  it('lists a read-only field together with a date problem', () => {
    const body = createWith({ updatedAt: 'now', endDate: '2026-03-13T09:00:00Z' });
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [
        { field: 'updatedAt', issue: 'is not writable' },
        { field: 'endDate', issue: 'must not be before startDate' },
      ],
    });
  });

  it.each(['public', 'unlisted', 'private'] as const)('accepts the visibility %s', (visibility) => {
    expect(valueOf(checkCreateBody(createWith({ visibility }))).visibility).toBe(visibility);
  });

  it.each(['secret', 'PUBLIC', '', null])('refuses the visibility %j', (visibility) => {
    expect(errorOf(checkCreateBody(createWith({ visibility })))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [
        {
          field: 'visibility',
          issue: 'Invalid option: expected one of "public"|"unlisted"|"private"',
        },
      ],
    });
  });

  it('refuses text holding a lone surrogate, which the service could not store', () => {
    const body = createWith({ location: { ...validCreateBody.location, city: 'Aus\ud800tin' } });
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'location.city', issue: 'must be well-formed Unicode text' }],
    });
  });

  it('accepts a surrogate pair, which is well-formed', () => {
    expect(valueOf(checkCreateBody(createWith({ name: 'Open 🏁' }))).name).toBe('Open 🏁');
  });

  it('calls a missing body malformed', () => {
    expect(errorOf(checkCreateBody(undefined))).toEqual({
      code: 'invalid_request',
      message: 'Send the event as a JSON object.',
      details: [],
    });
  });

  it.each([null, [], 'Spring Open', 42])('calls the JSON %j invalid, not an object', (body) => {
    expect(errorOf(checkCreateBody(body))).toEqual({
      code: 'validation_failed',
      message: 'The body must be a JSON object.',
      details: [],
    });
  });

  it('reports a __proto__ member as unknown rather than following it', () => {
    const body: unknown = JSON.parse(
      JSON.stringify(validCreateBody).replace('{', '{"__proto__":{"visibility":"private"},'),
    );
    expect(errorOf(checkCreateBody(body)).details).toEqual([
      { field: '__proto__', issue: 'is not a known field' },
    ]);
  });
});

describe('checkPatchBody', () => {
  it('accepts an empty patch', () => {
    expect(valueOf(checkPatchBody({}))).toEqual({});
  });

  it('keeps a null venue and state, which clear them', () => {
    expect(valueOf(checkPatchBody({ location: { venue: null, state: null } }))).toEqual({
      location: { venue: null, state: null },
    });
  });

  it.each(['name', 'season', 'startDate', 'visibility', 'streamStatus'])(
    'refuses a null %s, which is not optional',
    (field) => {
      const error = errorOf(checkPatchBody({ [field]: null }));
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((detail) => detail.field)).toEqual([field]);
    },
  );

  it.each(['city', 'country'])('refuses a null location.%s', (member) => {
    const error = errorOf(checkPatchBody({ location: { [member]: null } }));
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((detail) => detail.field)).toEqual([`location.${member}`]);
  });

  it('checks each field it sets as a create would', () => {
    const body = { name: ' ', season: '2026', startDate: '2026-03-14T09:00:00' };
    expect(errorOf(checkPatchBody(body))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [
        { field: 'name', issue: 'must not be empty' },
        { field: 'season', issue: 'must be <year>-<year+1>, e.g. 2025-2026' },
        { field: 'startDate', issue: ZONED_TIMESTAMP },
      ],
    });
  });

  it('normalises timestamps with offsets', () => {
    expect(valueOf(checkPatchBody({ endDate: '2026-03-15T20:00:00+02:00' }))).toEqual({
      endDate: '2026-03-15T18:00:00Z',
    });
  });

  it('accepts streamStatus, which a change may move along', () => {
    expect(valueOf(checkPatchBody({ streamStatus: 'scheduled' }))).toEqual({
      streamStatus: 'scheduled',
    });
  });

  it('names unknown fields', () => {
    expect(errorOf(checkPatchBody({ location: { planet: 'Earth' }, colour: 'red' }))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [
        { field: 'location.planet', issue: 'is not a known field' },
        { field: 'colour', issue: 'is not a known field' },
      ],
    });
  });

  it('refuses read-only fields even when the rest is valid', () => {
    expect(errorOf(checkPatchBody({ status: 'live', name: 'Renamed' }))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [{ field: 'status', issue: 'is not writable' }],
    });
  });

  it('lists read-only fields together with the other problems', () => {
    expect(errorOf(checkPatchBody({ clipCount: 0, visibility: 'secret' }))).toEqual({
      code: 'field_not_writable',
      message: NOT_WRITABLE,
      details: [
        { field: 'clipCount', issue: 'is not writable' },
        {
          field: 'visibility',
          issue: 'Invalid option: expected one of "public"|"unlisted"|"private"',
        },
      ],
    });
  });

  it('refuses a lone surrogate', () => {
    expect(errorOf(checkPatchBody({ name: '\udc00' })).details).toEqual([
      { field: 'name', issue: 'must be well-formed Unicode text' },
    ]);
  });

  it('calls a missing body malformed and a non-object invalid', () => {
    expect(errorOf(checkPatchBody(undefined)).code).toBe('invalid_request');
    expect(errorOf(checkPatchBody([])).code).toBe('validation_failed');
  });
});

describe('mergePatch', () => {
  it('leaves the event as it is for an empty patch', () => {
    expect(valueOf(patched(currentEvent, {}))).toEqual(currentEvent);
  });

  it('clears venue and state to "" when they are null', () => {
    const merged = valueOf(patched(currentEvent, { location: { venue: null, state: null } }));
    expect(merged.location).toEqual({ venue: '', city: 'Austin', state: '', country: 'US' });
  });

  it('merges location members one by one', () => {
    const merged = valueOf(patched(currentEvent, { location: { city: 'Dallas' } }));
    expect(merged.location).toEqual({
      venue: 'Expo Hall',
      city: 'Dallas',
      state: 'TX',
      country: 'US',
    });
  });

  it('changes the fields the patch sets and keeps the others', () => {
    const merged = valueOf(patched(currentEvent, { name: ' Renamed ', visibility: 'unlisted' }));
    expect(merged).toEqual({ ...currentEvent, name: 'Renamed', visibility: 'unlisted' });
  });

  it('refuses a patch that moves the end before the existing start', () => {
    expect(errorOf(patched(currentEvent, { endDate: '2026-03-13T09:00:00Z' }))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [{ field: 'endDate', issue: 'must not be before startDate' }],
    });
  });

  it('refuses a start moved out of the existing season', () => {
    const body = { startDate: '2027-03-14T09:00:00Z', endDate: '2027-03-15T09:00:00Z' };
    expect(errorOf(patched(currentEvent, body))).toEqual({
      code: 'validation_failed',
      message: NOT_VALID,
      details: [
        {
          field: 'season',
          issue: 'must begin in 2026 or 2027, the year startDate falls in or the one before',
        },
      ],
    });
  });

  it('accepts moving the season and the dates together', () => {
    const body = {
      season: '2026-2027',
      startDate: '2027-03-14T09:00:00Z',
      endDate: '2027-03-15T09:00:00Z',
    };
    expect(valueOf(patched(currentEvent, body))).toEqual({ ...currentEvent, ...body });
  });

  it.each<[StreamStatus, StreamStatus]>([
    ['none', 'scheduled'],
    ['scheduled', 'none'],
    ['scheduled', 'live'],
    ['live', 'ended'],
    ['ended', 'scheduled'],
  ])('moves the stream from %s to %s', (from, to) => {
    const current = { ...currentEvent, streamStatus: from };
    expect(valueOf(patched(current, { streamStatus: to })).streamStatus).toBe(to);
  });

  it.each<[StreamStatus, StreamStatus]>([
    ['none', 'live'],
    ['none', 'ended'],
    ['scheduled', 'ended'],
    ['live', 'none'],
    ['live', 'scheduled'],
    ['ended', 'none'],
    ['ended', 'live'],
  ])('refuses to move the stream from %s to %s', (from, to) => {
    const current = { ...currentEvent, streamStatus: from };
    expect(errorOf(patched(current, { streamStatus: to }))).toEqual({
      code: 'invalid_transition',
      message: `The stream cannot go from ${from} to ${to}.`,
      details: [{ field: 'streamStatus', issue: `cannot change from ${from}` }],
    });
  });

  it.each<StreamStatus>(['none', 'scheduled', 'live', 'ended'])(
    'accepts the stream staying %s, which changes nothing',
    (status) => {
      const current = { ...currentEvent, streamStatus: status };
      expect(valueOf(patched(current, { streamStatus: status }))).toEqual(current);
    },
  );

  it('reports a date problem before a refused stream move', () => {
    const current = { ...currentEvent, streamStatus: 'live' as const };
    const body = { streamStatus: 'none', endDate: '2026-03-13T09:00:00Z' };
    expect(errorOf(patched(current, body)).code).toBe('validation_failed');
  });
});

describe('the size of a body', () => {
  /** A body whose JSON text is exactly `bytes` long in UTF-8, its venue padded with `letter`. */
  function sized(bytes: number, letter: string): Record<string, unknown> {
    const body = { ...validCreateBody, location: { ...validCreateBody.location, venue: '' } };
    const rest = bytes - new TextEncoder().encode(JSON.stringify(body)).length;
    const perLetter = new TextEncoder().encode(letter).length;
    const venue = letter.repeat(Math.floor(rest / perLetter)) + 'x'.repeat(rest % perLetter);
    return { ...body, location: { ...body.location, venue } };
  }

  it('takes a body of 64 KiB and refuses one byte more, as the service would (413)', () => {
    expect(checkCreateBody(sized(BODY_LIMIT_BYTES, 'a')).ok).toBe(true);
    const refused = errorOf(checkCreateBody(sized(BODY_LIMIT_BYTES + 1, 'a')));
    expect(refused).toMatchObject({ code: 'payload_too_large', details: [] });
    expect(refused.message).toMatch(/larger than the service takes \(64 KiB\)/);
  });

  it('counts bytes, not characters: accented text weighs twice', () => {
    expect(checkCreateBody(sized(BODY_LIMIT_BYTES, 'é')).ok).toBe(true);
    const halfAsMany = sized(BODY_LIMIT_BYTES + 2, 'é');
    expect(errorOf(checkCreateBody(halfAsMany)).code).toBe('payload_too_large');
  });

  it('refuses a change as large, before looking at its fields', () => {
    const venue = 'v'.repeat(BODY_LIMIT_BYTES);
    expect(errorOf(checkPatchBody({ location: { venue } })).code).toBe('payload_too_large');
  });
});
