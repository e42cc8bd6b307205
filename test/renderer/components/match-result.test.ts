import { describe, expect, it } from 'vitest';
import { firstUnplayed, resultFor } from '../../../src/renderer/src/components/match-result';
import type { MatchRecord } from '../../../src/shared/wire/match';

function match(
  number: number,
  red: number | null,
  blue: number | null,
  winner: MatchRecord['winner'],
): MatchRecord {
  const played = red !== null;
  return {
    id: `2026test-q${number}`,
    eventId: '2026test',
    type: 'qualification',
    number,
    status: played ? 'played' : 'scheduled',
    scheduledAt: '2026-03-14T09:00:00Z',
    playedAt: played ? '2026-03-14T09:05:00Z' : null,
    red: { teams: [254, 1678], score: red },
    blue: { teams: [27, 118], score: blue },
    winner,
    clipCount: 0,
  };
}

describe('a match from one team’s side', () => {
  it('says Won, Lost or Tied for either alliance', () => {
    const redWins = match(1, 90, 80, 'red');
    expect(resultFor(redWins, 254)).toBe('Won');
    expect(resultFor(redWins, 1678)).toBe('Won');
    expect(resultFor(redWins, 27)).toBe('Lost');
    const blueWins = match(2, 70, 80, 'blue');
    expect(resultFor(blueWins, 254)).toBe('Lost');
    expect(resultFor(blueWins, 118)).toBe('Won');
    expect(resultFor(match(3, 75, 75, 'tie'), 27)).toBe('Tied');
  });

  it('says nothing for a team not in it or a match not played', () => {
    expect(resultFor(match(1, 90, 80, 'red'), 9999)).toBeNull();
    expect(resultFor(match(4, null, null, null), 254)).toBeNull();
  });

  it('finds the first match not played in the schedule’s order, or none', () => {
    const schedule = [
      match(1, 90, 80, 'red'),
      match(2, null, null, null),
      match(3, null, null, null),
    ];
    expect(firstUnplayed(schedule)?.number).toBe(2);
    expect(firstUnplayed(schedule.slice(0, 1))).toBeNull();
    expect(firstUnplayed([])).toBeNull();
  });
});
