import type { EditableEventField, EditView } from '../../../../shared/ipc/edits';
import { EDITABLE_EVENT_FIELDS } from '../../../../shared/ipc/edits';
import type { Resolution } from '../../stores/edits';

/*
 * The resolver's choices, kept apart from its table so the answer sent to the outbox can be
 * checked on its own: per field "mine" (yours) or "theirs" (the service's now).
 */

export type Choice = 'mine' | 'theirs';
export type FieldChoices = Partial<Record<EditableEventField, Choice>>;
export type EditConflict = NonNullable<EditView['conflict']>;

/** The fields both sides changed, in the order the form shows them. */
export function conflictFields(conflict: EditConflict): EditableEventField[] {
  return EDITABLE_EVENT_FIELDS.filter((field) => conflict.fields[field] !== undefined);
}

/** Where the resolver starts: every field keeps yours, as the outbox does for a field not named. */
export function initialChoices(fields: readonly EditableEventField[]): FieldChoices {
  return Object.fromEntries(fields.map((field) => [field, 'mine']));
}

/**
 * "Apply": every conflicting field named with its choice, so what is sent is exactly what the
 * radios show, and a field the person did not touch is sent as yours on purpose, not by default.
 */
export function fieldResolution(
  fields: readonly EditableEventField[],
  choices: FieldChoices,
): Resolution {
  return Object.fromEntries(fields.map((field) => [field, choices[field] ?? 'mine']));
}

/** The resolver's three buttons: "Apply choices", "Keep all mine", "Take all theirs". */
export type ResolveAction = 'apply' | Choice;

/**
 * What a button sends: Apply sends the radios field by field; the two shortcuts send one word
 * for every field, which also settles a field the service added to the conflict meanwhile.
 */
export function resolutionFor(
  action: ResolveAction,
  fields: readonly EditableEventField[],
  choices: FieldChoices,
): Resolution {
  return action === 'apply' ? fieldResolution(fields, choices) : action;
}

/** "Sends your name; takes their stream.": what Apply will do, before it is done. */
export function choicesSummary(
  fields: readonly EditableEventField[],
  choices: FieldChoices,
  name: (field: EditableEventField) => string,
): string {
  const mine = fields.filter((field) => (choices[field] ?? 'mine') === 'mine').map(name);
  const theirs = fields.filter((field) => choices[field] === 'theirs').map(name);
  const parts: string[] = [];
  if (mine.length > 0) parts.push(`sends your ${mine.join(', ')}`);
  if (theirs.length > 0) parts.push(`takes their ${theirs.join(', ')}`);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
