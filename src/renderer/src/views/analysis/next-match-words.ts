import type { NextMatch } from '../../../../shared/ipc/analysis';
import { localDateTime } from '../../format/dates';
import { formatCount } from '../../format/numbers';

/*
 * The next match in one line: "Next: Q42 with 254 and 1678 vs 971, 604 and 1323, in about 12 min
 * (running 8 min behind)". The countdown is the app's clock against when the match is expected to
 * really start, so it keeps counting while offline.
 */

/** "254", "254 and 1678", "971, 604 and 1323". */
export function teamList(teams: readonly number[]): string {
  const names = teams.map(String);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** Past this, a countdown in minutes says less than the day and time. */
const COUNTDOWN_MINUTES = 6 * 60;

/**
 * "in about 12 min", "in about 1 h 20 min", "starting now", "due 5 min ago", or the day and time
 * ("was due on Fri 27 Nov, 09:00" when it is long overdue).
 */
export function countdownText(expectedAt: string, now: number): string {
  const minutes = Math.round((Date.parse(expectedAt) - now) / 60_000);
  if (minutes === 0) return 'starting now';
  if (minutes < -60) return `was due on ${localDateTime(expectedAt)}`;
  if (minutes < 0) return `due ${formatCount(-minutes)} min ago`;
  if (minutes > COUNTDOWN_MINUTES) return `on ${localDateTime(expectedAt)}`;
  if (minutes < 60) return `in about ${minutes} min`;
  const rest = minutes % 60;
  return `in about ${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** "(running 8 min behind)", "(running 3 min ahead)", "(on time)"; unknown says so. */
export function delayText(delayMinutes: number | null): string {
  if (delayMinutes === null) return 'delay not known yet';
  const minutes = Math.round(delayMinutes);
  if (minutes === 0) return 'on time';
  return minutes > 0
    ? `running ${formatCount(minutes)} min behind`
    : `running ${formatCount(-minutes)} min ahead`;
}

/** The whole line, as of `now` (the app's clock, in ms). */
export function nextMatchLine(next: NextMatch, now: number): string {
  if (next.state === 'none') return 'No matches scheduled';
  if (next.state === 'over') return `${next.eventName} is over: no more matches`;
  const who =
    next.partners.length > 0
      ? `${next.label} with ${teamList(next.partners)} vs ${teamList(next.opponents)}`
      : `${next.label} vs ${teamList(next.opponents)}`;
  if (next.expectedAt === null) return `Next: ${who}, no time scheduled`;
  return `Next: ${who}, ${countdownText(next.expectedAt, now)} (${delayText(next.delayMinutes)})`;
}

/** How often the line must be redrawn: every second in its last minutes, else every minute. */
export function tickFor(next: NextMatch, now: number): number {
  if (next.state !== 'scheduled' || next.expectedAt === null) return 60_000;
  return Math.abs(Date.parse(next.expectedAt) - now) < 5 * 60_000 ? 1_000 : 60_000;
}
