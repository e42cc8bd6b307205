import { describe, expect, it } from 'vitest';
import { chartSummary, eventStarts } from '../../../../src/renderer/src/views/teams/chart-summary';
import type { MatchScore } from '../../../../src/renderer/src/views/teams/match-scores';

const score = (
  eventId: string,
  label: string,
  alliance: number,
  opponents: number,
): MatchScore => ({
  id: `${eventId}-${label}`,
  eventId,
  label,
  alliance,
  opponents,
});

describe('the team chart’s axis and summary', () => {
  const matches = [
    score('2026alpha', 'Q1', 100, 80),
    score('2026alpha', 'Q2', 60, 90),
    score('2026bravo', 'Q1', 120, 110),
    score('2026charlie', 'Q1', 90, 90),
  ];

  it('marks where each event after the first starts, by position (match names repeat)', () => {
    expect(eventStarts(matches)).toEqual([
      { at: 2, eventId: '2026bravo' },
      { at: 3, eventId: '2026charlie' },
    ]);
    expect(eventStarts(matches.slice(0, 2))).toEqual([]);
  });

  it('says the matches in one sentence', () => {
    expect(chartSummary({ kind: 'matches', season: '2025-2026', matches })).toBe(
      '4 matches at 3 events in 2025-2026, 2 won: the team’s alliance averaged 92.5 against 92.5, high 120.',
    );
    expect(chartSummary({ kind: 'matches', season: '2025-2026', matches: [] })).toBe(
      'No matches played in 2025-2026.',
    );
  });
});
