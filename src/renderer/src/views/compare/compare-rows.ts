import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import { formatCount, formatRank, formatRate, formatScore } from '../../format/numbers';

export interface StatRow {
  /** For test ids: `compare-row-<key>`. */
  key: string;
  /** The label the issue names ("Wins", "World rank", …). */
  label: string;
  /**
   * Which way is better; null for a row that only says how much a team played (matches, events):
   * more of it is volume, not quality, so no value of it is marked best.
   */
  better: 'higher' | 'lower' | null;
  /** The row's value for one team; null when there is none to compare (a rank of 0). */
  value: (stats: TeamSeasonStats) => number | null;
  /**
   * What the best is judged on, where that is not the value shown: wins and losses per match
   * played, so a team is not marked best for having played more (or fewer) matches.
   */
  judge?: (stats: TeamSeasonStats) => number | null;
  format: (value: number) => string;
}

const rank = (value: number): number | null => (value > 0 ? value : null);
const score = (value: number): string =>
  Number.isInteger(value) ? formatCount(value) : formatScore(value);

export const STAT_ROWS: readonly StatRow[] = [
  // A team that played no match has no record to compare: its 0 losses are not the best.
  {
    key: 'wins',
    label: 'Wins',
    better: 'higher',
    value: (s) => (s.matches > 0 ? s.wins : null),
    judge: (s) => (s.matches > 0 ? s.wins / s.matches : null),
    format: formatCount,
  },
  {
    key: 'losses',
    label: 'Losses',
    better: 'lower',
    value: (s) => (s.matches > 0 ? s.losses : null),
    judge: (s) => (s.matches > 0 ? s.losses / s.matches : null),
    format: formatCount,
  },
  {
    key: 'win-rate',
    label: 'Win rate',
    better: 'higher',
    value: (s) => (s.matches > 0 ? s.winRate : null),
    format: formatRate,
  },
  {
    key: 'average-score',
    label: 'Average score',
    better: 'higher',
    value: (s) => (s.matches > 0 ? s.avgScore : null),
    format: formatScore,
  },
  {
    key: 'high-score',
    label: 'High score',
    better: 'higher',
    value: (s) => (s.matches > 0 ? s.highScore : null),
    format: score,
  },
  {
    key: 'matches',
    label: 'Matches',
    better: null,
    value: (s) => s.matches,
    format: formatCount,
  },
  { key: 'events', label: 'Events', better: null, value: (s) => s.events, format: formatCount },
  {
    key: 'world-rank',
    label: 'World rank',
    better: 'lower',
    value: (s) => rank(s.rankings.world),
    format: formatRank,
  },
  {
    key: 'regional-rank',
    label: 'Regional rank',
    better: 'lower',
    value: (s) => rank(s.rankings.regional),
    format: formatRank,
  },
  {
    key: 'state-rank',
    label: 'State rank',
    better: 'lower',
    value: (s) => rank(s.rankings.state),
    format: formatRank,
  },
];

/** The values a row's best is judged on, one per team (null: no statistics or nothing to judge). */
export function judgedValues(
  row: StatRow,
  perTeam: readonly (TeamSeasonStats | null)[],
): (number | null)[] {
  const judge = row.judge ?? row.value;
  return perTeam.map((stats) => (stats === null ? null : judge(stats)));
}

/**
 * Which columns hold the row's best value. Nothing is marked unless at least two teams have a
 * value and they differ: a best among one, or among equals, says nothing. Ties for best are all
 * marked.
 */
export function bestColumns(
  values: readonly (number | null)[],
  better: StatRow['better'],
): Set<number> {
  const present = values.filter((value): value is number => value !== null);
  if (better === null || present.length < 2) return new Set();
  const best = better === 'higher' ? Math.max(...present) : Math.min(...present);
  const worst = better === 'higher' ? Math.min(...present) : Math.max(...present);
  if (best === worst) return new Set();
  const columns = new Set<number>();
  values.forEach((value, column) => {
    if (value === best) columns.add(column);
  });
  return columns;
}

/** Seasons newest first; the latest every team with statistics holds, else the latest any does. */
export function compareSeasons(perTeam: readonly (readonly string[])[]): {
  all: string[];
  shared: Set<string>;
  latestShared: string | null;
} {
  const withSeasons = perTeam.filter((seasons) => seasons.length > 0);
  const all = [...new Set(withSeasons.flat())].sort().reverse();
  const shared = new Set(all.filter((season) => withSeasons.every((s) => s.includes(season))));
  const latestShared = all.find((season) => shared.has(season)) ?? all[0] ?? null;
  return { all, shared, latestShared };
}
