import type { CachedEvent } from '../../../../shared/ipc/reads';
import type { EventFields, Visibility } from '../../../../shared/wire/event';
import { seasonAt } from '../events/seasons';
import { isoToLocalInput, localInputToIso } from './local-time';

/** The form's fields, in the order they appear: the first one at fault takes the focus. */
export const FORM_FIELDS = [
  'name',
  'startDate',
  'endDate',
  'season',
  'venue',
  'city',
  'state',
  'country',
  'visibility',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/**
 * What the form holds, as typed: dates as `datetime-local` text on this machine's clock.
 * `visibility` is `''` for an event whose single record was never synced: the cache does not know
 * it, and the form leaves it as the service has it unless the organizer picks one.
 */
export interface EventFormValues {
  name: string;
  season: string;
  startDate: string;
  endDate: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  visibility: Visibility | '';
}

export const EMPTY_FORM: EventFormValues = {
  name: '',
  season: '',
  startDate: '',
  endDate: '',
  venue: '',
  city: '',
  state: '',
  country: '',
  visibility: 'public',
};

/** An event from the cache, as the form shows it for editing. */
export function formValuesOf(event: CachedEvent): EventFormValues {
  return {
    name: event.name,
    season: event.season,
    startDate: isoToLocalInput(event.startDate),
    endDate: isoToLocalInput(event.endDate),
    venue: event.location.venue,
    city: event.location.city,
    state: event.location.state,
    country: event.location.country,
    visibility: event.visibility ?? '',
  };
}

/**
 * The event's writable fields as the outbox checks a change against them; a visibility the cache
 * never learnt counts as public there too, and no rule looks at it.
 */
export function eventFieldsOf(event: CachedEvent): EventFields {
  return {
    name: event.name,
    season: event.season,
    startDate: event.startDate,
    endDate: event.endDate,
    location: { ...event.location },
    visibility: event.visibility ?? 'public',
    streamStatus: event.streamStatus,
  };
}

/**
 * A typed date as the service reads it. Left out when empty, so the service's "is required" is
 * what the organizer reads; sent as typed when unreadable, so its format message is.
 */
export function dateForService(text: string): string | undefined {
  if (text === '') return undefined;
  return localInputToIso(text) ?? text;
}

/** The season a start date falls in, as the service counts, or `null` before one is typed. */
export function seasonForStart(startText: string): string | null {
  const iso = localInputToIso(startText);
  if (iso === null) return null;
  const start = new Date(iso);
  const year = start.getUTCFullYear();
  return year >= 1 && year <= 9998 ? seasonAt(start) : null;
}

/** A new event's body (POST /v1/events): every field, text trimmed as the service would. */
export function createBodyOf(values: EventFormValues): Record<string, unknown> {
  const startDate = dateForService(values.startDate);
  const endDate = dateForService(values.endDate);
  // A missing date is left out rather than set to undefined, for the service's "is required".
  return {
    name: values.name.trim(),
    season: values.season.trim(),
    ...(startDate === undefined ? {} : { startDate }),
    ...(endDate === undefined ? {} : { endDate }),
    location: {
      venue: values.venue.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      country: values.country.trim(),
    },
    ...(values.visibility === '' ? {} : { visibility: values.visibility }),
  };
}

/** Whether two typed dates name the same instant (`09:00` and `09:00:00` do). */
function sameDate(before: string, after: string): boolean {
  if (before === after) return true;
  const beforeIso = localInputToIso(before);
  const afterIso = localInputToIso(after);
  return beforeIso !== null && afterIso !== null && Date.parse(beforeIso) === Date.parse(afterIso);
}

/**
 * The JSON merge patch of a change: only the fields the organizer changed, so a sync that changed
 * another field meanwhile is not overwritten with what the form was opened on. Clearing the
 * venue or the state sends `null`, which the service reads as "none".
 */
export function patchOf(
  original: EventFormValues,
  values: EventFormValues,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of ['name', 'season'] as const) {
    const typed = values[field].trim();
    if (typed !== original[field].trim()) patch[field] = typed;
  }
  for (const field of ['startDate', 'endDate'] as const) {
    if (sameDate(original[field], values[field])) continue;
    // A cleared date is sent empty, for the service's own refusal: left out, it would read as
    // "unchanged" while the field shows nothing.
    patch[field] = dateForService(values[field]) ?? '';
  }
  const location: Record<string, string | null> = {};
  for (const field of ['venue', 'city', 'state', 'country'] as const) {
    const typed = values[field].trim();
    if (typed === original[field].trim()) continue;
    const clearable = field === 'venue' || field === 'state';
    location[field] = clearable && typed === '' ? null : typed;
  }
  if (Object.keys(location).length > 0) patch.location = location;
  if (values.visibility !== '' && values.visibility !== original.visibility) {
    patch.visibility = values.visibility;
  }
  return patch;
}
