import type { ErrorDetail } from '../../shared/wire/errors';

/**
 * Why a request to the service failed, as a small closed set the UI can act on. `rejected` is the
 * service refusing what we sent (400, 413, 415, 422): only writes can cause it, and the outbox
 * must show it rather than retry it.
 */
export const API_ERROR_CODES = [
  'offline',
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'invalid_response',
  'server_error',
  'conflict',
  'rejected',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorInit {
  status?: number;
  serviceCode?: string;
  details?: ErrorDetail[];
  retryAfterMs?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  /** The service's own `error.code`, when it sent one (`invalid_transition`, …). */
  readonly serviceCode: string | undefined;
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfterMs: number | undefined;

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
  }

  /** Worth another try later, unchanged: the network, the service's health or its rate limit. */
  get isTransient(): boolean {
    return (
      this.code === 'offline' ||
      this.code === 'timeout' ||
      this.code === 'server_error' ||
      this.code === 'rate_limited'
    );
  }
}

/** The category of an HTTP error status; 2xx and 304 never get here. */
export function codeForStatus(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'rejected';
  if (status >= 500) return 'server_error';
  return 'invalid_response';
}
