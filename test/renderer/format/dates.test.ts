import { describe, expect, it, vi } from 'vitest';

// The formatters are built when the module loads, in the zone of the process: pin one far from
// UTC (NZDT, UTC+13 in March 2026) before the import so a local day differs from the UTC day.
vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

import {
  STALE_AFTER_MS,
  ago,
  dateRange,
  isStale,
  localClock,
  localDate,
  localDateTime,
} from '../../../src/renderer/src/format/dates';

const NOW = Date.parse('2026-03-14T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('ago', () => {
  it.each([
    [0, 'just now'],
    [44 * SECOND, 'just now'],
    [45 * SECOND, '1 min ago'],
    [89 * SECOND, '1 min ago'],
    [90 * SECOND, '2 min ago'],
    [59 * MINUTE + 29 * SECOND, '59 min ago'],
    [59 * MINUTE + 30 * SECOND, '1 h ago'],
    [3 * HOUR, '3 h ago'],
    [35 * HOUR + 29 * MINUTE, '35 h ago'],
    [35 * HOUR + 30 * MINUTE, '2 days ago'],
    [10 * 24 * HOUR, '10 days ago'],
  ])('says %i ms old is "%s"', (age, words) => {
    expect(ago(before(age), NOW)).toBe(words);
  });

  it('says "just now" for a time in the future (a clock ahead of this one)', () => {
    expect(ago(before(-5 * MINUTE), NOW)).toBe('just now');
  });
});

describe('isStale', () => {
  it('counts data never synced as stale', () => {
    expect(isStale(null, NOW)).toBe(true);
  });

  it('is stale only once older than thirty minutes', () => {
    expect(STALE_AFTER_MS).toBe(30 * MINUTE);
    expect(isStale(before(0), NOW)).toBe(false);
    expect(isStale(before(30 * MINUTE), NOW)).toBe(false);
    expect(isStale(before(30 * MINUTE + 1), NOW)).toBe(true);
  });
});

// Locale formats differ ("Sun, Mar 15, 09:00 AM", "Sun 15 Mar, 09:00"): assert only the day and
// the clock, which every locale writes with these digits.
describe('local dates in the pinned zone', () => {
  it('writes an instant as the local day and time', () => {
    const text = localDateTime('2026-03-14T20:00:00Z'); // Sunday 15 March, 09:00 in Auckland
    expect(text).toMatch(/\b15\b/);
    expect(text).not.toMatch(/\b14\b/);
    expect(text).toMatch(/09\D00/);
  });

  it('writes the local day with its year', () => {
    const text = localDate('2026-12-31T12:00:00Z'); // already 1 January 2027 in Auckland
    expect(text).toMatch(/\b2027\b/);
    expect(text).toMatch(/\b1\b/);
  });

  it('gives one day for two instants on the same local day, though on two UTC days', () => {
    const range = dateRange('2026-03-14T11:30:00Z', '2026-03-15T10:00:00Z');
    expect(range).toBe(localDate('2026-03-14T11:30:00Z'));
    expect(range).not.toContain('–');
  });

  it('gives both days, joined by a dash, for instants on different local days', () => {
    const range = dateRange('2026-03-14T20:00:00Z', '2026-03-15T20:00:00Z');
    expect(range).toBe(
      `${localDate('2026-03-14T20:00:00Z')} – ${localDate('2026-03-15T20:00:00Z')}`,
    );
    expect(range).toMatch(/\b15\b.* – .*\b16\b/);
  });

  it('gives only the clock for an instant earlier on the same local day', () => {
    const now = new Date('2026-03-14T20:00:00Z'); // Sun 15 Mar 09:00 local
    const text = localClock('2026-03-14T11:30:00Z', now); // Sun 15 Mar 00:30 local, 14 Mar UTC
    expect(text).toMatch(/30/);
    expect(text).not.toMatch(/\b1[45]\b/);
    expect(text).not.toBe(localDateTime('2026-03-14T11:30:00Z'));
  });

  it('adds the day for an instant on an earlier local day, though the same UTC day', () => {
    const now = new Date('2026-03-14T20:00:00Z'); // Sun 15 Mar 09:00 local
    const iso = '2026-03-14T10:30:00Z'; // Sat 14 Mar 23:30 local
    expect(localClock(iso, now)).toBe(localDateTime(iso));
    expect(localClock(iso, now)).toMatch(/\b14\b/);
  });
});
