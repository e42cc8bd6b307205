import type { EventFormValues } from './form-values';
import { isoToLocalInput } from './local-time';

interface LocationBody {
  venue?: string | null;
  city?: string;
  state?: string | null;
  country?: string;
}

/** A create body or a merge patch, as an edit carries it. */
export interface EditBody {
  name?: string;
  season?: string;
  startDate?: string;
  endDate?: string;
  location?: LocationBody;
  visibility?: string;
}

/**
 * The form as an edit the service refused left it: `base` (the event as it reads now, or an empty
 * form for a new one) with the edit's own values written over it, so the organizer corrects what
 * they typed rather than typing it again.
 */
export function formValuesWithEdit(base: EventFormValues, body: EditBody): EventFormValues {
  const { location } = body;
  const text = (value: string | null | undefined, fallback: string) =>
    value === undefined ? fallback : (value ?? '');
  return {
    name: body.name ?? base.name,
    season: body.season ?? base.season,
    startDate: body.startDate === undefined ? base.startDate : isoToLocalInput(body.startDate),
    endDate: body.endDate === undefined ? base.endDate : isoToLocalInput(body.endDate),
    venue: text(location?.venue, base.venue),
    city: location?.city ?? base.city,
    state: text(location?.state, base.state),
    country: location?.country ?? base.country,
    visibility: (body.visibility as EventFormValues['visibility'] | undefined) ?? base.visibility,
  };
}
