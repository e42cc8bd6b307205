/*
 * Dates as a person at the venue reads them: in their own time zone ("Sat 14 Mar, 09:00"). The
 * UTC instant for a title attribute, so a hover shows what the service stored, is `utcText`.
 */

const dayAndTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

const dayOnly = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function localDateTime(iso: string): string {
  return dayAndTime.format(new Date(iso));
}

export function localDate(iso: string): string {
  return dayOnly.format(new Date(iso));
}

/** "14:02", for "as of 14:02"; older than today gets the day too. */
export function localClock(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString() ? clock.format(date) : localDateTime(iso);
}

/** A range of event days: "Sat 14 Mar 2026 – Sun 15 Mar 2026", one day when they are the same. */
export function dateRange(startIso: string, endIso: string): string {
  const start = localDate(startIso);
  const end = localDate(endIso);
  return start === end ? start : `${start} – ${end}`;
}

/** "just now", "4 min ago", "3 h ago", "2 days ago": how old the data is, in words. */
export function ago(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Data older than this is shown with its age as stale. */
export const STALE_AFTER_MS = 30 * 60_000;

export function isStale(iso: string | null, now = Date.now()): boolean {
  return iso === null || now - Date.parse(iso) > STALE_AFTER_MS;
}
