import { useId, type ReactNode } from 'react';
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
import type { MatchScore } from './match-scores';
import { shortSeason } from './seasons';
import { useTokenColors } from './theme-colors';

/*
 * The team page's chart, loaded lazily so recharts is not in the first paint's bundle. With two
 * or more seasons it shows the seasons side by side (record, average and high score); with one,
 * this season's matches (the team's alliance against its opponents). The colours are the theme's
 * tokens, read again when the theme changes; blue and amber, solid and dashed, so the series
 * differ by more than hue. A visually hidden table carries the same figures for screen readers.
 */

export type TeamChartProps =
  | { kind: 'seasons'; seasons: readonly TeamSeasonStats[]; selected: string | undefined }
  | { kind: 'matches'; season: string; matches: readonly MatchScore[] };

const CHART_HEIGHT = 150;
const TOKENS = ['accent', 'warning', 'muted', 'line', 'text'] as const;
type Colors = Record<(typeof TOKENS)[number], string>;

function chartStyle(colors: Colors) {
  return {
    axis: { fill: colors.muted, fontSize: 11 },
    legend: { fontSize: 12, color: colors.text },
    tooltip: {
      contentStyle: {
        background: 'var(--surface)',
        border: '1px solid var(--line)',
        borderRadius: 6,
        color: 'var(--text)',
        fontSize: 12,
      },
      labelStyle: { color: 'var(--text)', fontWeight: 600 },
    },
  };
}

/** One small chart with its visible title, which is also the drawing's accessible name. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="chart">
      <h3 id={id} className="chart-title">
        {title}
      </h3>
      <div role="img" aria-labelledby={id}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          {children}
        </ResponsiveContainer>
      </div>
    </div>
  );
}

function SeasonsChart({
  seasons,
  selected,
  colors,
}: {
  seasons: readonly TeamSeasonStats[];
  selected: string | undefined;
  colors: Colors;
}) {
  const id = useId();
  const { axis, legend, tooltip } = chartStyle(colors);
  const data = seasons.map((stats) => ({
    season: shortSeason(stats.season),
    Won: stats.wins,
    Lost: stats.losses,
    Average: Math.round(stats.avgScore * 10) / 10,
    High: stats.highScore,
  }));
  // The season picked above is marked on the axis.
  const tickFormatter = (label: string) =>
    selected !== undefined && label === shortSeason(selected) ? `${label} ●` : label;
  return (
    <>
      <div className="chart-pair">
        <Panel id={`${id}-record`} title="Record by season">
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
            <Tooltip {...tooltip} cursor={{ fill: colors.line, fillOpacity: 0.35 }} />
            <Legend wrapperStyle={legend} iconSize={10} itemSorter={null} />
            <Bar dataKey="Won" stackId="record" fill={colors.accent} isAnimationActive={false} />
            <Bar dataKey="Lost" stackId="record" fill={colors.warning} isAnimationActive={false} />
          </BarChart>
        </Panel>
        <Panel id={`${id}-scores`} title="Scores by season">
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
        </Panel>
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
    </>
  );
}

function MatchesChart({
  season,
  matches,
  colors,
}: {
  season: string;
  matches: readonly MatchScore[];
  colors: Colors;
}) {
  const id = useId();
  const { axis, legend, tooltip } = chartStyle(colors);
  const data = matches.map((match) => ({
    label: match.label,
    Alliance: match.alliance,
    Opponents: match.opponents,
  }));
  return (
    <>
      <Panel id={`${id}-matches`} title={`Match scores in ${season}, in the order played`}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8 }}>
          <CartesianGrid stroke={colors.line} vertical={false} />
          <XAxis dataKey="label" tick={axis} stroke={colors.line} minTickGap={12} />
          <YAxis tickCount={3} tick={axis} stroke={colors.line} width={36} />
          <Tooltip {...tooltip} cursor={{ stroke: colors.line }} />
          <Legend wrapperStyle={legend} iconSize={10} itemSorter={null} />
          <Line
            dataKey="Alliance"
            name="Team’s alliance"
            stroke={colors.accent}
            strokeWidth={2}
            dot={{ r: 3, fill: colors.accent }}
            isAnimationActive={false}
          />
          <Line
            dataKey="Opponents"
            stroke={colors.warning}
            strokeWidth={2}
            strokeDasharray="5 3"
            dot={{ r: 3, fill: colors.warning }}
            isAnimationActive={false}
          />
        </LineChart>
      </Panel>
      <table className="visually-hidden">
        <caption>Match scores in {season}</caption>
        <thead>
          <tr>
            <th scope="col">Match</th>
            <th scope="col">Event</th>
            <th scope="col">Team’s alliance</th>
            <th scope="col">Opponents</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((match) => (
            <tr key={match.id}>
              <th scope="row">{match.label}</th>
              <td>{match.eventId}</td>
              <td>{formatCount(match.alliance)}</td>
              <td>{formatCount(match.opponents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export default function TeamChart(props: TeamChartProps) {
  const id = useId();
  const colors = useTokenColors(TOKENS);
  return (
    <section className="team-chart card" aria-labelledby={`${id}-title`} data-testid="team-chart">
      <h2 id={`${id}-title`}>
        {props.kind === 'seasons' ? 'Seasons at a glance' : 'This season’s matches'}
      </h2>
      {props.kind === 'seasons' ? (
        <SeasonsChart seasons={props.seasons} selected={props.selected} colors={colors} />
      ) : (
        <MatchesChart season={props.season} matches={props.matches} colors={colors} />
      )}
    </section>
  );
}
