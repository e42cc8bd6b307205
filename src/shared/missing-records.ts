import { parseResourceKey } from './ipc/resources';
import type { UnreadableRecords } from './ipc/sync';

type Listed = UnreadableRecords['records'][number];

const KIND_OF_LIST = { events: 'event', teams: 'team', matches: 'match', clips: 'clip' } as const;

/** A record as a person names it: "match 2026springfield-q12", from the list that held it. */
export function recordName(record: Listed): string {
  const parsed = parseResourceKey(record.resource);
  const list =
    parsed === null || parsed.kind === 'event' || parsed.kind === 'team'
      ? null
      : parsed.kind === 'events' || parsed.kind === 'teams'
        ? parsed.kind
        : parsed.kind === 'teamStats'
          ? null
          : parsed.part;
  const kind = list === null ? 'record' : KIND_OF_LIST[list];
  return `${kind} ${record.id ?? '(no id)'}`;
}

/**
 * The records a run could not read, in one sentence that names the first few and says what
 * happens next: the copy is not whole until a sync reads them.
 */
export function missingRecordsWords(unreadable: UnreadableRecords, named = 3): string {
  const { count } = unreadable;
  const names = unreadable.records.slice(0, named).map(recordName);
  const rest = count - names.length;
  const list = rest > 0 ? `${names.join(', ')} and ${rest} more` : names.join(', ');
  const one = count === 1;
  return `${count} record${one ? '' : 's'} could not be read (${list}); the next sync asks for ${one ? 'it' : 'them'} again.`;
}
