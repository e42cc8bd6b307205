import { describe, expect, it, vi } from 'vitest';

// Auckland: 13 hours ahead of UTC in March, so a local date differs from the UTC one.
vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

import type { CachedEvent } from '../../../../src/shared/ipc/reads';
import {
  createBodyOf,
  EMPTY_FORM,
  eventFieldsOf,
  formValuesOf,
  patchOf,
  seasonForStart,
  type EventFormValues,
} from '../../../../src/renderer/src/views/event-form/form-values';

const EVENT: CachedEvent = {
  id: '2025springfield',
  name: 'Springfield Regional',
  season: '2025-2026',
  startDate: '2026-03-13T20:00:00Z',
  endDate: '2026-03-15T05:00:00Z',
  location: { venue: 'Expo Hall', city: 'Springfield', state: 'IL', country: 'USA' },
  status: 'upcoming',
  streamStatus: 'scheduled',
  teamCount: 40,
  clipCount: 3,
  visibility: 'unlisted',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

const original = formValuesOf(EVENT);
const edited = (change: Partial<EventFormValues>): EventFormValues => ({ ...original, ...change });

describe('formValuesOf', () => {
  it('shows the stored instants on the local clock', () => {
    expect(original).toEqual({
      name: 'Springfield Regional',
      season: '2025-2026',
      startDate: '2026-03-14T09:00',
      endDate: '2026-03-15T18:00',
      venue: 'Expo Hall',
      city: 'Springfield',
      state: 'IL',
      country: 'USA',
      visibility: 'unlisted',
    });
  });

  it('leaves a visibility the cache never learnt unchosen, and counts it public for the checks', () => {
    const listOnly = { ...EVENT, visibility: null };
    expect(formValuesOf(listOnly).visibility).toBe('');
    expect(eventFieldsOf(listOnly).visibility).toBe('public');
    expect(eventFieldsOf(EVENT).streamStatus).toBe('scheduled');
  });
});

describe('patchOf', () => {
  it('is empty when nothing changed', () => {
    expect(patchOf(original, original)).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(patchOf(original, edited({ name: 'Springfield Open', city: 'Shelbyville' }))).toEqual({
      name: 'Springfield Open',
      location: { city: 'Shelbyville' },
    });
  });

  it('sends null for a cleared venue or state, which the service reads as none', () => {
    expect(patchOf(original, edited({ venue: '', state: '  ' }))).toEqual({
      location: { venue: null, state: null },
    });
  });

  it('sends an emptied city or country as empty, for the service to refuse', () => {
    expect(patchOf(original, edited({ country: '' }))).toEqual({ location: { country: '' } });
  });

  it('does not count spaces around unchanged text as a change', () => {
    expect(
      patchOf(original, edited({ name: ' Springfield Regional ', city: 'Springfield ' })),
    ).toEqual({});
  });

  it('sends a changed date with the local offset, and not one typed again to the second', () => {
    expect(patchOf(original, edited({ startDate: '2026-03-14T10:00' }))).toEqual({
      startDate: '2026-03-14T10:00:00+13:00',
    });
    expect(patchOf(original, edited({ startDate: '2026-03-14T09:00:00' }))).toEqual({});
  });

  it('sends a cleared date empty rather than leaving it out as unchanged', () => {
    expect(patchOf(original, edited({ endDate: '' }))).toEqual({ endDate: '' });
  });

  it('leaves an unknown visibility alone unless one is picked', () => {
    const unknown = { ...original, visibility: '' as const };
    expect(patchOf(unknown, unknown)).toEqual({});
    expect(patchOf(unknown, { ...unknown, visibility: 'public' })).toEqual({
      visibility: 'public',
    });
    expect(patchOf(original, edited({ visibility: 'private' }))).toEqual({
      visibility: 'private',
    });
  });
});

describe('createBodyOf', () => {
  it('sends every field, trimmed, with the dates as instants', () => {
    expect(
      createBodyOf({
        ...EMPTY_FORM,
        name: ' Lakeside Qualifier ',
        season: '2025-2026',
        startDate: '2026-03-14T09:00',
        endDate: '2026-03-15T18:00',
        city: 'Lakeside',
        country: 'New Zealand',
      }),
    ).toEqual({
      name: 'Lakeside Qualifier',
      season: '2025-2026',
      startDate: '2026-03-14T09:00:00+13:00',
      endDate: '2026-03-15T18:00:00+13:00',
      location: { venue: '', city: 'Lakeside', state: '', country: 'New Zealand' },
      visibility: 'public',
    });
  });

  it('leaves an empty date out, so the service says it is required', () => {
    const body = createBodyOf(EMPTY_FORM);
    expect('startDate' in body).toBe(false);
    expect('endDate' in body).toBe(false);
  });
});

describe('seasonForStart', () => {
  it('is the season the start falls in, counted in UTC as the service counts it', () => {
    expect(seasonForStart('2026-09-05T09:00')).toBe('2026-2027');
    expect(seasonForStart('2026-03-14T09:00')).toBe('2025-2026');
    // 1 August 09:00 in Auckland is still 31 July in UTC: the season before.
    expect(seasonForStart('2026-08-01T09:00')).toBe('2025-2026');
  });

  it('is nothing before a start is typed', () => {
    expect(seasonForStart('')).toBeNull();
  });
});
