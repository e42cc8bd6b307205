import { EDITABLE_EVENT_FIELDS, flatFields } from '../../shared/ipc/edits';
import type { ErrorDetail } from '../../shared/wire/errors';
import type { EventRecord } from '../../shared/wire/event';
import { ApiError } from '../api/errors';
import type { Conflicts } from './compare';
import { patchValues, type UpdateEdit } from './edit';
import type { EditableField } from './event-row';

/** What the organizer reads about such a conflict; the service's reasons are listed below it. */
export const REFUSED_TOGETHER =
  'Your change and a change made on the service meanwhile cannot both stand, so the service refused them together and nothing was applied. Choose which values stay.';

/**
 * The service refused an update sent on top of someone else's changes (the merged event broke a
 * rule: an end before the start, say). That is a conflict between the two, not a refusal of what
 * the organizer typed: it holds every field the edit sets that the service does not read already,
 * and the fields only the other side changed that the refusal names (all of them, if it names
 * none), each with its base, theirs, and the organizer's (for a field they left, what they saw).
 * `null` when nobody else changed anything: the refusal is of the edit itself.
 */
export function refusedTogether(
  edit: UpdateEdit,
  record: EventRecord,
  held: Conflicts,
  named: readonly ErrorDetail[],
): Conflicts | null {
  const theirs = flatFields(record);
  const mine = patchValues(edit.payload);
  const others = EDITABLE_EVENT_FIELDS.filter((field) => {
    const base = edit.base[field];
    return (
      mine[field] === undefined && base !== undefined && base !== null && base !== theirs[field]
    );
  });
  if (others.length === 0 && Object.keys(held).length === 0) return null;
  const namedFields = new Set(named.map((detail) => detail.field));
  const related = others.some((field) => namedFields.has(field))
    ? others.filter((field) => namedFields.has(field))
    : others;
  const conflicts: Conflicts = { ...held };
  for (const field of Object.keys(mine) as EditableField[]) {
    const value = mine[field] ?? null;
    if (theirs[field] === value || conflicts[field] !== undefined) continue;
    conflicts[field] = { base: edit.base[field] ?? null, theirs: theirs[field], mine: value };
  }
  for (const field of related) {
    const base = edit.base[field] ?? null;
    conflicts[field] = { base, theirs: theirs[field], mine: base };
  }
  return conflicts;
}

/** A 422 to an update merged with someone else's changes, as the conflict it is; else `null`. */
export function refusedMerge(
  edit: UpdateEdit,
  record: EventRecord,
  held: Conflicts | null,
  error: unknown,
): { conflicts: Conflicts; error: ApiError } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const conflicts = refusedTogether(edit, record, held ?? {}, error.details ?? []);
  return conflicts === null ? null : { conflicts, error };
}
