import { formatTimestamp } from '../shared/wire/formats';

/** The service's sense of "now": derived statuses, timestamps and idempotency expiry all read it. */
export interface Clock {
  now(): Date;
}

/** A clock pinned to `pinned` (ISO 8601) so tests see stable statuses, or the real one for `null`. */
export function createClock(pinned: string | null): Clock {
  if (pinned === null) return { now: () => new Date() };
  const millis = Date.parse(pinned);
  if (Number.isNaN(millis)) throw new Error(`cannot pin the clock to "${pinned}": not a date-time`);
  return { now: () => new Date(millis) };
}

/**
 * The clock formatted like stored timestamps (UTC, whole seconds), formatted once per second:
 * every read needs it, for statuses and as part of its cache key.
 */
export function secondsText(clock: Clock): () => string {
  let second = Number.NaN;
  let text = '';
  return () => {
    const now = clock.now();
    const current = Math.floor(now.getTime() / 1000);
    if (current !== second) {
      second = current;
      text = formatTimestamp(now);
    }
    return text;
  };
}
