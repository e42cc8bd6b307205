import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import { formatCount, formatRate, formatScore } from '../../format/numbers';
import { shortSeason } from './seasons';
import { useTokenColors } from './theme-colors';

const CHART_HEIGHT = 150;
const TOKENS = ['accent', 'warning', 'muted', 'line', 'text', 'surface'] as const;

/*
 * The team's seasons side by side: the record as stacked bars (won, lost) and the average and
 * high scores as lines. Loaded lazily, so recharts is not in the first paint's bundle; the
 * colours are the theme's tokens, read again when the theme changes. Blue and amber, solid and
 * dashed: the series differ by more than hue.
 */
export default function SeasonChart({
  seasons,
  selected,
}: {
  /** Oldest first. */
  seasons: readonly TeamSeasonStats[];
  selected: string | undefined;
}) {
  const id = useId();
  const colors = useTokenColors(TOKENS);
  const data = seasons.map((stats) => ({
    season: shortSeason(stats.season),
    full: stats.season,
    Won: stats.wins,
    Lost: stats.losses,
    Average: Math.round(stats.avgScore * 10) / 10,
    High: stats.highScore,
  }));
  const axis = { fill: colors.muted, fontSize: 11 };
  const tooltip = {
    contentStyle: {
      background: 'var(--surface)',
      border: '1px solid var(--line)',
      borderRadius: 6,
      color: 'var(--text)',
      fontSize: 12,
    },
    labelStyle: { color: 'var(--text)', fontWeight: 600 },
    cursor: { fill: colors.line, fillOpacity: 0.35 },
  };
  const legend = { fontSize: 12, color: colors.text };
  const tickFormatter = (label: string) =>
    selected !== undefined && label === shortSeason(selected) ? `${label} ●` : label;

  return (
    <section className="team-chart card" aria-labelledby={`${id}-title`} data-testid="team-chart">
      <h2 id={`${id}-title`}>Seasons at a glance</h2>
      <div className="chart-pair">
        <div className="chart">
          <h3 id={`${id}-record`} className="chart-title">
            Record by season
          </h3>
          <div role="img" aria-labelledby={`${id}-record`}>
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <BarChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8 }}>
                <CartesianGrid stroke={colors.line} vertical={false} />
                <XAxis
                  dataKey="season"
                  tick={axis}
                  stroke={colors.line}
                  tickFormatter={tickFormatter}
                />
                <YAxis
                  allowDecimals={false}
                  tickCount={3}
                  tick={axis}
                  stroke={colors.line}
                  width={32}
                />
                <Tooltip {...tooltip} />
                <Legend wrapperStyle={legend} iconSize={10} itemSorter={null} />
                <Bar
                  dataKey="Won"
                  stackId="record"
                  fill={colors.accent}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="Lost"
                  stackId="record"
                  fill={colors.warning}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
        <div className="chart">
          <h3 id={`${id}-scores`} className="chart-title">
            Scores by season
          </h3>
          <div role="img" aria-labelledby={`${id}-scores`}>
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <LineChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8 }}>
                <CartesianGrid stroke={colors.line} vertical={false} />
                <XAxis
                  dataKey="season"
                  tick={axis}
                  stroke={colors.line}
                  tickFormatter={tickFormatter}
                  padding={{ left: 16, right: 16 }}
                />
                <YAxis tickCount={3} tick={axis} stroke={colors.line} width={36} />
                <Tooltip {...tooltip} cursor={{ stroke: colors.line }} />
                <Legend wrapperStyle={legend} iconSize={10} itemSorter={null} />
                <Line
                  dataKey="Average"
                  stroke={colors.accent}
                  strokeWidth={2}
                  dot={{ r: 3, fill: colors.accent }}
                  isAnimationActive={false}
                />
                <Line
                  dataKey="High"
                  stroke={colors.warning}
                  strokeWidth={2}
                  strokeDasharray="5 3"
                  dot={{ r: 3, fill: colors.warning }}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </div>
      </div>
      <table className="visually-hidden">
        <caption>Record and scores by season</caption>
        <thead>
          <tr>
            <th scope="col">Season</th>
            <th scope="col">Won</th>
            <th scope="col">Lost</th>
            <th scope="col">Rate</th>
            <th scope="col">Average</th>
            <th scope="col">High</th>
          </tr>
        </thead>
        <tbody>
          {seasons.map((stats) => (
            <tr key={stats.season}>
              <th scope="row">{stats.season}</th>
              <td>{formatCount(stats.wins)}</td>
              <td>{formatCount(stats.losses)}</td>
              <td>{formatRate(stats.winRate)}</td>
              <td>{formatScore(stats.avgScore)}</td>
              <td>{formatCount(stats.highScore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
