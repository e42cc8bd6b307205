import { FORM_FIELDS, type EventFormValues } from './form-values';

/** What Esc asks when the form holds changes: dropping typed work is never one key away. */
export const DROP_CHANGES_QUESTION =
  'Leave this form? What you typed here is not saved and will be lost.';

/** Whether anything was typed since the form opened (a field typed back to its value is not). */
export function formChanged(opened: EventFormValues, now: EventFormValues): boolean {
  return FORM_FIELDS.some((field) => opened[field] !== now[field]);
}

/** Esc on the form: leaves at once when nothing would be lost, else only once `ask` says yes. */
export function mayLeave(
  opened: EventFormValues,
  now: EventFormValues,
  ask: (question: string) => boolean,
): boolean {
  return !formChanged(opened, now) || ask(DROP_CHANGES_QUESTION);
}
