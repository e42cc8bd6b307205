import { describe, expect, it, vi } from 'vitest';

// seasonOf reads the local calendar: pin a zone behind UTC so the local day and the UTC day
// differ around midnight, as they do for a person in New York (UTC-4 in summer).
vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

import { seasonAt } from '../../../../src/renderer/src/views/events/seasons';
import {
  recentSeasons,
  seasonOf,
  seasonParam,
  shortSeason,
} from '../../../../src/renderer/src/views/teams/seasons';

describe('seasonOf', () => {
  it('starts the next season in August', () => {
    expect(seasonOf(new Date(2026, 7, 1, 12))).toBe('2026-2027');
    expect(seasonOf(new Date(2026, 6, 31, 12))).toBe('2025-2026');
  });

  it('counts January to July in the season that began the year before', () => {
    expect(seasonOf(new Date(2026, 0, 1, 12))).toBe('2025-2026');
    expect(seasonOf(new Date(2026, 11, 31, 12))).toBe('2026-2027');
  });

  // The service, main and the events list count seasons in UTC: at 2026-08-01T02:00Z (31 July
  // 22:00 in New York) every one of them is in 2026-2027, and the teams list must agree.
  it('agrees with the service’s UTC calendar at the turn of the season', () => {
    const instant = new Date('2026-08-01T02:00:00Z');
    expect(seasonAt(instant)).toBe('2026-2027');
    expect(seasonOf(instant)).toBe('2026-2027');
  });
});

describe('recentSeasons', () => {
  it('lists the current season and the four before it, newest first', () => {
    expect(recentSeasons(new Date(2026, 2, 14, 12))).toEqual([
      '2025-2026',
      '2024-2025',
      '2023-2024',
      '2022-2023',
      '2021-2022',
    ]);
  });

  it('moves on with the new season in August', () => {
    expect(recentSeasons(new Date(2026, 7, 1, 12))[0]).toBe('2026-2027');
  });
});

describe('seasonParam', () => {
  it('reads a season from the query string', () => {
    expect(seasonParam('2025-2026')).toBe('2025-2026');
  });

  it.each([null, '', '2025-2027', '2025', '2025-26', ' 2025-2026', 'all'])(
    'gives no season for %j',
    (text) => {
      expect(seasonParam(text)).toBeUndefined();
    },
  );
});

describe('shortSeason', () => {
  it('shortens a season to the first year and the second year’s last two digits', () => {
    expect(shortSeason('2025-2026')).toBe('2025–26');
    expect(shortSeason('1999-2000')).toBe('1999–00');
  });
});
