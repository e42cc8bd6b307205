import type { EventListItem, EventRecord } from '../../shared/wire/event';
import type { ApiClient } from '../api/client';
import { EDITABLE_EVENT_FIELDS, flatFields } from '../../shared/ipc/edits';
import { createValues, type CreateEdit } from './edit';
import type { FieldValues } from './event-row';

/**
 * How far before the first send an event of the service may read as created and still be the
 * create's: the `Date` header that tells the service's clock has whole seconds, and the service
 * stamps its record a moment before it answers.
 */
const CLOCK_SLACK_MS = 2_000;

/**
 * What looking for a create that may have arrived found: the event it made, or none made since it
 * first went out has its fields (it did not arrive).
 */
export type CreateLookup =
  { kind: 'found'; record: EventRecord; etag: string | null } | { kind: 'absent' };

/**
 * Looks on the service for the event a create may have made before its answer was lost (a
 * timeout, a reset, a 500 after the commit). A service without idempotency keys would make a
 * second event if the create were simply sent again, so it is looked for first: an event with
 * exactly the create's fields, created after the create first went out, that no other edit here
 * has claimed. Another organizer's event of the same fields made before is never taken for it.
 * Not found, it goes again with the same Idempotency-Key: a service that honours one answers the
 * first answer again if it did arrive (its answer lost on the way), and never makes it twice.
 * Organizer keys see every event in lists, private ones included.
 */
export async function findCreated(
  client: ApiClient,
  edit: CreateEdit,
  claimed: ReadonlySet<string>,
  signal: AbortSignal | undefined,
): Promise<CreateLookup> {
  const wanted = createValues(edit.payload);
  let madeAfter = Number.NEGATIVE_INFINITY;
  for (let page = 1; ; page += 1) {
    const answer = await client.listEvents(
      { search: wanted.name ?? '', season: wanted.season ?? undefined, page, perPage: 100 },
      { signal },
    );
    if (page === 1) madeAfter = serviceTime(edit.sentAt, answer.headers) - CLOCK_SLACK_MS;
    const list = answer.value;
    if (list === undefined) return { kind: 'absent' };
    for (const item of list.data) {
      if (claimed.has(item.id)) continue;
      if (!hasCreated(item, wanted)) continue;
      // The single record says what the list does not: when it was made, its visibility, and a
      // validator for later edits.
      const single = await client.getEvent(item.id, { signal });
      if (single.value === undefined) continue;
      const record = single.value.data;
      if (!hasCreated(record, wanted)) continue;
      if (Date.parse(record.createdAt) < madeAfter) continue;
      return { kind: 'found', record, etag: single.etag };
    }
    if (page * list.meta.perPage >= list.meta.total || list.data.length === 0) {
      return { kind: 'absent' };
    }
  }
}

/**
 * Whether an event reads every field a create sets, `streamStatus` (`none`) included; a field it
 * does not carry (a list item's visibility) is left to its single record.
 */
function hasCreated(event: EventListItem | EventRecord, wanted: FieldValues): boolean {
  const found = flatFields(event);
  return EDITABLE_EVENT_FIELDS.every(
    (field) => found[field] === null || found[field] === wanted[field],
  );
}

/**
 * `sentAt` (this computer's clock) on the service's clock, as its `Date` header tells it; records
 * are stamped by that clock. Without the header the two clocks are taken to agree.
 */
function serviceTime(sentAt: string | null, headers: Headers): number {
  const sent = sentAt === null ? Number.NEGATIVE_INFINITY : Date.parse(sentAt);
  const said = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(said)) return sent;
  return sent + (said - Date.now());
}
