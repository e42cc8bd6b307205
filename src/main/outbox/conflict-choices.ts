import type { EventPatchInput } from '../../shared/wire/event';
import { checkPatchBody, mergePatch } from '../../shared/wire/event-input';
import { toPatch } from './compare';
import { patchValues, type DeleteEdit, type EditConflict, type UpdateEdit } from './edit';
import { EditRefusedError } from './edit-refused';
import { fieldsOf, type EditableField, type EventRow, type FieldValues } from './event-row';
import type { EditUpdate } from './outbox-rows';

/** How a conflict ends: each field both sides changed takes one side. */
export type Choice = 'mine' | 'theirs';
export type Resolution = Choice | Partial<Record<EditableField, Choice>>;

/**
 * What an edit in conflict becomes once each field both sides changed takes the side chosen (see
 * `Outbox.resolve`): `null` when it is left with nothing to send, or else how it goes out again,
 * based on the state the conflict was found against. `service` is the service's record of that
 * state, where one is held.
 */
export function resolvedEdit(
  edit: UpdateEdit | DeleteEdit,
  conflict: EditConflict,
  resolution: Resolution,
  service: EventRow | null | undefined,
): EditUpdate | null {
  const fields = Object.keys(conflict.fields) as EditableField[];
  const choice = (field: EditableField): Choice =>
    typeof resolution === 'string' ? resolution : (resolution[field] ?? 'mine');
  const theirs: FieldValues = Object.fromEntries(
    fields.map((field) => [field, conflict.fields[field]?.theirs ?? null]),
  );
  if (edit.kind === 'delete') {
    if (fields.some((field) => choice(field) === 'theirs')) return null;
    return {
      state: 'pending',
      conflict: null,
      error: null,
      base: { ...edit.base, ...theirs },
      baseEtag: conflict.etag,
    };
  }
  // A field only someone else changed is in the conflict when the service refused the two
  // changes together; keeping "mine" there puts back what the organizer saw.
  const kept = patchValues(edit.payload);
  const restored: FieldValues = Object.fromEntries(
    fields
      .filter((field) => choice(field) === 'mine' && kept[field] === undefined)
      .map((field) => [field, conflict.fields[field]?.mine ?? null]),
  );
  const payload = withValues(
    withoutFields(
      edit.payload,
      fields.filter((field) => choice(field) === 'theirs'),
    ),
    restored,
  );
  checkAgainstService(service, payload);
  if (Object.keys(patchValues(payload)).length === 0) return null;
  return {
    state: 'pending',
    conflict: null,
    error: null,
    payload,
    base: { ...edit.base, ...theirs },
    baseEtag: conflict.etag,
  };
}

/**
 * The choices of a conflict, merged into the service's record it was found against, must make
 * an event the service takes: choosing a start from one side and an end from the other may not.
 */
function checkAgainstService(service: EventRow | null | undefined, payload: EventPatchInput): void {
  if (service === undefined || service === null) return;
  const checked = checkPatchBody(payload);
  const merged = checked.ok ? mergePatch(fieldsOf(service), checked.value) : checked;
  if (merged.ok) return;
  throw new EditRefusedError(
    merged.error.code,
    'These choices together make an event the service refuses; choose again.',
    merged.error.details,
  );
}

/** A merge patch with `values` set in it, a location's members each. */
function withValues(patch: EventPatchInput, values: FieldValues): EventPatchInput {
  if (Object.keys(values).length === 0) return patch;
  const added = toPatch(values) as EventPatchInput;
  const location = { ...(patch.location ?? {}), ...(added.location ?? {}) };
  return {
    ...patch,
    ...added,
    ...(Object.keys(location).length === 0 ? {} : { location }),
  };
}

/** A merge patch without the members of `fields`. */
function withoutFields(patch: EventPatchInput, fields: readonly EditableField[]): EventPatchInput {
  const next: Record<string, unknown> = { ...patch };
  const location: Record<string, unknown> = { ...(patch.location ?? {}) };
  for (const field of fields) {
    if (field.startsWith('location.')) delete location[field.slice('location.'.length)];
    else delete next[field];
  }
  if (patch.location !== undefined) {
    if (Object.keys(location).length === 0) delete next.location;
    else next.location = location;
  }
  return next;
}
