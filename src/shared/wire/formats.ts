import { z } from 'zod';

/** `2025-2026`: the second year is always the first plus one. */
export const SEASON_PATTERN = /^(\d{4})-(\d{4})$/;

export function isSeason(value: string): boolean {
  const match = SEASON_PATTERN.exec(value);
  return match !== null && Number(match[2]) === Number(match[1]) + 1;
}

export function seasonFirstYear(season: string): number {
  return Number(season.slice(0, 4));
}

export const seasonSchema = z.string().refine(isSeason, 'must be <year>-<year+1>, e.g. 2025-2026');

/** Responses carry UTC timestamps at second precision, `Z` suffixed. */
export const RESPONSE_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export const responseTimestampSchema = z
  .string()
  .regex(RESPONSE_TIMESTAMP_PATTERN, 'must be a UTC timestamp like 2026-03-14T09:00:00Z');

const REQUEST_TIMESTAMP_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Parses an ISO 8601 date-time that carries a zone designator and returns it normalised to UTC at
 * second precision, or `null` when the text is not such a timestamp (no zone, impossible date) or
 * could not be given back in the response form (a year outside 0001–9999 once shifted to UTC).
 * `Date.parse` alone is too lenient: it accepts zone-less text as local time and rolls Feb 30 over.
 */
export function normaliseTimestamp(text: string): string | null {
  const parts = REQUEST_TIMESTAMP_PATTERN.exec(text);
  if (parts === null) return null;
  const [, year, month, day, hour, minute, second = '00', zone, zoneHours, zoneMinutes] = parts;
  // setUTCFullYear rather than Date.UTC, which reads the years 0–99 as 1900–1999.
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const dateExists =
    calendar.getUTCFullYear() === Number(year) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day);
  if (!dateExists || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (zone !== 'Z' && (Number(zoneHours) > 23 || Number(zoneMinutes) > 59)) return null;
  const millis = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`);
  if (Number.isNaN(millis)) return null;
  const normalised = formatTimestamp(new Date(millis));
  return isReturnable(normalised) ? normalised : null;
}

/**
 * A zone offset can push an instant out of the four-digit years: `toISOString` then writes
 * `+010000-…` or `-000001-…`, which no response may carry, and year 0000, which is no calendar year.
 * Stored, such a value would also sort wrongly against every other timestamp.
 */
function isReturnable(normalised: string): boolean {
  return RESPONSE_TIMESTAMP_PATTERN.test(normalised) && !normalised.startsWith('0000-');
}

/** Formats an instant the way responses carry it: UTC, second precision. */
export function formatTimestamp(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const requestTimestampSchema = z
  .string()
  .refine(
    (text) => normaliseTimestamp(text) !== null,
    'must be an ISO 8601 date-time with a zone (Z or ±hh:mm), in the years 0001–9999 UTC',
  )
  .transform((text) => normaliseTimestamp(text) ?? text);

export const EVENT_ID_PATTERN = /^[a-z0-9]{5,40}$/;

export const eventIdSchema = z.string().regex(EVENT_ID_PATTERN, 'must be an event code');

export const TEAM_NUMBER_MIN = 1;
export const TEAM_NUMBER_MAX = 99_999;

export const teamNumberSchema = z.number().int().min(TEAM_NUMBER_MIN).max(TEAM_NUMBER_MAX);

export const httpsUrlSchema = z.string().regex(/^https:\/\/[^\s]+$/, 'must be an https URL');
