import type { EditableEventField } from '../../../../shared/ipc/edits';
import { EDITABLE_EVENT_FIELDS } from '../../../../shared/ipc/edits';
import { utcText } from '../../../../shared/utc-text';
import { localDateTime } from '../../format/dates';

/*
 * An event's editable fields as an organizer names them, and their values as they read them:
 * dates in the person's own time zone, choices in words, nothing as raw wire text.
 */

const FIELD_NAMES: Record<EditableEventField, string> = {
  name: 'name',
  season: 'season',
  startDate: 'start',
  endDate: 'end',
  'location.venue': 'venue',
  'location.city': 'city',
  'location.state': 'state',
  'location.country': 'country',
  visibility: 'visibility',
  streamStatus: 'stream',
};

const DATE_FIELDS: ReadonlySet<string> = new Set(['startDate', 'endDate']);

const VALUE_WORDS: Partial<Record<EditableEventField, Record<string, string>>> = {
  visibility: { public: 'Public', unlisted: 'Unlisted', private: 'Private' },
  streamStatus: { none: 'No stream', scheduled: 'Scheduled', live: 'Live', ended: 'Ended' },
};

export function isEditableField(field: string): field is EditableEventField {
  return (EDITABLE_EVENT_FIELDS as readonly string[]).includes(field);
}

/** "venue", "stream": a field in a sentence; anything else (a service's newer field) as it came. */
export function fieldName(field: string): string {
  return isEditableField(field) ? FIELD_NAMES[field] : field;
}

/** "Venue", "Stream": a field as a row heading. */
export function fieldHeading(field: string): string {
  const name = fieldName(field);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function isDateField(field: string): boolean {
  return DATE_FIELDS.has(field);
}

/**
 * A value as the person reads it. A date is shown in their time zone whatever zone it was typed
 * or stored in; `null` (a field left empty, or never known) reads as "empty".
 */
export function fieldValueText(field: EditableEventField, value: string | null): string {
  if (value === null || value === '') return 'empty';
  if (isDateField(field)) {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? value : localDateTime(new Date(instant).toISOString());
  }
  return VALUE_WORDS[field]?.[value] ?? value;
}

/** The UTC instant of a date value, for hovering; `undefined` for anything else. */
export function fieldValueTitle(
  field: EditableEventField,
  value: string | null,
): string | undefined {
  if (value === null || !isDateField(field)) return undefined;
  return utcText(value) || undefined;
}
