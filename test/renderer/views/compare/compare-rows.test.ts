import { describe, expect, it } from 'vitest';
import type { TeamSeasonStats } from '../../../../src/shared/wire/stats';
import {
  STAT_ROWS,
  bestColumns,
  compareSeasons,
  judgedValues,
} from '../../../../src/renderer/src/views/compare/compare-rows';

function stats(overrides: Partial<TeamSeasonStats> = {}): TeamSeasonStats {
  return {
    season: '2025-2026',
    events: 3,
    matches: 30,
    wins: 20,
    losses: 10,
    winRate: 20 / 30,
    avgScore: 88.4,
    highScore: 140,
    rankings: { world: 12, regional: 3, state: 2 },
    ...overrides,
  };
}

function row(key: string) {
  const found = STAT_ROWS.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no row ${key}`);
  return found;
}

/** The columns marked best in a row for these teams, as a sorted array. */
function best(key: string, teams: readonly TeamSeasonStats[]): number[] {
  const statRow = row(key);
  return [...bestColumns(judgedValues(statRow, teams), statRow.better)].sort();
}

describe('bestColumns', () => {
  it('marks the highest where higher is better and the lowest where lower is', () => {
    expect([...bestColumns([3, 9, 5], 'higher')]).toEqual([1]);
    expect([...bestColumns([3, 9, 5], 'lower')]).toEqual([0]);
  });

  it('marks every column tied for best', () => {
    expect([...bestColumns([9, 4, 9], 'higher')].sort()).toEqual([0, 2]);
  });

  it('marks nothing when all values are equal', () => {
    expect(bestColumns([7, 7, 7], 'higher').size).toBe(0);
    expect(bestColumns([7, 7], 'lower').size).toBe(0);
  });

  it('marks nothing when only one team has a value', () => {
    expect(bestColumns([null, 12, null], 'lower').size).toBe(0);
    expect(bestColumns([5], 'higher').size).toBe(0);
    expect(bestColumns([], 'higher').size).toBe(0);
  });

  it('compares only the teams with a value, and never marks one without', () => {
    expect([...bestColumns([null, 12, 4], 'lower')]).toEqual([2]);
    expect([...bestColumns([null, 0, 4], 'higher')]).toEqual([2]);
  });

  it('treats 0 as a value, not as missing', () => {
    expect([...bestColumns([0, 3], 'lower')]).toEqual([0]);
  });
});

describe('STAT_ROWS', () => {
  it('offers the rows the compare view shows, each with a unique key', () => {
    const keys = STAT_ROWS.map((statRow) => statRow.key);
    expect(keys).toEqual([
      'wins',
      'losses',
      'win-rate',
      'average-score',
      'high-score',
      'matches',
      'events',
      'world-rank',
      'regional-rank',
      'state-rank',
    ]);
  });

  it('counts fewer losses and lower ranks as better, and judges nothing of how much was played', () => {
    const lower = STAT_ROWS.filter((statRow) => statRow.better === 'lower').map((r) => r.key);
    expect(lower.sort()).toEqual(['losses', 'regional-rank', 'state-rank', 'world-rank']);
    const unjudged = STAT_ROWS.filter((statRow) => statRow.better === null).map((r) => r.key);
    expect(unjudged.sort()).toEqual(['events', 'matches']);
    expect(best('matches', [stats({ matches: 30 }), stats({ matches: 12 })])).toEqual([]);
    expect(best('events', [stats({ events: 5 }), stats({ events: 2 })])).toEqual([]);
  });

  it('marks the team with fewer losses best at losses', () => {
    expect(best('losses', [stats({ losses: 10 }), stats({ losses: 4 })])).toEqual([1]);
  });

  it('judges wins and losses per match played, not by count', () => {
    // 10 losses in 40 matches is better than 6 in 12; 20 wins of 40 worse than 10 of 12.
    const many = stats({ matches: 40, wins: 20, losses: 10, winRate: 0.5 });
    const few = stats({ matches: 12, wins: 10, losses: 6, winRate: 10 / 12 });
    expect(best('losses', [many, few])).toEqual([0]);
    expect(best('wins', [many, few])).toEqual([1]);
  });

  it('never marks a team with no matches best at losses, though its 0 is lowest', () => {
    const unplayed = stats({ matches: 0, wins: 0, losses: 0, winRate: 0, avgScore: 0 });
    expect(row('losses').value(unplayed)).toBeNull();
    expect(best('losses', [unplayed, stats({ losses: 4 }), stats({ losses: 9 })])).toEqual([1]);
    // Against a single team that played, there is nothing to compare at all.
    expect(best('losses', [unplayed, stats({ losses: 4 })])).toEqual([]);
  });

  it('gives no record rows for a team with no matches, but still counts its matches', () => {
    const unplayed = stats({ matches: 0, wins: 0, losses: 0, winRate: 0, avgScore: 0 });
    for (const key of ['wins', 'losses', 'win-rate', 'average-score', 'high-score']) {
      expect(row(key).value(unplayed), key).toBeNull();
    }
    expect(row('matches').value(unplayed)).toBe(0);
    expect(row('events').value(unplayed)).toBe(3);
  });

  it('treats a rank of 0 as none: it is never best, and is shown as a dash', () => {
    const unranked = stats({ rankings: { world: 0, regional: 0, state: 0 } });
    expect(row('world-rank').value(unranked)).toBeNull();
    expect(
      best('world-rank', [
        unranked,
        stats(),
        stats({ rankings: { world: 40, regional: 1, state: 1 } }),
      ]),
    ).toEqual([1]);
    expect(row('world-rank').format(0)).toBe('—');
  });

  it('marks the better rank, the lower number', () => {
    const teams = [
      stats({ rankings: { world: 30, regional: 5, state: 1 } }),
      stats({ rankings: { world: 7, regional: 5, state: 2 } }),
    ];
    expect(best('world-rank', teams)).toEqual([1]);
    expect(best('regional-rank', teams)).toEqual([]);
    expect(best('state-rank', teams)).toEqual([0]);
  });

  it('formats each row for reading', () => {
    expect(row('win-rate').format(0.75)).toBe('75%');
    expect(row('world-rank').format(12)).toBe('#12');
    expect(row('high-score').format(140)).toBe('140');
    expect(row('high-score').format(140.5)).toMatch(/^140[.,]5$/);
  });
});

describe('compareSeasons', () => {
  it('lists every season newest first, once', () => {
    const { all } = compareSeasons([
      ['2023-2024', '2025-2026'],
      ['2024-2025', '2025-2026'],
    ]);
    expect(all).toEqual(['2025-2026', '2024-2025', '2023-2024']);
  });

  it('picks the latest season every team holds', () => {
    const result = compareSeasons([
      ['2025-2026', '2024-2025', '2023-2024'],
      ['2024-2025', '2023-2024'],
    ]);
    expect([...result.shared].sort()).toEqual(['2023-2024', '2024-2025']);
    expect(result.latestShared).toBe('2024-2025');
  });

  it('falls back to the latest any team holds when no season is shared', () => {
    const result = compareSeasons([['2025-2026'], ['2023-2024']]);
    expect(result.shared.size).toBe(0);
    expect(result.latestShared).toBe('2025-2026');
  });

  it('ignores teams with no statistics when looking for a shared season', () => {
    const result = compareSeasons([['2025-2026', '2024-2025'], [], ['2024-2025', '2025-2026']]);
    expect(result.latestShared).toBe('2025-2026');
  });

  it('has no season when no team has statistics', () => {
    expect(compareSeasons([[], []])).toEqual({ all: [], shared: new Set(), latestShared: null });
  });
});
