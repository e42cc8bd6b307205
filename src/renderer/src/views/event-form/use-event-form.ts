import { useRef, useState, type FormEvent } from 'react';
import type { CachedEvent } from '../../../../shared/ipc/reads';
import { ApiError, describeError } from '../../api';
import { editActions } from '../../stores/edits';
import { formValuesWithEdit, type EditBody } from './fix-values';
import { followEvent, openOn, type FormOpening } from './form-opening';
import { firstFieldAtFault, hasProblems, problemsOf, type FormProblems } from './field-errors';
import {
  EMPTY_FORM,
  eventFieldsOf,
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

/** A refused change being corrected: its own input, typed over the event as the form opens. */
export interface ResendChange {
  editId: number;
  body: EditBody;
}

export type FormMode =
  | { kind: 'create'; resend?: ResendOf }
  | {
      kind: 'update';
      eventId: string;
      /** The event as the cache shows it now: a change is checked against it, as the outbox does. */
      event: CachedEvent;
      /** The service's validator of `event`, where one vouches for it. */
      etag: string | null;
      resend?: ResendChange;
    };

/** What a save did: the event's code (a temporary one for a new event), or that nothing changed. */
export type SaveOutcome = { eventId: string; changed: boolean };

const NO_PROBLEMS: FormProblems = { fields: {}, other: [] };

function check(mode: FormMode, opening: FormOpening | null, values: EventFormValues) {
  if (mode.kind === 'create' || opening === null) {
    const { body, problems } = checkCreate(values);
    return { body, problems, changed: true };
  }
  const { patch, problems } = checkUpdate(eventFieldsOf(mode.event), opening.shown, values);
  return { body: patch, problems, changed: Object.keys(patch).length > 0 };
}

/** Where the form starts: what it opened on, and what its fields hold. */
function opened(mode: FormMode): { opening: FormOpening | null; values: EventFormValues } {
  if (mode.kind === 'create') return { opening: null, values: mode.resend?.values ?? EMPTY_FORM };
  const opening = openOn(mode.event, mode.etag);
  const values =
    mode.resend === undefined ? opening.shown : formValuesWithEdit(opening.shown, mode.resend.body);
  return { opening, values };
}

/**
 * The form's state and what its controls do: messages per field on blur, all of them on submit
 * (the first field at fault focused), then the edit queued through the outbox. What was typed
 * stays in the fields whatever goes wrong.
 */
export function useEventForm(mode: FormMode, onSaved: (outcome: SaveOutcome) => void) {
  // Taken once, when the form opens: what the edit is based on, and what the fields start with.
  const [start] = useState(() => opened(mode));
  const [opening, setOpening] = useState(start.opening);
  const [values, setValues] = useState<EventFormValues>(start.values);
  // A sync changed the event while the form is open: untouched fields show it (see `followEvent`).
  const event = mode.kind === 'update' ? mode.event : null;
  const [followed, setFollowed] = useState(event);
  if (mode.kind === 'update' && opening !== null && event !== followed) {
    const next = followEvent(opening, values, mode.event, mode.etag);
    setFollowed(event);
    setOpening(next.opening);
    setValues(next.values);
  }
  // What the fields hold with nothing typed: Esc asks before dropping anything typed since. A
  // field that followed a sync is not the organizer's change.
  const untyped =
    mode.kind === 'update' && mode.resend === undefined && opening !== null
      ? opening.shown
      : start.values;
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
    const found = check(mode, opening, next).problems;
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
    const checked = check(mode, opening, values);
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
      const base = opening?.base;
      const edit =
        mode.resend !== undefined
          ? await editActions.resend(
              mode.resend.editId,
              checked.changed ? checked.body : undefined,
              base,
            )
          : mode.kind === 'create'
            ? await editActions.create(checked.body)
            : await editActions.update(mode.eventId, checked.body, base);
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
    opened: untyped,
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
