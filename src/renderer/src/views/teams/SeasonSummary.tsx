import { useId } from 'react';
import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import type { RankTotals } from '../../../../shared/ipc/reads';
import { formatCount, formatRank, formatRate, formatScore } from '../../format/numbers';

/** A score as the service gives it: whole points stay whole, averages get one decimal. */
function score(value: number): string {
  return Number.isInteger(value) ? formatCount(value) : formatScore(value);
}

/** "12–3 in 2025-2026 · 80% · avg 131.4 · high 172": the season in one line. */
export function summaryLine(stats: TeamSeasonStats): string {
  if (stats.matches === 0) return `0–0 in ${stats.season} · no matches played yet`;
  return [
    `${formatCount(stats.wins)}–${formatCount(stats.losses)} in ${stats.season}`,
    formatRate(stats.winRate),
    `avg ${formatScore(stats.avgScore)}`,
    `high ${score(stats.highScore)}`,
  ].join(' · ');
}

export interface TeamPlace {
  state: string;
  country: string;
}

interface RankFigure {
  label: string;
  rank: number;
  /** Out of how many, where the local copy knows. */
  total: number | null;
  /** Who the rank is among, in words. */
  among: string;
}

/** "of 3,412 teams", or only who they are while the total is not known here. */
function rankContext({ rank, total, among }: RankFigure): string {
  if (rank === 0) return 'no match played';
  return total === null ? among : `of ${formatCount(total)} ${among}`;
}

function rankFigures(
  stats: TeamSeasonStats,
  totals: RankTotals,
  place: TeamPlace | null,
): RankFigure[] {
  const country = place?.country || 'the country';
  const state = place === null || place.state === '' ? 'the state' : `${place.state}, ${country}`;
  const { rankings } = stats;
  return [
    { label: 'World rank', rank: rankings.world, total: totals.world, among: 'teams that played' },
    // The service's "regional" rank is among the teams of the same country.
    {
      label: 'Regional rank',
      rank: rankings.regional,
      total: totals.regional,
      among: `in ${country} (same country)`,
    },
    { label: 'State rank', rank: rankings.state, total: totals.state, among: `in ${state}` },
  ];
}

/** What a rank's card says on hover: what it counts and, where it does, why the total is missing. */
function rankTitle(figure: RankFigure, season: string): string {
  const base = `Ranked by win rate, then average and high score, among teams with a match played in ${season}.`;
  return figure.total === null && figure.rank > 0
    ? `${base} The total is not known here: it needs every team's ${season} statistics (sync scope All).`
    : base;
}

/**
 * The season at a glance: the one line (the record, said once), then the ranks with what they are
 * out of (what Pitside computes itself, OPR, Rating and the next match, follows in
 * `TeamAnalysisCards`). Each rank is labelled by its card's term
 * (`aria-labelledby`), so "World rank" names the number a screen reader or test finds.
 */
export function SeasonSummary({
  stats,
  rankTotals,
  place,
}: {
  stats: TeamSeasonStats;
  rankTotals: RankTotals;
  place: TeamPlace | null;
}) {
  const id = useId();
  return (
    <>
      <p className="season-line" data-testid="season-line">
        <strong className="num">{summaryLine(stats)}</strong>
        {stats.matches > 0 && (
          <span className="muted">
            {' '}
            · {formatCount(stats.matches)} {stats.matches === 1 ? 'match' : 'matches'} at{' '}
            {formatCount(stats.events)} {stats.events === 1 ? 'event' : 'events'}
          </span>
        )}
      </p>
      <div className="season-glance">
        <dl className="stat-cards" data-testid="stat-cards">
          {rankFigures(stats, rankTotals, place).map((figure, at) => (
            <div
              key={figure.label}
              className="stat-card rank"
              title={rankTitle(figure, stats.season)}
            >
              <dt id={`${id}-${at}`}>{figure.label}</dt>
              <dd className="num" aria-labelledby={`${id}-${at}`}>
                {formatRank(figure.rank)}
              </dd>
              <dd className="rank-context muted" data-testid="rank-context">
                {rankContext(figure)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
