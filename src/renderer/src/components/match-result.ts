import type { MatchRecord } from '../../../shared/wire/match';

export type TeamResult = 'Won' | 'Lost' | 'Tied';

/**
 * A played match's result from one team's side, or null when the team was not in it or it is not
 * played: on a team's page "Won" reads at once where "Red wins" needs the alliance looked up.
 */
export function resultFor(match: MatchRecord, teamNumber: number): TeamResult | null {
  if (match.status !== 'played' || match.winner === null) return null;
  if (match.winner === 'tie') return 'Tied';
  const side = match.red.teams.includes(teamNumber)
    ? 'red'
    : match.blue.teams.includes(teamNumber)
      ? 'blue'
      : null;
  if (side === null) return null;
  return side === match.winner ? 'Won' : 'Lost';
}

/** The first match not played yet, in the schedule's order: what the event plays next. */
export function firstUnplayed(matches: readonly MatchRecord[]): MatchRecord | null {
  return matches.find((match) => match.status !== 'played') ?? null;
}
