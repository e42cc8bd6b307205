import type { EventRecord } from '../../shared/wire/event';
import type { ApiClient } from '../api/client';
import { createValues, type CreateEdit } from './edit';
import { recordValues } from './compare';
import type { EditableField } from './event-row';

/** The fields a create sets; `streamStatus` starts at `none` on every new event. */
const CREATED_FIELDS: readonly EditableField[] = [
  'name',
  'season',
  'startDate',
  'endDate',
  'location.venue',
  'location.city',
  'location.state',
  'location.country',
];

/**
 * Looks on the service for the event a create may have made before its answer was lost (a
 * timeout, a reset, a 500 after the commit). A service without idempotency keys would make a
 * second event if the create were simply sent again, so it is looked for first: an event with
 * exactly the create's fields that no other edit here has claimed. Organizer keys see every event
 * in lists, private ones included.
 */
export async function findCreated(
  client: ApiClient,
  edit: CreateEdit,
  claimed: ReadonlySet<string>,
  signal: AbortSignal | undefined,
): Promise<{ record: EventRecord; etag: string | null } | null> {
  const wanted = createValues(edit.payload);
  for (let page = 1; ; page += 1) {
    const answer = await client.listEvents(
      { search: wanted.name ?? '', season: wanted.season ?? undefined, page, perPage: 100 },
      { signal },
    );
    const list = answer.value;
    if (list === undefined) return null;
    for (const item of list.data) {
      if (claimed.has(item.id)) continue;
      const found = recordValues(item);
      if (!CREATED_FIELDS.every((field) => found[field] === wanted[field])) continue;
      // The single record says what the list does not: visibility, and a validator for later edits.
      const single = await client.getEvent(item.id, { signal });
      if (single.value === undefined) continue;
      if (single.value.data.visibility !== wanted.visibility) continue;
      return { record: single.value.data, etag: single.etag };
    }
    if (page * list.meta.perPage >= list.meta.total || list.data.length === 0) return null;
  }
}
