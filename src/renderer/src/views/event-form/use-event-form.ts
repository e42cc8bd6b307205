import { useRef, useState, type FormEvent } from 'react';
import type { EventFields } from '../../../../shared/wire/event';
import { ApiError, describeError } from '../../api';
import { editActions } from '../../stores/edits';
import { firstFieldAtFault, hasProblems, problemsOf, type FormProblems } from './field-errors';
import {
  EMPTY_FORM,
  FORM_FIELDS,
  seasonForStart,
  type EventFormValues,
  type FormField,
} from './form-values';
import { checkCreate, checkUpdate } from './validate';

/** A refused edit being corrected: the form opens on what it held, and saving sends it again. */
export interface ResendOf {
  editId: number;
  values: EventFormValues;
}

export type FormMode =
  | { kind: 'create'; resend?: ResendOf }
  | {
      kind: 'update';
      eventId: string;
      /** The event as the cache shows it now: a change is checked against it, as the outbox does. */
      current: EventFields;
      /** What the form was opened with: only fields that differ from it are sent. */
      original: EventFormValues;
      resend?: ResendOf;
    };

/** What a save did: the event's code (a temporary one for a new event), or that nothing changed. */
export type SaveOutcome = { eventId: string; changed: boolean };

const NO_PROBLEMS: FormProblems = { fields: {}, other: [] };

function check(mode: FormMode, values: EventFormValues) {
  if (mode.kind === 'create') {
    const { body, problems } = checkCreate(values);
    return { body, problems, changed: true };
  }
  const { patch, problems } = checkUpdate(mode.current, mode.original, values);
  return { body: patch, problems, changed: Object.keys(patch).length > 0 };
}

/**
 * The form's state and what its controls do: messages per field on blur, all of them on submit
 * (the first field at fault focused), then the edit queued through the outbox. What was typed
 * stays in the fields whatever goes wrong.
 */
export function useEventForm(mode: FormMode, onSaved: (outcome: SaveOutcome) => void) {
  const [values, setValues] = useState<EventFormValues>(
    () => mode.resend?.values ?? (mode.kind === 'create' ? EMPTY_FORM : mode.original),
  );
  // What the fields held when the form opened: Esc asks before dropping anything typed since.
  const [opened] = useState(values);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  // A new event's season follows its start date until the organizer types one of their own.
  const [seasonFollowsStart, setSeasonFollowsStart] = useState(
    mode.kind === 'create' && mode.resend === undefined,
  );
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<FormField, HTMLInputElement | null>>>({});

  const inputRef = (field: FormField) => (element: HTMLInputElement | null) => {
    inputs.current[field] = element;
  };

  const show = (next: FormProblems) => {
    setProblems(next);
    const first = firstFieldAtFault(next);
    if (first !== null) inputs.current[first]?.focus();
  };

  /**
   * The messages of every field showing one checked again, and of `left`, the field just left: a
   * field shows its message once left, and loses it as soon as what is typed is right.
   */
  const recheck = (next: EventFormValues, left: FormField | null) => {
    const found = check(mode, next).problems;
    setProblems((shown) => {
      const fields: FormProblems['fields'] = {};
      for (const each of FORM_FIELDS) {
        const message = found.fields[each];
        if (message !== undefined && (each === left || shown.fields[each] !== undefined)) {
          fields[each] = message;
        }
      }
      return { fields, other: shown.other };
    });
  };

  const change = (field: FormField, value: string) => {
    const next: EventFormValues = { ...values, [field]: value };
    if (field === 'season') setSeasonFollowsStart(false);
    if (field === 'startDate' && seasonFollowsStart) {
      next.season = seasonForStart(value) ?? next.season;
    }
    setValues(next);
    if (hasProblems(problems)) recheck(next, null);
  };

  const leave = (field: FormField) => recheck(values, field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = check(mode, values);
    if (hasProblems(checked.problems)) {
      show(checked.problems);
      return;
    }
    setProblems(NO_PROBLEMS);
    if (mode.kind === 'update' && !checked.changed && mode.resend === undefined) {
      onSaved({ eventId: mode.eventId, changed: false });
      return;
    }
    setSaving(true);
    try {
      const edit =
        mode.resend !== undefined
          ? await editActions.resend(mode.resend.editId, checked.changed ? checked.body : undefined)
          : mode.kind === 'create'
            ? await editActions.create(checked.body)
            : await editActions.update(mode.eventId, checked.body);
      onSaved({
        eventId: edit?.eventId ?? (mode.kind === 'update' ? mode.eventId : ''),
        changed: true,
      });
    } catch (error) {
      // Main checks with the same rules, against a cache a sync may have changed since: its
      // refusal names fields the form shows like its own.
      if (error instanceof ApiError && error.code === 'invalid_input') {
        show(problemsOf(error.details ?? [], error.message));
      } else {
        show({ fields: {}, other: [`Not saved: ${describeError(error)}`] });
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    values,
    opened,
    problems,
    saving,
    seasonFollowsStart,
    inputRef,
    change,
    leave,
    submit,
    focusField: (field: FormField) => inputs.current[field]?.focus(),
  };
}
