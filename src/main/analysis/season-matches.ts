import type { MatchInfo } from './cache-read';
import type { RatedMatch } from './math/rating-state';

/*
 * A season's played matches in the order the Ratings replay them: by when they were played, then
 * by the schedule (time, then qualifications before playoffs, then number), then by event id so
 * that the order never depends on how the rows were read.
 */

interface Keyed {
  played: string;
  scheduled: string;
  match: MatchInfo;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function ratedMatches(eventMatches: Iterable<readonly MatchInfo[]>): RatedMatch[] {
  const keyed: Keyed[] = [];
  for (const matches of eventMatches) {
    for (const match of matches) {
      if (!match.played || match.red.length === 0 || match.blue.length === 0) continue;
      const scheduled = match.scheduledAt ?? '';
      keyed.push({ played: match.playedAt ?? scheduled, scheduled, match });
    }
  }
  keyed.sort(
    (a, b) =>
      compareText(a.played, b.played) ||
      compareText(a.scheduled, b.scheduled) ||
      a.match.typeRank - b.match.typeRank ||
      a.match.number - b.match.number ||
      compareText(a.match.eventId, b.match.eventId),
  );
  return keyed.map(({ match }) => ({
    id: match.id,
    red: match.red,
    blue: match.blue,
    redScore: match.redScore ?? 0,
    blueScore: match.blueScore ?? 0,
    playoff: match.type !== 'qualification',
  }));
}
