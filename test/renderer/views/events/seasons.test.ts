import { describe, expect, it, vi } from 'vitest';

// Pin a zone ahead of UTC, so a local reading of these instants would land on another day.
vi.hoisted(() => {
  process.env.TZ = 'Pacific/Auckland';
});

import { recentSeasons, seasonAt } from '../../../../src/renderer/src/views/events/seasons';

describe('seasonAt', () => {
  it('starts the next season at the first instant of August, UTC', () => {
    expect(seasonAt(new Date('2026-08-01T00:00:00Z'))).toBe('2026-2027');
    expect(seasonAt(new Date('2026-07-31T23:59:59Z'))).toBe('2025-2026');
  });

  it('counts in UTC whatever the local zone says', () => {
    // 1 August 08:00 in Auckland, still July in UTC.
    expect(seasonAt(new Date('2026-07-31T20:00:00Z'))).toBe('2025-2026');
    // 1 January 2027 in Auckland, still 2026 in UTC: the season began in August 2026 either way.
    expect(seasonAt(new Date('2026-12-31T20:00:00Z'))).toBe('2026-2027');
  });

  it('counts January in the season that began the year before', () => {
    expect(seasonAt(new Date('2027-01-15T12:00:00Z'))).toBe('2026-2027');
  });
});

describe('recentSeasons', () => {
  it('lists six seasons by default, the current first', () => {
    expect(recentSeasons(new Date('2026-09-01T00:00:00Z'))).toEqual([
      '2026-2027',
      '2025-2026',
      '2024-2025',
      '2023-2024',
      '2022-2023',
      '2021-2022',
    ]);
  });

  it('lists as many as asked', () => {
    expect(recentSeasons(new Date('2026-03-14T00:00:00Z'), 2)).toEqual(['2025-2026', '2024-2025']);
    expect(recentSeasons(new Date('2026-03-14T00:00:00Z'), 0)).toEqual([]);
  });
});
