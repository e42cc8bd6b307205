import type { MatchInfo } from './cache-read';
import { contributions, type AllianceResult, type TeamContribution } from './math/contributions';
import { rankEvent, type PlayedQualification, type TeamStanding } from './math/rankings';

/** What an event's qualification matches give on their own: its ranking and OPR. */
export interface EventFigures {
  standings: TeamStanding[];
  contributions: Map<number, TeamContribution>;
  /** Played and known qualification matches. */
  played: number;
  total: number;
}

export function playedQualifications(matches: readonly MatchInfo[]): PlayedQualification[] {
  const played: PlayedQualification[] = [];
  for (const match of matches) {
    if (match.type !== 'qualification' || !match.played || match.winner === null) continue;
    played.push({
      red: match.red,
      blue: match.blue,
      redScore: match.redScore ?? 0,
      blueScore: match.blueScore ?? 0,
      winner: match.winner,
    });
  }
  return played;
}

/** One row per alliance of each played qualification match. */
export function allianceResults(played: readonly PlayedQualification[]): AllianceResult[] {
  return played.flatMap((match) => [
    { teams: match.red, score: match.redScore, opponentScore: match.blueScore },
    { teams: match.blue, score: match.blueScore, opponentScore: match.redScore },
  ]);
}

export function eventFigures(
  matches: readonly MatchInfo[],
  registered: readonly number[],
): EventFigures {
  const played = playedQualifications(matches);
  return {
    standings: rankEvent(registered, played),
    contributions: contributions(allianceResults(played)),
    played: played.length,
    total: matches.filter((match) => match.type === 'qualification').length,
  };
}
