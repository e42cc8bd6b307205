import type { DigestKind } from '../../../shared/ipc/digest';
import type { MatchRecord } from '../../../shared/wire/match';

/** A match as the cache held it before a write replaced the event's matches. */
export interface HeldMatch {
  id: string;
  scheduledAt: string | null;
  redScore: number | null;
  blueScore: number | null;
  teams: number[];
}

export interface MatchLine {
  kind: DigestKind;
  matchId: string;
  before: string | null;
  after: string | null;
}

/** "120–98": red first, as match rows read. */
export function scoreText(red: number | null, blue: number | null): string | null {
  return red === null || blue === null ? null : `${red}–${blue}`;
}

/**
 * What changed of one match between the row held and the record written: added, removed,
 * rescheduled, a score posted or corrected. Other fields (clip counts, a played time) are not news.
 */
export function matchLines(
  held: HeldMatch | undefined,
  next: MatchRecord | undefined,
): MatchLine[] {
  if (held === undefined && next === undefined) return [];
  if (held === undefined && next !== undefined) {
    return [{ kind: 'match-added', matchId: next.id, before: null, after: next.scheduledAt }];
  }
  if (held !== undefined && next === undefined) {
    return [{ kind: 'match-removed', matchId: held.id, before: held.scheduledAt, after: null }];
  }
  if (held === undefined || next === undefined) return [];
  const lines: MatchLine[] = [];
  if (held.scheduledAt !== next.scheduledAt) {
    lines.push({
      kind: 'match-rescheduled',
      matchId: next.id,
      before: held.scheduledAt,
      after: next.scheduledAt,
    });
  }
  const before = scoreText(held.redScore, held.blueScore);
  const after = scoreText(next.red.score, next.blue.score);
  if (before !== after && after !== null) {
    lines.push({
      kind: before === null ? 'score-posted' : 'score-corrected',
      matchId: next.id,
      before,
      after,
    });
  }
  return lines;
}

export function teamsOf(match: MatchRecord): number[] {
  return [...match.red.teams, ...match.blue.teams];
}
