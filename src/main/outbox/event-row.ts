import {
  EDITABLE_EVENT_FIELDS,
  fieldMember,
  type EditableEventField,
} from '../../shared/ipc/edits';
import type { EventFields, StreamStatus, Visibility } from '../../shared/wire/event';

/**
 * An `events` row as an object: what the cache holds of one event. `visibility`, `createdAt` and
 * `updatedAt` are null while only the list item was read.
 */
export interface EventRow {
  id: string;
  name: string;
  season: string;
  startDate: string;
  endDate: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  streamStatus: StreamStatus;
  teamCount: number;
  clipCount: number;
  listed: 0 | 1;
  visibility: Visibility | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The columns of `events` under the names of {@link EventRow}, for a SELECT. */
export const EVENT_ROW_COLUMNS = `id, name, season, start_date AS startDate, end_date AS endDate,
  venue, city, state, country, stream_status AS streamStatus, team_count AS teamCount,
  clip_count AS clipCount, listed, visibility, created_at AS createdAt, updated_at AS updatedAt`;

/** An editable field's name, flat (`location.city`), as the IPC contract declares them. */
export type EditableField = EditableEventField;

/** Each editable field's value; null where the cache does not know it (visibility of a list item). */
export type FieldValues = Partial<Record<EditableField, string | null>>;

/** Each field's column is named after its member: `location.city` is `city`. */
const COLUMN_OF = (field: EditableField): keyof EventRow => fieldMember(field);

export function fieldValue(row: EventRow, field: EditableField): string | null {
  return row[COLUMN_OF(field)] as string | null;
}

export function fieldValues(row: EventRow, fields: readonly EditableField[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field, fieldValue(row, field)]));
}

/** A copy of `row` with `values` written over it. */
export function withFields(row: EventRow, values: FieldValues): EventRow {
  const next: Record<string, unknown> = { ...row };
  for (const field of EDITABLE_EVENT_FIELDS) {
    const value = values[field];
    if (value !== undefined) next[COLUMN_OF(field)] = value;
  }
  return next as unknown as EventRow;
}

/** The event as the service's own fields, to check an edit with the service's rules. */
export function fieldsOf(row: EventRow): EventFields {
  return {
    name: row.name,
    season: row.season,
    startDate: row.startDate,
    endDate: row.endDate,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    // Unknown until the single record is read; the rules checked here do not look at it.
    visibility: row.visibility ?? 'public',
    streamStatus: row.streamStatus,
  };
}
