import type { TeamSeasonStats } from '../../../../shared/wire/stats';
import { formatCount, formatRate, formatScore } from '../../format/numbers';
import type { MatchScore } from './match-scores';

type SummaryInput =
  | { kind: 'seasons'; seasons: readonly TeamSeasonStats[] }
  | { kind: 'matches'; season: string; matches: readonly MatchScore[] };

/** Where each event after the first starts in matches played in order: the axis marks them. */
export function eventStarts(matches: readonly MatchScore[]): { at: number; eventId: string }[] {
  const starts: { at: number; eventId: string }[] = [];
  matches.forEach((match, at) => {
    if (at > 0 && matches[at - 1]?.eventId !== match.eventId) {
      starts.push({ at, eventId: match.eventId });
    }
  });
  return starts;
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * The chart in one sentence, which the keyboard reaches with the chart: what the lines would
 * tell at a look (how many, the trend of the record, the averages and the best).
 */
export function chartSummary(input: SummaryInput): string {
  if (input.kind === 'seasons') {
    const { seasons } = input;
    const first = seasons[0];
    const last = seasons.at(-1);
    if (first === undefined || last === undefined) return 'No seasons to show.';
    const best = seasons.reduce((a, b) => (b.highScore > a.highScore ? b : a));
    return (
      `${plural(seasons.length, 'season', 'seasons')}, ${first.season} to ${last.season}: ` +
      `win rate ${formatRate(first.winRate)} then ${formatRate(last.winRate)}, ` +
      `average ${formatScore(first.avgScore)} then ${formatScore(last.avgScore)}; ` +
      `high ${formatCount(best.highScore)} in ${best.season}.`
    );
  }
  const { matches, season } = input;
  if (matches.length === 0) return `No matches played in ${season}.`;
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  const events = new Set(matches.map((match) => match.eventId)).size;
  const won = matches.filter((match) => match.alliance > match.opponents).length;
  const high = Math.max(...matches.map((match) => match.alliance));
  return (
    `${plural(matches.length, 'match', 'matches')} at ${plural(events, 'event', 'events')} in ` +
    `${season}, ${formatCount(won)} won: the team’s alliance averaged ` +
    `${formatScore(mean(matches.map((match) => match.alliance)))} against ` +
    `${formatScore(mean(matches.map((match) => match.opponents)))}, high ${formatCount(high)}.`
  );
}
