import {
  EDITABLE_EVENT_FIELDS,
  fieldMember,
  flatFields,
  type EditableEventField,
  type EditBase,
} from '../../../../shared/ipc/edits';
import type { CachedEvent } from '../../../../shared/ipc/reads';
import { formValuesOf, patchOf, type EventFormValues, type FormField } from './form-values';

/*
 * What an edit form opened on, kept for as long as it is open. The edit is based on it: a field
 * the organizer changes that someone else changed while the form was open is a conflict, never
 * overwritten by what they typed. A sync may bring new values meanwhile; the fields they have not
 * touched show them, and those are not sent.
 */

export interface FormOpening {
  /** Per field, what the form shows while the organizer has not changed it: the event now. */
  shown: EventFormValues;
  /** The event as the form opened on it, as the service writes it, and its validator. */
  base: EditBase;
}

/** The form field an editable field is shown in; `streamStatus` is not: the stream has its own buttons. */
function formFieldOf(field: EditableEventField): FormField | null {
  const member = fieldMember(field);
  return member === 'streamStatus' ? null : member;
}

export function openOn(event: CachedEvent, etag: string | null): FormOpening {
  return { shown: formValuesOf(event), base: { fields: flatFields(event), etag } };
}

/** The form fields the organizer changed: those a save would send. */
export function touchedFields(shown: EventFormValues, values: EventFormValues): Set<FormField> {
  const patch = patchOf(shown, values);
  const touched = new Set<FormField>();
  for (const field of ['name', 'season', 'startDate', 'endDate', 'visibility'] as const) {
    if (Object.hasOwn(patch, field)) touched.add(field);
  }
  const location = (patch.location ?? {}) as Record<string, unknown>;
  for (const field of ['venue', 'city', 'state', 'country'] as const) {
    if (Object.hasOwn(location, field)) touched.add(field);
  }
  return touched;
}

/**
 * The event changed while the form was open (a sync, the single record read at last). Fields
 * the organizer has not touched show the new values. The base stays what the form opened on,
 * except where it was not known (a visibility never synced) and the organizer has not chosen one
 * yet: reading it now is reading it before the edit. A validator learnt that way vouches for the
 * base once every field of it reads the same in the new record.
 */
export function followEvent(
  opening: FormOpening,
  values: EventFormValues,
  event: CachedEvent,
  etag: string | null,
): { opening: FormOpening; values: EventFormValues } {
  const touched = touchedFields(opening.shown, values);
  const next = formValuesOf(event);
  const shown = { ...opening.shown };
  const followed = { ...values };
  for (const field of Object.keys(next) as FormField[]) {
    if (touched.has(field)) continue;
    // Both are one type per field; the index type cannot say so.
    (shown as Record<FormField, string>)[field] = next[field];
    (followed as Record<FormField, string>)[field] = next[field];
  }
  const now = flatFields(event);
  const fields = { ...opening.base.fields };
  for (const field of EDITABLE_EVENT_FIELDS) {
    const formField = formFieldOf(field);
    const untouched = formField === null || !touched.has(formField);
    if (fields[field] === null && now[field] !== null && untouched) fields[field] = now[field];
  }
  const vouched =
    opening.base.etag === null &&
    etag !== null &&
    EDITABLE_EVENT_FIELDS.every((f) => fields[f] === now[f]);
  return {
    opening: { shown, base: { fields, etag: vouched ? etag : opening.base.etag } },
    values: followed,
  };
}
