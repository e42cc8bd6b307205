import type { EditView } from '../../../../shared/ipc/edits';
import { EDITABLE_EVENT_FIELDS } from '../../../../shared/ipc/edits';
import { fieldHeading, fieldName } from './field-words';

/*
 * Each queued edit in words: what it is ("Change of 2026leeds: venue, stream") and where it
 * stands ("Failed: …"). The outbox's states are the sync's terms; these are the organizer's.
 */

/** The fields an update changes, in the order the form shows them, a location's members each. */
export function changedFields(patch: Extract<EditView, { kind: 'update' }>['payload']): string[] {
  return EDITABLE_EVENT_FIELDS.filter((field) => {
    if (!field.startsWith('location.')) return Object.hasOwn(patch, field);
    const member = field.slice('location.'.length);
    return patch.location !== undefined && Object.hasOwn(patch.location, member);
  }).map(fieldName);
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

function eventLabel(eventId: string, names: ReadonlyMap<string, string>): string {
  const name = names.get(eventId);
  return name === undefined ? eventId : `new event ${name}`;
}

/** "New event Leeds Winter Open", "Change of 2026leeds: venue, stream", "Deletion of 2026leeds". */
export function describeEdit(
  edit: EditView,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  switch (edit.kind) {
    case 'create':
      return `New event ${edit.payload.name}`;
    case 'update': {
      const fields = changedFields(edit.payload);
      const subject = `Change of ${eventLabel(edit.eventId, names)}`;
      return fields.length === 0 ? subject : `${subject}: ${fields.join(', ')}`;
    }
    case 'delete':
      return `Deletion of ${eventLabel(edit.eventId, names)}`;
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

/** Where an edit stands, in words; a failure's field details are listed apart (`failureDetails`). */
export function describeState(edit: EditView): StateWords {
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
              ? // Found by the second look at a change sent to a service without ETags: the
                // client's own words say what it found.
                `${clause(edit.error.message)}.`
              : 'The same fields were changed on the service after you edited them: choose which values to keep.',
      };
  }
}

/** A refusal's field details as lines: "City: is required". */
export function failureDetails(edit: EditView): string[] {
  if (edit.state !== 'failed') return [];
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
