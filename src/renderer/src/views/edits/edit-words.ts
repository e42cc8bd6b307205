import type { EditableEventField, EditView } from '../../../../shared/ipc/edits';
import { EDITABLE_EVENT_FIELDS, needsAttention } from '../../../../shared/ipc/edits';
import { fieldHeading, fieldName, fieldValueText } from './field-words';

/*
 * Each queued edit in words: what it is ("Rockford Regional · Venue: Expo Center → Fieldhouse")
 * and where it stands ("Failed: …"). The outbox's states are the sync's terms; these are the
 * organizer's.
 */

type UpdatePatch = Extract<EditView, { kind: 'update' }>['payload'];

function patchHas(patch: UpdatePatch, field: EditableEventField): boolean {
  if (!field.startsWith('location.')) return Object.hasOwn(patch, field);
  const member = field.slice('location.'.length);
  return patch.location !== undefined && Object.hasOwn(patch.location, member);
}

/** The fields a patch changes, in the order the form shows them, a location's members each. */
function patchFields(patch: UpdatePatch): EditableEventField[] {
  return EDITABLE_EVENT_FIELDS.filter((field) => patchHas(patch, field));
}

/** The fields an update changes by their names ("venue", "stream"), in the form's order. */
export function changedFields(patch: UpdatePatch): string[] {
  return patchFields(patch).map(fieldName);
}

/** What a patch sets a field to; `null` for a field it clears. */
function patchValue(patch: UpdatePatch, field: EditableEventField): string | null {
  const value: unknown = field.startsWith('location.')
    ? (patch.location as Record<string, unknown> | undefined)?.[field.slice('location.'.length)]
    : (patch as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/**
 * The names of events created here, by their temporary code: a later change of an event the
 * service has not named yet reads by its name, not by `local…`.
 */
export function createdNames(edits: readonly EditView[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const edit of edits) {
    if (edit.kind === 'create') names.set(edit.eventId, edit.payload.name);
  }
  return names;
}

/** The event by its name, as the organizer knows it; its code only when no name is known. */
function eventLabel(edit: EditView, names: ReadonlyMap<string, string>): string {
  const created = names.get(edit.eventId);
  if (created !== undefined) return `new event ${created}`;
  return edit.eventName ?? edit.eventId;
}

/** "Venue: Rockford Expo Center → Rockford Fieldhouse"; without a known base, only the new value. */
function changeWords(edit: Extract<EditView, { kind: 'update' }>, field: EditableEventField) {
  const after = fieldValueText(field, patchValue(edit.payload, field));
  const before = edit.base[field];
  return before === undefined
    ? `${fieldHeading(field)}: ${after}`
    : `${fieldHeading(field)}: ${fieldValueText(field, before)} → ${after}`;
}

/**
 * "New event Leeds Winter Open", "Rockford Regional · Venue: Rockford Expo Center → Rockford
 * Fieldhouse", "Deletion of Rockford Regional".
 */
export function describeEdit(
  edit: EditView,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  switch (edit.kind) {
    case 'create':
      return `New event ${edit.payload.name}`;
    case 'update': {
      const label = eventLabel(edit, names);
      const subject = label.charAt(0).toUpperCase() + label.slice(1);
      const changes = patchFields(edit.payload).map((field) => changeWords(edit, field));
      return [subject, ...changes].join(' · ');
    }
    case 'delete':
      return `Deletion of ${eventLabel(edit, names)}`;
  }
}

export type StateTone = 'waiting' | 'sending' | 'attention';

export interface StateWords {
  /** The badge: one word. */
  label: string;
  tone: StateTone;
  /** What it means for the organizer, in one sentence. */
  explanation: string;
}

/** What the app knows beside the edit that changes its words. */
export interface StateContext {
  /** The last sync found the service unreachable: nothing goes out until it is back. */
  offline: boolean;
}

/** Where an edit stands, in words; a failure's field details are listed apart (`failureDetails`). */
export function describeState(
  edit: EditView,
  context: StateContext = { offline: false },
): StateWords {
  // Offline, nothing is on its way: "Sending" would claim a request that is not being made.
  if (context.offline && (edit.state === 'pending' || edit.state === 'sending')) {
    return {
      label: 'Waiting',
      tone: 'waiting',
      explanation:
        edit.state === 'sending' && edit.error !== null
          ? 'Waiting for the service (offline). When it is back, Pitside checks whether the last try arrived before sending it again.'
          : 'Waiting for the service (offline).',
    };
  }
  switch (edit.state) {
    case 'pending':
      return {
        label: 'Waiting',
        tone: 'waiting',
        explanation:
          edit.error === null
            ? 'Goes out with the next sync.'
            : `The last try did not get through (${clause(edit.error.message)}); it goes out with the next sync.`,
      };
    case 'sending':
      // An error on an edit being sent means an answer was lost on the way: the service may have
      // applied it. The sender looks before sending again, so it is never applied twice.
      return edit.error === null
        ? { label: 'Sending', tone: 'sending', explanation: 'On its way to the service.' }
        : {
            label: 'Sending',
            tone: 'sending',
            explanation: 'Unsure whether it arrived; checked before it is sent again.',
          };
    case 'failed':
      // Given up for want of a clear answer is no refusal: say so, and what looking for it found.
      if (edit.error?.gaveUp !== undefined) {
        return {
          label: 'Gave up',
          tone: 'attention',
          explanation:
            edit.error.gaveUp === 'absent'
              ? 'The service never answered clearly, and it is not on the service: it did not arrive. Send it again when the service answers.'
              : 'The service never answered clearly, and could not be asked whether it arrived: it may have. It is looked for on the service before it is sent again.',
        };
      }
      return {
        label: 'Failed',
        tone: 'attention',
        // An event found gone did not refuse anything: the client's own message says what happened.
        explanation:
          edit.error?.code === 'not_found' && edit.error.serviceCode === undefined
            ? `${clause(edit.error.message)}.`
            : `The service refused it: ${clause(edit.error?.message ?? 'no reason given')}.`,
      };
    case 'conflict':
      return {
        label: 'Conflict',
        tone: 'attention',
        explanation:
          edit.kind === 'delete'
            ? 'The event was changed on the service after you asked to delete it: deleting it would also remove their changes.'
            : edit.error?.code === 'conflict'
              ? // Found by the second look at a change sent to a service without ETags, or a
                // change refused together with someone else's: the client's own words say which.
                `${clause(edit.error.message)}.`
              : unknownBase(edit).length > 0
                ? `This computer had not read the event’s ${unknownBase(edit).join(', ')} before you changed it, so it cannot tell whether the service’s value is someone else’s change: choose which value to keep.`
                : 'The same fields were changed on the service after you edited them: choose which values to keep.',
      };
  }
}

/** The fields of a conflict whose value before the edit was never known here, by name. */
function unknownBase(edit: EditView): string[] {
  const fields = edit.conflict?.fields ?? {};
  return EDITABLE_EVENT_FIELDS.filter((field) => fields[field]?.base === null).map(fieldName);
}

/**
 * A refusal's field details as lines: "City: is required". A conflict the service's refusal of
 * two changes together made has them too: they say which rule the two broke.
 */
export function failureDetails(edit: EditView): string[] {
  if (!needsAttention(edit)) return [];
  return (edit.error?.details ?? []).map(({ field, issue }) =>
    field === '' ? issue : `${fieldHeading(field)}: ${issue}`,
  );
}

/** A service's message inside a sentence of ours, without its own closing full stop. */
function clause(message: string): string {
  return message.trim().replace(/\.$/, '');
}

/** What discarding takes back, for the confirmation. */
export function discardConsequence(edit: EditView): string {
  switch (edit.kind) {
    case 'create':
      return 'The new event and any later changes to it are removed from this computer and never sent.';
    case 'update':
      return 'Your change is taken back and never sent; the event shows the service’s values again.';
    case 'delete':
      return 'The deletion is taken back: the event stays on the service and shows here again.';
  }
}
