import type { EventFields } from '../../../../shared/wire/event';
import { checkCreateBody, checkPatchBody, mergePatch } from '../../../../shared/wire/event-input';
import { checkEventDates } from '../../../../shared/wire/event-rules';
import { normaliseTimestamp, seasonSchema } from '../../../../shared/wire/formats';
import { problemsOf, type FormProblems } from './field-errors';
import { createBodyOf, dateForService, patchOf, type EventFormValues } from './form-values';

/*
 * The form checks what it would send with the service's own rules (the same functions the
 * outbox and the reference service run), so every message it shows is the service's, word for
 * word, and nothing the service would refuse is ever queued.
 */

const NO_PROBLEMS: FormProblems = { fields: {}, other: [] };

/**
 * The shared checks stop at the first stage that fails: while any field is malformed, the rules
 * across fields (the end not before the start, the season the start falls in) are not looked at.
 * The form looks at them as soon as the three dates are readable each, so an organizer fixing the
 * name does not then meet a second round of messages about the season.
 */
function withDateRules(problems: FormProblems, values: EventFormValues): FormProblems {
  const season = values.season.trim();
  const startDate = dateForService(values.startDate);
  const endDate = dateForService(values.endDate);
  if (startDate === undefined || endDate === undefined) return problems;
  const start = normaliseTimestamp(startDate);
  const end = normaliseTimestamp(endDate);
  if (start === null || end === null || !seasonSchema.safeParse(season).success) return problems;
  const fields = { ...problems.fields };
  for (const { field, issue } of checkEventDates({ season, startDate: start, endDate: end })) {
    if (field === 'season' || field === 'endDate') fields[field] ??= issue;
  }
  return { ...problems, fields };
}

export interface CreateCheck {
  body: Record<string, unknown>;
  problems: FormProblems;
}

/** A new event, checked as POST /v1/events checks it. */
export function checkCreate(values: EventFormValues): CreateCheck {
  const body = createBodyOf(values);
  const checked = checkCreateBody(body);
  if (checked.ok) return { body, problems: NO_PROBLEMS };
  const problems = problemsOf(checked.error.details, checked.error.message);
  return { body, problems: withDateRules(problems, values) };
}

export interface UpdateCheck {
  patch: Record<string, unknown>;
  problems: FormProblems;
}

/**
 * A change, checked as PATCH /v1/events/:id checks it: the patch on its own, then merged into the
 * event as the cache shows it now.
 */
export function checkUpdate(
  current: EventFields,
  original: EventFormValues,
  values: EventFormValues,
): UpdateCheck {
  const patch = patchOf(original, values);
  const checked = checkPatchBody(patch);
  if (!checked.ok) {
    const problems = problemsOf(checked.error.details, checked.error.message);
    return { patch, problems: withDateRules(problems, values) };
  }
  const merged = mergePatch(current, checked.value);
  if (merged.ok) return { patch, problems: NO_PROBLEMS };
  return { patch, problems: problemsOf(merged.error.details, merged.error.message) };
}
