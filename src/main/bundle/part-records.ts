import type { z } from 'zod';
import { parseResourceKey } from '../../shared/ipc/resources';
import { clipRecordSchema, type ClipRecord } from '../../shared/wire/clip';
import { eventRecordSchema, type EventRecord } from '../../shared/wire/event';
import { matchRecordSchema, type MatchRecord } from '../../shared/wire/match';
import { teamSeasonStatsSchema, type TeamSeasonStats } from '../../shared/wire/stats';
import { teamListItemSchema, type TeamListItem } from '../../shared/wire/team';
import type { ErrorDetail } from '../../shared/wire/errors';
import { BundleError, partKindOf, type BundlePart } from './format';
import { clipRecordProblems, eventRecordProblems, matchRecordProblems } from './record-rules';

/** A part read whole and checked: its records in the service's shapes, ready to merge. */
export type VerifiedPart = { entry: BundlePart } & (
  | { kind: 'event'; eventId: string; listed: boolean; record: EventRecord }
  | { kind: 'eventTeams'; eventId: string; records: TeamListItem[] }
  | { kind: 'eventMatches'; eventId: string; records: MatchRecord[] }
  | { kind: 'eventClips'; eventId: string; records: ClipRecord[] }
  | { kind: 'teamStats'; teamNumber: number; season: string; record: TeamSeasonStats }
  | { kind: 'teams'; records: TeamListItem[] }
);

function refused(entry: BundlePart, line: number, reason: string): BundleError {
  return new BundleError(`${entry.resource}, record ${line}: ${reason}`);
}

/** Each line through the wire schema the service's answers go through; the first refusal stops. */
function recordsOf<Schema extends z.ZodType>(
  entry: BundlePart,
  lines: readonly string[],
  schema: Schema,
): z.infer<Schema>[] {
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw refused(entry, index + 1, 'is not JSON');
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where =
        issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')} `;
      throw refused(entry, index + 1, `${where}${issue?.message ?? 'is not a record'}`);
    }
    return parsed.data;
  });
}

/** Each record through the service's own rules beyond the schema; the first fault stops. */
function keepRules<Item>(
  entry: BundlePart,
  records: Item[],
  problemsOf: (record: Item) => ErrorDetail[],
): Item[] {
  records.forEach((record, index) => {
    const [problem] = problemsOf(record);
    if (problem !== undefined) {
      const where = problem.field === '' ? '' : `${problem.field} `;
      throw refused(entry, index + 1, `${where}${problem.issue}`);
    }
  });
  return records;
}

function single<Item>(entry: BundlePart, records: Item[]): Item {
  const [record] = records;
  if (record === undefined || records.length !== 1) {
    throw new BundleError(`${entry.resource} must hold one record, not ${records.length}`);
  }
  return record;
}

function belongs(entry: BundlePart, records: readonly { eventId: string }[], eventId: string) {
  const index = records.findIndex((record) => record.eventId !== eventId);
  if (index >= 0) {
    throw refused(entry, index + 1, `belongs to event ${records[index]?.eventId}, not ${eventId}`);
  }
}

/** The part's NDJSON lines as records of its resource, or a `BundleError` naming the first fault. */
export function verifyPartRecords(entry: BundlePart, lines: readonly string[]): VerifiedPart {
  const parsed = parseResourceKey(entry.resource);
  const kind = partKindOf(entry.resource);
  if (lines.length !== entry.records) {
    throw new BundleError(
      `${entry.resource} holds ${lines.length} records, its manifest says ${entry.records}`,
    );
  }
  if (kind === 'teams') {
    return { entry, kind, records: recordsOf(entry, lines, teamListItemSchema) };
  }
  if (parsed?.kind === 'event') {
    const record = single(
      entry,
      keepRules(entry, recordsOf(entry, lines, eventRecordSchema), eventRecordProblems),
    );
    if (record.id !== parsed.eventId) throw refused(entry, 1, `is event ${record.id}`);
    if (entry.listed === undefined) throw new BundleError(`${entry.resource} does not say listed`);
    return { entry, kind: 'event', eventId: parsed.eventId, listed: entry.listed, record };
  }
  if (parsed?.kind === 'eventPart') {
    const { eventId } = parsed;
    switch (parsed.part) {
      case 'teams':
        return {
          entry,
          kind: 'eventTeams',
          eventId,
          records: recordsOf(entry, lines, teamListItemSchema),
        };
      case 'matches': {
        const records = recordsOf(entry, lines, matchRecordSchema);
        belongs(entry, records, eventId);
        keepRules(entry, records, matchRecordProblems);
        return { entry, kind: 'eventMatches', eventId, records };
      }
      case 'clips': {
        const records = recordsOf(entry, lines, clipRecordSchema);
        belongs(entry, records, eventId);
        keepRules(entry, records, clipRecordProblems);
        return { entry, kind: 'eventClips', eventId, records };
      }
    }
  }
  if (parsed?.kind === 'teamStats') {
    const record = single(entry, recordsOf(entry, lines, teamSeasonStatsSchema));
    if (record.season !== parsed.season) throw refused(entry, 1, `is season ${record.season}`);
    return {
      entry,
      kind: 'teamStats',
      teamNumber: parsed.teamNumber,
      season: parsed.season,
      record,
    };
  }
  throw new BundleError(`${entry.resource} is not a resource a bundle carries`);
}
