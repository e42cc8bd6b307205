/*
 * Every way something can go wrong that a person may be told about, in one list. The client's
 * code sets are parts of it: an API call's failure (`ApiErrorCode`), a sync's problem
 * (`SyncProblem`), an IPC answer's error (`IpcErrorCode`) and an edit's refusal all name their
 * codes from here, so the compiler keeps them in step, and a code means one thing wherever it
 * shows. How each is worded for the person is decided once too (`src/main/failure-words.ts`).
 */

export const FAILURE_CODES = [
  // The way to the service.
  'offline',
  'timeout',
  /** The network answers in the service's place (a venue's sign-in page): sign in first. */
  'captive_portal',
  'rate_limited',
  'server_error',
  /** An answer that is not the service's shape (cut off, garbled, or not JSON at all). */
  'invalid_response',
  /** An answer longer than the client reads. */
  'too_large',
  // The key.
  'unauthorized',
  'forbidden',
  // What was asked.
  'not_found',
  /** The service's state moved (a stream move not allowed from here, a validator that no longer matches). */
  'conflict',
  /** The service refused what was sent (400, 413, 415, 422). */
  'rejected',
  /** An IPC input the contract refuses, or an edit the service's rules refuse before it is sent. */
  'invalid_input',
  // This computer.
  /** The sync could not read the key from the system keychain. */
  'keychain',
  /** A command could not reach the system keychain at all. */
  'keychain_unavailable',
  'not_configured',
  /** A list kept moving while it was read; the copy held was kept. */
  'unstable',
  'internal',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];

/**
 * Worth another try later, unchanged: the network, a portal in its way (signing in ends it), the
 * service's health or its rate limit. Everything else needs something to change first.
 */
export const TRANSIENT_FAILURES: ReadonlySet<FailureCode> = new Set([
  'offline',
  'timeout',
  'server_error',
  'rate_limited',
  'captive_portal',
]);

/** What an HTTP error status can stand for. */
export const STATUS_FAILURES = [
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'captive_portal',
  'rejected',
  'server_error',
  'invalid_response',
] as const satisfies readonly FailureCode[];
export type StatusFailure = (typeof STATUS_FAILURES)[number];

/** The failure an HTTP error status stands for; 2xx and 304 never get here. */
export function failureForStatus(status: number): StatusFailure {
  if (status === 401) return 'unauthorized';
  // 405: the server takes no writes at all (a venue share answers GET only). Refused for good,
  // as a missing role is, and the role probe reads it as one: no edit is queued for it.
  if (status === 403 || status === 405) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429) return 'rate_limited';
  // RFC 6585's status for exactly this; the service itself never sends it.
  if (status === 511) return 'captive_portal';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'rejected';
  if (status >= 500) return 'server_error';
  return 'invalid_response';
}
