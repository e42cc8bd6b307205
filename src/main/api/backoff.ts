export interface BackoffPolicy {
  /** Delay cap of the first retry; doubles with each attempt. */
  baseMs: number;
  /** No single wait is longer than this, whatever the attempt. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 250, maxMs: 15_000 };

/**
 * "Full jitter": a uniformly random wait between 0 and the exponential cap, so that many clients
 * coming back after an outage spread out instead of retrying in lockstep. `attempt` counts from 1.
 * A server's Retry-After is a floor under the wait, never shortened by jitter.
 */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number,
  retryAfterMs = 0,
): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(Math.floor(random() * cap), retryAfterMs);
}

const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Retry-After is either whole seconds or an HTTP date; anything else is ignored. The date form is
 * matched before `Date.parse` sees it, which would otherwise take "-5" or "1.5" for dates.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
