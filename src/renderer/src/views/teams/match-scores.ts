import type { MatchRecord } from '../../../../shared/wire/match';
import { matchName } from '../../components/MatchTable';

/** One played match as the team's chart draws it: its alliance's score against the other's. */
export interface MatchScore {
  id: string;
  eventId: string;
  label: string;
  alliance: number;
  opponents: number;
}

/** The team's played matches with both scores, in the order they were played. */
export function matchScores(matches: readonly MatchRecord[], teamNumber: number): MatchScore[] {
  const scores: (MatchScore & { at: string })[] = [];
  for (const match of matches) {
    if (match.status !== 'played' || match.red.score === null || match.blue.score === null)
      continue;
    const red = match.red.teams.includes(teamNumber);
    if (!red && !match.blue.teams.includes(teamNumber)) continue;
    scores.push({
      id: match.id,
      eventId: match.eventId,
      label: matchName(match),
      alliance: red ? match.red.score : match.blue.score,
      opponents: red ? match.blue.score : match.red.score,
      at: match.playedAt ?? match.scheduledAt ?? '',
    });
  }
  return scores
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .map(({ at: _at, ...score }) => score);
}
