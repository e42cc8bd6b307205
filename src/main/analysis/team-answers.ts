import type {
  AnalysisBasis,
  SeasonAnalysis,
  SeasonRating,
  TeamAnalysis,
} from '../../shared/ipc/analysis';
import { seasonFirstYear } from '../../shared/wire/formats';
import type { EventInfo } from './cache-read';
import { nextMatch, type TeamEvent } from './math/next-match';
import type { RatingState } from './math/rating-state';
import type { ModelData } from './model';

/*
 * A team's and a season's answers. Ratings are ranked within their alliance size: the two programs
 * play different games, so a rating of one means nothing next to the other's.
 */

function teamEvents(data: ModelData, teamNumber: number): EventInfo[] {
  return data.eventsOf(teamNumber).flatMap((id) => {
    const event = data.events.get(id);
    return event === undefined ? [] : [event];
  });
}

function seasonBasis(data: ModelData, season: string): AnalysisBasis {
  let played = 0;
  let total = 0;
  for (const event of data.events.values()) {
    if (event.season !== season) continue;
    for (const match of data.matches.get(event.id) ?? []) {
      total += 1;
      if (match.played) played += 1;
    }
  }
  return { played, total, asOf: data.seasonAsOf.get(season) ?? '' };
}

/** Rated teams, larger alliances first, then by rating; ranks count within an alliance size. */
function ratingTable(
  state: RatingState,
): { team: number; rating: number; rank: number; of: number; matches: number }[] {
  const rows = [...state.ratings].map(([team, rating]) => ({
    team,
    rating,
    size: state.sizes.get(team) ?? 0,
    matches: state.played.get(team) ?? 0,
  }));
  rows.sort((a, b) => b.size - a.size || b.rating - a.rating || a.team - b.team);
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.size, (counts.get(row.size) ?? 0) + 1);
  const seen = new Map<number, number>();
  return rows.map((row) => {
    const rank = (seen.get(row.size) ?? 0) + 1;
    seen.set(row.size, rank);
    return {
      team: row.team,
      rating: row.rating,
      rank,
      of: counts.get(row.size) ?? 1,
      matches: row.matches,
    };
  });
}

/** OPR at each of the team's events of the season, newest first. */
function seasonContributions(
  data: ModelData,
  teamNumber: number,
  season: string,
): TeamAnalysis['events'] {
  return teamEvents(data, teamNumber)
    .filter((event) => event.season === season)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : a.startDate > b.startDate ? -1 : 0))
    .flatMap((event) => {
      const contribution = data.figures.get(event.id)?.contributions.get(teamNumber);
      return contribution === undefined ? [] : [{ eventId: event.id, contribution }];
    });
}

export function teamAnswer(
  data: ModelData,
  teamNumber: number,
  season: string | undefined,
  now: Date,
): TeamAnalysis | null {
  const events = teamEvents(data, teamNumber);
  if (events.length === 0) return null;
  const seasons = [...new Set(events.map((event) => event.season))].sort(
    (a, b) => seasonFirstYear(b) - seasonFirstYear(a),
  );
  const chosen =
    season ??
    seasons.find((label) => data.ratings.replay(label)?.state.ratings.has(teamNumber) === true) ??
    seasons[0];
  if (chosen === undefined) return null;
  const state = data.ratings.replay(chosen)?.state;
  const row =
    state === undefined ? undefined : ratingTable(state).find((entry) => entry.team === teamNumber);
  const withMatches: TeamEvent[] = events.map((event) => ({
    event,
    matches: data.matches.get(event.id) ?? [],
  }));
  return {
    team: teamNumber,
    season: chosen,
    rating:
      row === undefined
        ? null
        : { value: row.rating, rank: row.rank, of: row.of, matches: row.matches },
    events: seasonContributions(data, teamNumber, chosen),
    next: nextMatch(teamNumber, withMatches, now),
    basis: seasonBasis(data, chosen),
  };
}

export function seasonAnswer(data: ModelData, season: string): SeasonAnalysis | null {
  const replay = data.ratings.replay(season);
  if (replay === undefined) return null;
  const latestOpr = new Map<number, { start: string; opr: number }>();
  for (const event of data.events.values()) {
    if (event.season !== season) continue;
    for (const [team, contribution] of data.figures.get(event.id)?.contributions ?? []) {
      const held = latestOpr.get(team);
      if (held === undefined || held.start < event.startDate) {
        latestOpr.set(team, { start: event.startDate, opr: contribution.opr });
      }
    }
  }
  const teams = ratingTable(replay.state).map((row): SeasonRating => ({
    team: row.team,
    rating: row.rating,
    rank: row.rank,
    matches: row.matches,
    opr: latestOpr.get(row.team)?.opr ?? null,
  }));
  return { season, teams, basis: seasonBasis(data, season) };
}
