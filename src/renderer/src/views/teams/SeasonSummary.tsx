import { useId } from 'react';
import type { TeamSeasonStats } from '../../../../shared/wire/stats';
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

interface Figure {
  label: string;
  value: string;
  group: 'record' | 'rank';
}

/**
 * The season at a glance: the one line, then a card per figure. Each value is labelled by its
 * card's term (`aria-labelledby`), so "Wins" names the number a screen reader or test finds.
 */
export function SeasonSummary({ stats }: { stats: TeamSeasonStats }) {
  const id = useId();
  const figures: Figure[] = [
    { label: 'Wins', value: formatCount(stats.wins), group: 'record' },
    { label: 'Losses', value: formatCount(stats.losses), group: 'record' },
    { label: 'Win rate', value: formatRate(stats.winRate), group: 'record' },
    { label: 'Average score', value: formatScore(stats.avgScore), group: 'record' },
    { label: 'High score', value: score(stats.highScore), group: 'record' },
    { label: 'World rank', value: formatRank(stats.rankings.world), group: 'rank' },
    { label: 'Regional rank', value: formatRank(stats.rankings.regional), group: 'rank' },
    { label: 'State rank', value: formatRank(stats.rankings.state), group: 'rank' },
  ];
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
      <dl className="stat-cards" data-testid="stat-cards">
        {figures.map((figure, at) => (
          <div key={figure.label} className={`stat-card ${figure.group}`}>
            <dt id={`${id}-${at}`}>{figure.label}</dt>
            <dd className="num" aria-labelledby={`${id}-${at}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
