import { describe, expect, it, vi } from 'vitest';

// Pinned far from UTC (NZDT, UTC+13 in March 2026) before the import, so text read in the local
// zone by mistake would show.
vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

import { utcText } from '../../src/shared/utc-text';

describe('utcText', () => {
  it('shows the stored instant in UTC, whatever the local zone', () => {
    expect(utcText('2026-03-14T09:00:00Z')).toBe('2026-03-14 09:00 UTC');
  });

  // The copy it replaced cut the text up as it came, and read 11:00 here.
  it('reads the instant, not the text: 11:00 at +02:00 is 09:00 UTC', () => {
    expect(utcText('2026-03-14T11:00:00+02:00')).toBe('2026-03-14 09:00 UTC');
    expect(utcText('2026-03-08T03:30:00-04:00')).toBe('2026-03-08 07:30 UTC');
  });

  it('moves to the UTC day an offset puts the instant on', () => {
    expect(utcText('2026-03-15T01:30:00+13:00')).toBe('2026-03-14 12:30 UTC');
  });

  it('cuts seconds off rather than rounding them into the next minute', () => {
    expect(utcText('2026-03-14T23:59:59.999Z')).toBe('2026-03-14 23:59 UTC');
  });

  it('gives the seconds when asked', () => {
    expect(utcText('2026-03-14T11:00:07.5+02:00', 'second')).toBe('2026-03-14 09:00:07 UTC');
  });

  it('gives nothing for text that names no instant', () => {
    expect(utcText('nonsense')).toBe('');
  });
});
