import { formatTimestamp, normaliseTimestamp } from './formats';

/**
 * Pitside's own response header, not the interface's: a venue share sends with each answer when
 * the laptop it runs on synced that answer's records from the service. A service never sends it.
 */
export const SYNCED_AT_HEADER = 'pitside-synced-at';

/**
 * The header's time, as stored timestamps are written; `null` when it is absent or no time. A
 * source cannot have synced after the moment it answered, so a time past `now` (a fast clock on
 * the sharing laptop) counts as `now`: a copy of a copy never looks fresher than it is.
 */
export function readSyncedAt(value: string | null, now: Date): string | null {
  if (value === null) return null;
  const time = normaliseTimestamp(value.trim());
  if (time === null) return null;
  const current = formatTimestamp(now);
  return time > current ? current : time;
}
