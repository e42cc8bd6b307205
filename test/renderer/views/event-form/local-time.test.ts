import { describe, expect, it, vi } from 'vitest';

// New York: five hours behind UTC in winter, four in summer, and its clocks skip 02:00–03:00 on
// 8 March 2026 and go through 01:00–02:00 twice on 1 November 2026. Pinned before the import.
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

import {
  clockChangeShift,
  isoToLocalInput,
  localInputToIso,
  zoneDescription,
} from '../../../../src/renderer/src/views/event-form/local-time';

describe('localInputToIso', () => {
  it('writes the wall-clock time with the offset it has here at that date', () => {
    expect(localInputToIso('2026-01-10T09:00')).toBe('2026-01-10T09:00:00-05:00');
    expect(localInputToIso('2026-07-10T09:00')).toBe('2026-07-10T09:00:00-04:00');
  });

  it('names the instant the person meant, in UTC', () => {
    expect(Date.parse(localInputToIso('2026-03-14T09:00') ?? '')).toBe(
      Date.parse('2026-03-14T13:00:00Z'),
    );
  });

  it('keeps seconds when the field has them', () => {
    expect(localInputToIso('2026-01-10T09:00:30')).toBe('2026-01-10T09:00:30-05:00');
  });

  it('changes offset exactly at the spring change of the clocks', () => {
    expect(localInputToIso('2026-03-08T01:59')).toBe('2026-03-08T01:59:00-05:00');
    expect(localInputToIso('2026-03-08T03:00')).toBe('2026-03-08T03:00:00-04:00');
  });

  it('reads a time the clocks skip as the real time an hour on, and says so', () => {
    expect(localInputToIso('2026-03-08T02:30')).toBe('2026-03-08T03:30:00-04:00');
    expect(clockChangeShift('2026-03-08T02:30')).toBe('2026-03-08T03:30');
    expect(clockChangeShift('2026-03-08T03:30')).toBeNull();
  });

  it('reads a time that happens twice in the autumn as the first of the two', () => {
    expect(localInputToIso('2026-11-01T01:30')).toBe('2026-11-01T01:30:00-04:00');
    expect(localInputToIso('2026-11-01T02:30')).toBe('2026-11-01T02:30:00-05:00');
    expect(clockChangeShift('2026-11-01T01:30')).toBeNull();
  });

  it('reads the years 1–99 as such, not as 1900–1999', () => {
    expect(localInputToIso('1950-06-01T12:00')).toBe('1950-06-01T12:00:00-04:00');
    expect(localInputToIso('0099-06-01T12:00')?.startsWith('0099-06-01T')).toBe(true);
  });

  it('writes an offset with seconds (local mean time before 1883) as the same instant in UTC', () => {
    // New York was 4:56:02 behind Greenwich then: no ±hh:mm says that.
    expect(localInputToIso('1880-06-01T12:00')).toBe('1880-06-01T16:56:02Z');
  });

  it('gives nothing for an empty, unreadable or out-of-range value', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('soon')).toBeNull();
    expect(localInputToIso('2026-03-14')).toBeNull();
    expect(localInputToIso('20260-01-01T00:00')).toBeNull();
    expect(clockChangeShift('')).toBeNull();
  });
});

describe('isoToLocalInput', () => {
  it('shows a stored UTC instant on this clock, as datetime-local wants it', () => {
    expect(isoToLocalInput('2026-01-10T14:00:00Z')).toBe('2026-01-10T09:00');
    expect(isoToLocalInput('2026-07-10T13:00:00Z')).toBe('2026-07-10T09:00');
    expect(isoToLocalInput('2026-07-10T13:00:15Z')).toBe('2026-07-10T09:00:15');
  });

  it('crosses the date line back a day when the local day is the day before', () => {
    expect(isoToLocalInput('2026-03-14T02:00:00Z')).toBe('2026-03-13T22:00');
  });

  it('round-trips with localInputToIso to the same instant', () => {
    for (const iso of ['2026-03-08T06:59:00Z', '2026-03-08T07:30:00Z', '2026-11-01T05:30:00Z']) {
      const back = localInputToIso(isoToLocalInput(iso));
      expect(Date.parse(back ?? '')).toBe(Date.parse(iso));
    }
  });

  it('shows the second 01:30 of the autumn night as 01:30, which reads back as the first', () => {
    // No wall-clock text tells the two apart; the form sends a date only when it was changed.
    expect(isoToLocalInput('2026-11-01T06:30:00Z')).toBe('2026-11-01T01:30');
    expect(localInputToIso('2026-11-01T01:30')).toBe('2026-11-01T01:30:00-04:00');
  });

  it('is empty for what is no date', () => {
    expect(isoToLocalInput('')).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});

describe('what the form shows beside the dates', () => {
  it('names the zone and its offset at the given date', () => {
    expect(zoneDescription(new Date('2026-01-10T12:00:00Z'))).toBe('America/New_York, UTC-05:00');
    expect(zoneDescription(new Date('2026-07-10T12:00:00Z'))).toBe('America/New_York, UTC-04:00');
  });
});
