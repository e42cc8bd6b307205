import type { ClipRecord } from '../../shared/wire/clip';
import type { ErrorDetail } from '../../shared/wire/errors';
import type { EventRecord } from '../../shared/wire/event';
import { checkCreateBody } from '../../shared/wire/event-input';
import { matchId, winnerOf, type MatchRecord } from '../../shared/wire/match';
import { isInstant } from './format';

/*
 * What the wire schemas let through but the service itself would never hold. A bundle's records
 * are its maker's word, not the service's answers, so each is held to the service's own rules:
 * an event to the checks its create body goes through (`checkCreateBody`: real dates, a name,
 * a city and a country, the end not before the start, the season its start falls in), a match to
 * the interface's (decisions.md: a score only once played, the winner the scores give, the id its
 * event, type and number make).
 */

function times(record: object, fields: readonly string[]): ErrorDetail[] {
  return fields.flatMap((field) => {
    const value = (record as Record<string, unknown>)[field];
    return typeof value !== 'string' || isInstant(value)
      ? []
      : [{ field, issue: 'must be a real UTC time like 2026-03-14T09:00:00Z' }];
  });
}

export function eventRecordProblems(record: EventRecord): ErrorDetail[] {
  const checked = checkCreateBody({
    name: record.name,
    season: record.season,
    startDate: record.startDate,
    endDate: record.endDate,
    location: record.location,
    visibility: record.visibility,
  });
  const problems = checked.ok
    ? []
    : checked.error.details.length > 0
      ? checked.error.details
      : [{ field: '', issue: checked.error.message }];
  return [...problems, ...times(record, ['createdAt', 'updatedAt'])];
}

export function matchRecordProblems(match: MatchRecord): ErrorDetail[] {
  const problems = times(match, ['scheduledAt', 'playedAt']);
  const expectedId = matchId(match.eventId, match.type, match.number);
  if (match.id !== expectedId) problems.push({ field: 'id', issue: `must be ${expectedId}` });
  const played = match.status === 'played';
  for (const alliance of ['red', 'blue'] as const) {
    const { score } = match[alliance];
    if (played && score === null) {
      problems.push({ field: `${alliance}.score`, issue: 'must be a score: the match was played' });
    }
    if (!played && score !== null) {
      problems.push({
        field: `${alliance}.score`,
        issue: 'must be null until the match is played',
      });
    }
  }
  const winner = winnerOf(match.red.score, match.blue.score);
  if (match.winner !== winner) {
    problems.push({
      field: 'winner',
      issue: `must be ${winner ?? 'null'}, as the scores say (${match.red.score ?? '–'} to ${match.blue.score ?? '–'})`,
    });
  }
  return problems;
}

export function clipRecordProblems(clip: ClipRecord): ErrorDetail[] {
  return times(clip, ['recordedAt']);
}
