import { failureForStatus, TRANSIENT_FAILURES, type FailureCode } from '../../shared/failures';
import type { ErrorDetail } from '../../shared/wire/errors';

/**
 * Why a request to the service failed, as a small closed set the UI can act on. `rejected` is the
 * service refusing what we sent (400, 413, 415, 422): only writes can cause it, and the outbox
 * must show it rather than retry it. `captive_portal` is the network answering in the service's
 * place (a sign-in page, a redirect to one, 511): the person has to do something about it.
 * `too_large` is an answer longer than the client reads; asking again would only cost as much.
 */
export const API_ERROR_CODES = [
  'offline',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'invalid_response',
  'captive_portal',
  'too_large',
  'server_error',
  'conflict',
  'rejected',
] as const satisfies readonly FailureCode[];

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorInit {
  status?: number;
  serviceCode?: string;
  details?: ErrorDetail[];
  retryAfterMs?: number;
  /** Overrides what the code implies: a garbled answer to a read is worth another try. */
  transient?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  /** The service's own `error.code`, when it sent one (`invalid_transition`, …). */
  readonly serviceCode: string | undefined;
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * Worth another try later, unchanged: the network, a portal in its way, the service's health or
   * its rate limit, or an answer garbled on the way.
   */
  readonly isTransient: boolean;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    init: ApiErrorInit = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.serviceCode = init.serviceCode;
    this.details = init.details;
    this.retryAfterMs = init.retryAfterMs;
    this.isTransient = init.transient ?? TRANSIENT_FAILURES.has(code);
  }
}

/** The category of an HTTP error status; 2xx and 304 never get here. */
export function codeForStatus(status: number): ApiErrorCode {
  return failureForStatus(status);
}
