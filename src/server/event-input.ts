import type { EventFields } from '../shared/wire/event';
import {
  checkCreateBody,
  checkPatchBody,
  mergePatch,
  type EventInputResult,
  type EventPatch,
} from '../shared/wire/event-input';
import { HttpError } from './errors';

/** The checks are shared with the app and the command line; the service only answers with them. */
function orThrow<T>(result: EventInputResult<T>): T {
  if (result.ok) return result.value;
  const { code, message, details } = result.error;
  // A refusal with nothing to list carries no `details` at all, as before the checks were shared.
  throw new HttpError(code, message, details.length > 0 ? details : undefined);
}

/** Validates a POST /v1/events body into the fields of a new event. */
export function parseCreateBody(body: unknown): EventFields {
  return orThrow(checkCreateBody(body));
}

/** Validates a PATCH body on its own; the merged result is checked by `applyPatch`. */
export function parsePatchBody(body: unknown): EventPatch {
  return orThrow(checkPatchBody(body));
}

export function applyPatch(current: EventFields, patch: EventPatch): EventFields {
  return orThrow(mergePatch(current, patch));
}
