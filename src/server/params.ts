import type { z } from 'zod';
import { issuesToDetails } from '../shared/wire/errors';
import { EVENT_ID_PATTERN } from '../shared/wire/formats';
import { HttpError, notFound } from './errors';
import type { Page } from './store/paging';

/** Path segments are read as text; anything not shaped like an id names nothing, so it is 404. */
function pathParam(params: unknown, name: string): string | undefined {
  if (typeof params !== 'object' || params === null || !(name in params)) return undefined;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function eventIdParam(params: unknown): string {
  const eventId = pathParam(params, 'eventId');
  if (eventId === undefined || !EVENT_ID_PATTERN.test(eventId)) throw notFound('No such event.');
  return eventId;
}

/** Canonical digits only (no sign, exponent or leading zero): one URL per team. */
const TEAM_NUMBER_PATH = /^[1-9]\d{0,4}$/;

export function teamNumberParam(params: unknown): number {
  const teamNumber = pathParam(params, 'teamNumber');
  if (teamNumber === undefined || !TEAM_NUMBER_PATH.test(teamNumber)) {
    throw notFound('No such team.');
  }
  return Number(teamNumber);
}

/**
 * Parses query parameters with their shared schema; a wrong type, an unknown enum value or a
 * repeated parameter is 400 with a row per parameter. Unknown parameters are ignored.
 */
export function parseQuery<Output>(schema: z.ZodType<Output>, query: unknown): Output {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) {
    throw new HttpError(
      'invalid_request',
      'A query parameter is not valid.',
      issuesToDetails(parsed.error.issues),
    );
  }
  return parsed.data;
}

/**
 * A page number past 2^53 cannot be echoed exactly in meta.page (clients read it as an integer),
 * so it is refused like any other page that is not a usable integer.
 */
export function parsePagedQuery<Output extends Page>(
  schema: z.ZodType<Output>,
  query: unknown,
): Output {
  const parsed = parseQuery(schema, query);
  if (!Number.isSafeInteger(parsed.page)) {
    throw new HttpError('invalid_request', 'A query parameter is not valid.', [
      { field: 'page', issue: `must be at most ${Number.MAX_SAFE_INTEGER}` },
    ]);
  }
  return parsed;
}
