import type { ErrorDetail } from './errors';
import type { EventStatus } from './event';
import { seasonFirstYear } from './formats';

export interface EventDates {
  season: string;
  startDate: string;
  endDate: string;
}

/**
 * The rules that span fields, applied to a create body and to the merged result of a patch alike:
 * the event must not end before it starts, and its season must be the one its start falls in.
 */
export function checkEventDates({ season, startDate, endDate }: EventDates): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (Date.parse(endDate) < Date.parse(startDate)) {
    problems.push({ field: 'endDate', issue: 'must not be before startDate' });
  }
  const startYear = new Date(startDate).getUTCFullYear();
  const firstYear = seasonFirstYear(season);
  if (firstYear !== startYear && firstYear !== startYear - 1) {
    problems.push({
      field: 'season',
      issue: `must begin in ${startYear - 1} or ${startYear}, the year startDate falls in or the one before`,
    });
  }
  return problems;
}

/** `2026` + the first 12 lowercase ASCII letters and digits of the name, or `event` if it has none. */
export function eventIdBase(name: string, season: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  // The year as the season writes it, leading zeros kept: `0998a`, not `998a`. Four digits and a
  // slug of at least one character are what keep every code within EVENT_ID_PATTERN's five.
  return `${season.slice(0, 4)}${slug === '' ? 'event' : slug}`;
}

/**
 * An event's status is never stored: it follows the clock. `now` is formatted like the stored
 * timestamps (UTC, second precision, `Z`), so this text comparison and a status filter's SQL
 * comparison agree to the second. The service and the app's cache both use this one rule, so an
 * event turns live offline exactly when it does online.
 */
export function statusAt(startDate: string, endDate: string, now: string): EventStatus {
  if (now < startDate) return 'upcoming';
  return now <= endDate ? 'live' : 'past';
}
