import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import { formatCount, formatRate, formatScore } from '../../format/numbers';
import type { MatchScore } from './match-scores';
import { chartSummary, eventStarts } from './chart-summary';
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
  | {
      kind: 'matches';
      season: string;
      matches: readonly MatchScore[];
      /** Events' names by code, for the marks where a new event starts. */
      eventNames?: ReadonlyMap<string, string>;
    };

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
  eventNames,
  colors,
}: {
  season: string;
  matches: readonly MatchScore[];
  eventNames: ReadonlyMap<string, string> | undefined;
  colors: Colors;
}) {
  const id = useId();
  const { axis, legend, tooltip } = chartStyle(colors);
  // Match names repeat across events (Q1 at each), so the axis counts matches and shows names.
  const data = matches.map((match, at) => ({
    at,
    label: match.label,
    Alliance: match.alliance,
    Opponents: match.opponents,
  }));
  return (
    <>
      <Panel id={`${id}-matches`} title={`Match scores in ${season}, in the order played`}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8 }}>
          <CartesianGrid stroke={colors.line} vertical={false} />
          <XAxis
            dataKey="at"
            tick={axis}
            stroke={colors.line}
            minTickGap={12}
            tickFormatter={(at: number) => data[at]?.label ?? ''}
          />
          <YAxis tickCount={3} tick={axis} stroke={colors.line} width={36} />
          <Tooltip
            {...tooltip}
            cursor={{ stroke: colors.line }}
            labelFormatter={(at) => {
              const match = matches[Number(at)];
              return match === undefined
                ? ''
                : `${match.label} · ${eventNames?.get(match.eventId) ?? match.eventId}`;
            }}
          />
          <Legend wrapperStyle={legend} iconSize={10} itemSorter={null} />
          {eventStarts(matches).map(({ at, eventId }) => (
            <ReferenceLine
              key={`${eventId}-${at}`}
              x={at}
              stroke={colors.muted}
              strokeDasharray="2 3"
              label={{
                value: eventNames?.get(eventId) ?? eventId,
                position: 'insideTopLeft',
                fill: colors.muted,
                fontSize: 10,
              }}
            />
          ))}
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
              <td>{eventNames?.get(match.eventId) ?? match.eventId}</td>
              <td>{formatCount(match.alliance)}</td>
              <td>{formatCount(match.opponents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * recharts makes parts of a drawing focusable (its surfaces, layers), each a keyboard stop
 * that reads as nothing. The chart is one stop instead, whose summary says what it shows; the
 * figures themselves are in the hidden table.
 */
function useOneKeyboardStop() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (root === null) return;
    const quiet = () => {
      // Chrome also makes an SVG group a stop when it overflows (a focusable scroller).
      for (const element of root.querySelectorAll('[tabindex], svg, svg g')) {
        if (element !== root && element.getAttribute('tabindex') !== '-1') {
          element.setAttribute('tabindex', '-1');
        }
      }
    };
    quiet();
    // recharts draws after a resize measures the container, and again on each resize.
    const observer = new MutationObserver(quiet);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    });
    return () => observer.disconnect();
  }, []);
  return ref;
}

export default function TeamChart(props: TeamChartProps) {
  const id = useId();
  const colors = useTokenColors(TOKENS);
  const ref = useOneKeyboardStop();
  return (
    <section
      ref={ref}
      className="team-chart card"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      tabIndex={0}
      data-testid="team-chart"
    >
      <h2 id={`${id}-title`}>
        {props.kind === 'seasons' ? 'Seasons at a glance' : 'This season’s matches'}
      </h2>
      <p id={`${id}-summary`} className="chart-summary muted" data-testid="chart-summary">
        {chartSummary(props)}
      </p>
      {props.kind === 'seasons' ? (
        <SeasonsChart seasons={props.seasons} selected={props.selected} colors={colors} />
      ) : (
        <MatchesChart
          season={props.season}
          matches={props.matches}
          eventNames={props.eventNames}
          colors={colors}
        />
      )}
    </section>
  );
}
