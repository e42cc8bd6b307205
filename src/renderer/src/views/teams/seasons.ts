import { isSeason } from '../../../../shared/wire/formats';

/** How many seasons the teams list offers as a filter, the current one included. */
const RECENT_SEASON_COUNT = 5;

/** The season a day falls in: August starts the next one, as the service's calendar has it. */
export function seasonOf(day: Date): string {
  const year = day.getUTCFullYear();
  const first = day.getUTCMonth() >= 7 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** The current season and the few before it, newest first. */
export function recentSeasons(now: Date = new Date()): string[] {
  const first = Number(seasonOf(now).slice(0, 4));
  return Array.from({ length: RECENT_SEASON_COUNT }, (_, back) => {
    const year = first - back;
    return `${year}-${year + 1}`;
  });
}

/** A season from the query string, or undefined when it is absent or not a season. */
export function seasonParam(text: string | null): string | undefined {
  return text !== null && isSeason(text) ? text : undefined;
}

/** "2025-26", for a chart's axis where the full label does not fit. */
export function shortSeason(season: string): string {
  return `${season.slice(0, 4)}–${season.slice(7, 9)}`;
}
