import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.TZ = 'Europe/Berlin';
});

import type { EventFields } from '../../../../src/shared/wire/event';
import { checkCreateBody } from '../../../../src/shared/wire/event-input';
import {
  createBodyOf,
  EMPTY_FORM,
  type EventFormValues,
} from '../../../../src/renderer/src/views/event-form/form-values';
import { checkCreate, checkUpdate } from '../../../../src/renderer/src/views/event-form/validate';

const FILLED: EventFormValues = {
  ...EMPTY_FORM,
  name: 'Lakeside Qualifier',
  season: '2025-2026',
  startDate: '2026-03-14T09:00',
  endDate: '2026-03-15T18:00',
  city: 'Lakeside',
  country: 'Germany',
};

const CURRENT: EventFields = {
  name: 'Lakeside Qualifier',
  season: '2025-2026',
  startDate: '2026-03-14T08:00:00Z',
  endDate: '2026-03-15T17:00:00Z',
  location: { venue: 'Hall 3', city: 'Lakeside', state: '', country: 'Germany' },
  visibility: 'public',
  streamStatus: 'none',
};

const ORIGINAL: EventFormValues = { ...FILLED, venue: 'Hall 3' };

describe('checkCreate', () => {
  it('passes a complete event, and its body is what the service accepts', () => {
    const { body, problems } = checkCreate(FILLED);
    expect(problems).toEqual({ fields: {}, other: [] });
    expect(checkCreateBody(body).ok).toBe(true);
  });

  it("shows the service's own messages, each beside its field", () => {
    const { problems } = checkCreate({ ...EMPTY_FORM, season: '2026' });
    expect(problems.fields).toEqual({
      name: 'must not be empty',
      startDate: 'is required',
      endDate: 'is required',
      season: 'must be <year>-<year+1>, e.g. 2025-2026',
      city: 'must not be empty',
      country: 'must not be empty',
    });
    // Word for word what the shared check says of the same body.
    const shared = checkCreateBody(createBodyOf({ ...EMPTY_FORM, season: '2026' }));
    expect(shared.ok).toBe(false);
    if (!shared.ok) {
      const name = shared.error.details.find((detail) => detail.field === 'name');
      expect(name?.issue).toBe(problems.fields.name);
    }
  });

  it('says what is wrong across fields at once, while another field is still wrong', () => {
    const { problems } = checkCreate({
      ...FILLED,
      name: '',
      season: '2023-2024',
      endDate: '2026-03-13T18:00',
    });
    expect(problems.fields).toEqual({
      name: 'must not be empty',
      endDate: 'must not be before startDate',
      season: 'must begin in 2025 or 2026, the year startDate falls in or the one before',
    });
  });

  it('reads the season against the UTC year of the start, as the service does', () => {
    // 00:30 on 1 January 2026 in Berlin is still 2025 in UTC: 2024-2025 is then allowed.
    const early = { ...FILLED, season: '2024-2025', startDate: '2026-01-01T00:30' };
    expect(checkCreate(early).problems.fields).toEqual({});
    expect(checkCreate({ ...early, startDate: '2026-01-01T01:30' }).problems.fields.season).toMatch(
      /^must begin in 2025 or 2026/,
    );
  });
});

describe('checkUpdate', () => {
  it('has nothing to say, and nothing to send, when nothing changed', () => {
    expect(checkUpdate(CURRENT, ORIGINAL, ORIGINAL)).toEqual({
      patch: {},
      problems: { fields: {}, other: [] },
    });
  });

  it('checks the patch on its own', () => {
    const { patch, problems } = checkUpdate(CURRENT, ORIGINAL, { ...ORIGINAL, city: ' ' });
    expect(patch).toEqual({ location: { city: '' } });
    expect(problems.fields).toEqual({ city: 'must not be empty' });
  });

  it('checks the patch merged into the event as the cache has it now', () => {
    // The form was opened before a sync moved the start to the 16th: an end on the 15th is
    // before it, though the form never touched the start.
    const moved = { ...CURRENT, startDate: '2026-03-16T08:00:00Z' };
    const { patch, problems } = checkUpdate(moved, ORIGINAL, {
      ...ORIGINAL,
      endDate: '2026-03-15T20:00',
    });
    expect(patch).toEqual({ endDate: '2026-03-15T20:00:00+01:00' });
    expect(problems.fields).toEqual({ endDate: 'must not be before startDate' });
  });

  it("shows a cleared date's refusal beside it", () => {
    const { problems } = checkUpdate(CURRENT, ORIGINAL, { ...ORIGINAL, startDate: '' });
    expect(problems.fields.startDate).toMatch(/^must be an ISO 8601 date-time with a zone/);
  });

  it('accepts clearing the venue', () => {
    const { patch, problems } = checkUpdate(CURRENT, ORIGINAL, { ...ORIGINAL, venue: '' });
    expect(patch).toEqual({ location: { venue: null } });
    expect(problems).toEqual({ fields: {}, other: [] });
  });
});
