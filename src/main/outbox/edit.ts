import type { FailureCode } from '../../shared/failures';
import { flatFields, type EditState } from '../../shared/ipc/edits';
import type { ErrorDetail } from '../../shared/wire/errors';
import type { EventCreateInput, EventPatchInput } from '../../shared/wire/event';
import { checkCreateBody } from '../../shared/wire/event-input';
import { normaliseTimestamp } from '../../shared/wire/formats';
import type { EditableField, FieldValues } from './event-row';

export const EDIT_KINDS = ['create', 'update', 'delete'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

/** Why an edit failed or last failed to go out, in the service's words where it gave any. */
export interface EditError {
  /** From the one list of failures (`src/shared/failures.ts`): `forbidden`, `rejected`, `offline`, … */
  code: FailureCode;
  /** What the person reads: the service's words, with advice where only they can act. */
  message: string;
  /** The service's own code, where it sent one (`validation_failed`, `invalid_transition`, …). */
  serviceCode?: string;
  status?: number;
  details?: ErrorDetail[];
  /**
   * Set when the sender gave up for want of a clear answer, which is no refusal: what looking for
   * the edit on the service found. `absent`: it is not there, so it did not arrive; `unknown`: the
   * service could not be asked, so it may have arrived (it is looked for before it goes again).
   */
  gaveUp?: 'absent' | 'unknown';
}

/** One field both sides changed: what it read when the edit was made, on the service now, and here. */
export interface FieldConflict {
  base: string | null;
  theirs: string | null;
  /** `null` for a delete: the edit removes the event, field and all. */
  mine: string | null;
}

export interface EditConflict {
  fields: Partial<Record<EditableField, FieldConflict>>;
  /** The service's validator of the state the conflict was found against, when it gave one. */
  etag: string | null;
}

interface EditCommon {
  id: number;
  /** The event's code; a temporary `local…` code until the service has named a created event. */
  eventId: string;
  state: EditState;
  attempts: number;
  error: EditError | null;
  conflict: EditConflict | null;
  queuedAt: string;
  /** Not to be sent before this time (backoff, or the service's Retry-After). */
  notBefore: string | null;
  idempotencyKey: string;
  /** When it was first handed to the service (local time); null while it never was. */
  sentAt: string | null;
}

export interface CreateEdit extends EditCommon {
  kind: 'create';
  payload: EventCreateInput;
}

export interface UpdateEdit extends EditCommon {
  kind: 'update';
  payload: EventPatchInput;
  /** What the fields this edit changes read when it was made. */
  base: FieldValues;
  baseEtag: string | null;
}

export interface DeleteEdit extends EditCommon {
  kind: 'delete';
  /** Every editable field as it read when the delete was asked for. */
  base: FieldValues;
  baseEtag: string | null;
}

export type Edit = CreateEdit | UpdateEdit | DeleteEdit;

/** What a merge patch makes the fields it names: a cleared venue or state reads `""`. */
export function patchValues(patch: EventPatchInput): FieldValues {
  const values: FieldValues = {};
  if (patch.name !== undefined) values.name = patch.name.trim();
  if (patch.season !== undefined) values.season = patch.season;
  if (patch.startDate !== undefined) values.startDate = utcSeconds(patch.startDate);
  if (patch.endDate !== undefined) values.endDate = utcSeconds(patch.endDate);
  const location = patch.location;
  if (location !== undefined) {
    if (location.venue !== undefined) values['location.venue'] = location.venue?.trim() ?? '';
    if (location.city !== undefined) values['location.city'] = location.city.trim();
    if (location.state !== undefined) values['location.state'] = location.state?.trim() ?? '';
    if (location.country !== undefined) values['location.country'] = location.country.trim();
  }
  if (patch.visibility !== undefined) values.visibility = patch.visibility;
  if (patch.streamStatus !== undefined) values.streamStatus = patch.streamStatus;
  return values;
}

/**
 * The fields of a new event as the service will store them: resolved by the service's own rules
 * (defaults, trimming, UTC). Every queued create passed them on its way in; one that no longer
 * does shows as it was typed.
 */
export function createValues(input: EventCreateInput): FieldValues {
  const checked = checkCreateBody(input);
  // One that no longer passes keeps out what it left out: a field left out is not a field cleared.
  return checked.ok ? flatFields(checked.value) : patchValues(input);
}

/** A timestamp with any zone, as the service returns it: UTC, second precision, `Z`. */
function utcSeconds(timestamp: string): string {
  return normaliseTimestamp(timestamp) ?? timestamp;
}
