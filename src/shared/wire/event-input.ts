import type { z } from 'zod';
import { BODY_LIMIT_BYTES, jsonBodyBytes } from './body-limit';
import { issuesToDetails, type ErrorDetail, type ServiceErrorCode } from './errors';
import {
  eventCreateSchema,
  eventPatchSchema,
  isStreamTransitionAllowed,
  READ_ONLY_EVENT_FIELDS,
  type EventFields,
} from './event';
import { checkEventDates } from './event-rules';
import { loneSurrogateFields } from './well-formed-text';

export type EventPatch = z.output<typeof eventPatchSchema>;

/**
 * The codes the service answers a refused event body with, so a form or the command line can say
 * exactly what the service would, and the service can turn it into its answer unchanged.
 */
export type EventInputErrorCode = Extract<
  ServiceErrorCode,
  | 'invalid_request'
  | 'validation_failed'
  | 'field_not_writable'
  | 'invalid_transition'
  | 'payload_too_large'
>;

export interface EventInputError {
  code: EventInputErrorCode;
  message: string;
  details: ErrorDetail[];
}

export type EventInputResult<T> = { ok: true; value: T } | { ok: false; error: EventInputError };

/** New events start with no stream; the stream is moved along by later updates only. */
const NOT_WRITABLE_ON_CREATE: readonly string[] = [...READ_ONLY_EVENT_FIELDS, 'streamStatus'];
const NOT_WRITABLE_ON_UPDATE: readonly string[] = READ_ONLY_EVENT_FIELDS;

function accepted<T>(value: T): EventInputResult<T> {
  return { ok: true, value };
}

function refused<T>(error: EventInputError): EventInputResult<T> {
  return { ok: false, error };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (!isPlainObject(value)) return undefined;
    value = value[String(key)];
  }
  return value;
}

/** Says "is required" where a member is missing, rather than zod's "received undefined". */
function describeIssues(body: unknown, issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined) {
      return [{ field: issue.path.map(String).join('.'), issue: 'is required' }];
    }
    return issuesToDetails([issue]);
  });
}

function schemaProblems(body: unknown, parsed: z.ZodSafeParseResult<unknown>): ErrorDetail[] {
  return parsed.success ? [] : describeIssues(body, parsed.error.issues);
}

/**
 * No body at all is malformed (400, like an empty JSON body); a body that is JSON but not an object
 * (an array, a string, null) is well-formed but invalid (422).
 */
function notAnObject(body: unknown): EventInputError {
  if (body === undefined) {
    return { code: 'invalid_request', message: 'Send the event as a JSON object.', details: [] };
  }
  return { code: 'validation_failed', message: 'The body must be a JSON object.', details: [] };
}

/**
 * Splits off the members a client may not write. When there are any, the answer is
 * `field_not_writable`, listing them together with whatever else is wrong with the body.
 */
function separateReadOnly(
  body: Record<string, unknown>,
  notWritable: readonly string[],
): { writable: Record<string, unknown>; readOnly: ErrorDetail[] } {
  const members = Object.entries(body);
  const readOnly = members
    .filter(([field]) => notWritable.includes(field))
    .map(([field]) => ({ field, issue: 'is not writable' }));
  // fromEntries defines members, so a `__proto__` member stays a member (and is reported unknown).
  const writable = Object.fromEntries(members.filter(([field]) => !notWritable.includes(field)));
  return { writable, readOnly };
}

function invalid(readOnly: ErrorDetail[], problems: ErrorDetail[]): EventInputError {
  if (readOnly.length > 0) {
    return {
      code: 'field_not_writable',
      message: 'The body sets fields that only the service writes.',
      details: [...readOnly, ...problems],
    };
  }
  return { code: 'validation_failed', message: 'The event is not valid.', details: problems };
}

/**
 * A body the service would refuse unread (413): its texts are unbounded but for the name, so a
 * long venue passes every field rule and would only be refused once sent.
 */
function tooLarge(body: unknown): EventInputError | null {
  if (jsonBodyBytes(body) <= BODY_LIMIT_BYTES) return null;
  return {
    code: 'payload_too_large',
    message: `The event is larger than the service takes (${BODY_LIMIT_BYTES / 1024} KiB); shorten its texts.`,
    details: [],
  };
}

/** Checks a new event's body (POST /v1/events) and resolves it into the event's fields. */
export function checkCreateBody(body: unknown): EventInputResult<EventFields> {
  if (!isPlainObject(body)) return refused(notAnObject(body));
  const { writable, readOnly } = separateReadOnly(body, NOT_WRITABLE_ON_CREATE);
  const parsed = eventCreateSchema.safeParse(writable);
  const malformedText = loneSurrogateFields(writable);
  if (!parsed.success || malformedText.length > 0) {
    return refused(invalid(readOnly, [...schemaProblems(writable, parsed), ...malformedText]));
  }
  // Sized once the schema has passed it: a shape it refuses (arrays nested thousands deep) is
  // never serialised, and what passes is flat fields and texts.
  const oversized = tooLarge(writable);
  if (oversized !== null) return refused(oversized);
  const input = parsed.data;
  const fields: EventFields = {
    name: input.name,
    season: input.season,
    startDate: input.startDate,
    endDate: input.endDate,
    location: {
      venue: input.location.venue ?? '',
      city: input.location.city,
      state: input.location.state ?? '',
      country: input.location.country,
    },
    visibility: input.visibility ?? 'public',
    streamStatus: 'none',
  };
  const problems = checkEventDates(fields);
  if (readOnly.length > 0 || problems.length > 0) return refused(invalid(readOnly, problems));
  return accepted(fields);
}

/**
 * Checks a change's body (PATCH /v1/events/:id) on its own; whether it fits the event it changes
 * is `mergePatch`'s to say.
 */
export function checkPatchBody(body: unknown): EventInputResult<EventPatch> {
  if (!isPlainObject(body)) return refused(notAnObject(body));
  const { writable, readOnly } = separateReadOnly(body, NOT_WRITABLE_ON_UPDATE);
  const parsed = eventPatchSchema.safeParse(writable);
  const malformedText = loneSurrogateFields(writable);
  if (!parsed.success || malformedText.length > 0 || readOnly.length > 0) {
    return refused(invalid(readOnly, [...schemaProblems(writable, parsed), ...malformedText]));
  }
  const oversized = tooLarge(writable);
  if (oversized !== null) return refused(oversized);
  return accepted(parsed.data);
}

/**
 * JSON merge patch over an event's writable fields: location members one by one, `null` clearing
 * venue or state to "". The merged event must pass the same checks as a new one, and the stream
 * may only move along the allowed transitions.
 */
export function mergePatch(current: EventFields, patch: EventPatch): EventInputResult<EventFields> {
  const location = patch.location ?? {};
  const merged: EventFields = {
    name: patch.name ?? current.name,
    season: patch.season ?? current.season,
    startDate: patch.startDate ?? current.startDate,
    endDate: patch.endDate ?? current.endDate,
    location: {
      venue: location.venue === null ? '' : (location.venue ?? current.location.venue),
      city: location.city ?? current.location.city,
      state: location.state === null ? '' : (location.state ?? current.location.state),
      country: location.country ?? current.location.country,
    },
    visibility: patch.visibility ?? current.visibility,
    streamStatus: patch.streamStatus ?? current.streamStatus,
  };
  const problems = checkEventDates(merged);
  if (problems.length > 0) return refused(invalid([], problems));
  if (!isStreamTransitionAllowed(current.streamStatus, merged.streamStatus)) {
    return refused({
      code: 'invalid_transition',
      message: `The stream cannot go from ${current.streamStatus} to ${merged.streamStatus}.`,
      details: [{ field: 'streamStatus', issue: `cannot change from ${current.streamStatus}` }],
    });
  }
  return accepted(merged);
}
