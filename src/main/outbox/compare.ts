import type { EventRecord } from '../../shared/wire/event';
import { patchValues, type DeleteEdit, type FieldConflict, type UpdateEdit } from './edit';
import { EDITABLE_EVENT_FIELDS, flatFields } from '../../shared/ipc/edits';
import type { EditableField, FieldValues } from './event-row';

export type Conflicts = Partial<Record<EditableField, FieldConflict>>;

export interface UpdateVerdict {
  /** Fields both sides changed, to different values. */
  conflicts: Conflicts;
  /** What still needs sending: the edit's fields the service does not already read. */
  patch: FieldValues;
}

/**
 * Three-way comparison of an update with the service's record now. A field the service changed
 * since the edit's base, to something else than the edit's value, is a conflict. A field only
 * one side changed merges by itself: the service's stays, the edit's is sent. Only what was seen
 * is compared: a base the cache never knew (the visibility of an event only read from its list)
 * is no evidence that anyone changed it, so the edit's value is sent.
 */
export function compareUpdate(edit: UpdateEdit, record: EventRecord): UpdateVerdict {
  const theirs = flatFields(record);
  const mine = patchValues(edit.payload);
  const conflicts: Conflicts = {};
  const patch: FieldValues = {};
  for (const field of Object.keys(mine) as EditableField[]) {
    const value = mine[field] ?? null;
    if (theirs[field] === value) continue;
    const base = edit.base[field] ?? null;
    if (base !== null && base !== theirs[field]) {
      conflicts[field] = { base, theirs: theirs[field], mine: value };
    } else {
      patch[field] = value;
    }
  }
  return { conflicts, patch };
}

/**
 * Whether an edit was made on the state `record` is in, for every field it is based on: only then
 * may the validator of `record` go out with it as If-Match.
 */
export function basedOn(edit: UpdateEdit | DeleteEdit, record: EventRecord): boolean {
  const theirs = flatFields(record);
  const fields =
    edit.kind === 'update'
      ? (Object.keys(patchValues(edit.payload)) as EditableField[])
      : EDITABLE_EVENT_FIELDS.filter((field) => (edit.base[field] ?? null) !== null);
  return fields.every((field) => edit.base[field] === theirs[field]);
}

/** Whether an update that may have gone out is what the service reads now. */
export function isApplied(edit: UpdateEdit, record: EventRecord): boolean {
  const theirs = flatFields(record);
  const mine = patchValues(edit.payload);
  return (Object.keys(mine) as EditableField[]).every((field) => theirs[field] === mine[field]);
}

/**
 * A delete asked for one state of the event; every field someone changed since is shown before
 * the event goes, since deleting it would delete their change too. Only what was seen is
 * compared: a base the cache never knew (the visibility of an event only read from its list) is
 * no evidence of anyone's change, whatever the service reads now.
 */
export function compareDelete(edit: DeleteEdit, record: EventRecord): Conflicts {
  const theirs = flatFields(record);
  const conflicts: Conflicts = {};
  for (const field of EDITABLE_EVENT_FIELDS) {
    const base = edit.base[field] ?? null;
    if (base === null || base === theirs[field]) continue;
    conflicts[field] = { base, theirs: theirs[field], mine: null };
  }
  return conflicts;
}

/** A flat set of field values as the merge patch that writes them. */
export function toPatch(values: FieldValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const location: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (field.startsWith('location.')) location[field.slice('location.'.length)] = value;
    else patch[field] = value;
  }
  if (Object.keys(location).length > 0) patch.location = location;
  return patch;
}
