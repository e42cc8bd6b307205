import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_STATUS, type ErrorDetail, type ServiceErrorCode } from '../shared/wire/errors';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Refusals of the HTTP layer itself, beyond the table of decisions.md (the README lists them). The
 * client's error schema takes any code string, so these parse there like the others.
 */
export const HTTP_LAYER_ERROR_STATUS = {
  method_not_allowed: 405,
  request_timeout: 408,
  expectation_failed: 417,
  headers_too_large: 431,
} as const;

export type ErrorCode = ServiceErrorCode | keyof typeof HTTP_LAYER_ERROR_STATUS;

const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  ...ERROR_STATUS,
  ...HTTP_LAYER_ERROR_STATUS,
};

/** An answer that is not a success, thrown from anywhere a request is handled. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.status = STATUS_OF[code];
  }
}

export function notFound(what = 'Nothing is here.'): HttpError {
  return new HttpError('not_found', what);
}

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[]): string {
  const error =
    details === undefined || details.length === 0 ? { code, message } : { code, message, details };
  return JSON.stringify({ error });
}

export function sendError(reply: FastifyReply, error: HttpError): void {
  if (error.headers !== undefined) reply.headers(error.headers);
  reply
    .code(error.status)
    .header('content-type', JSON_CONTENT_TYPE)
    .send(errorBody(error.code, error.message, error.details));
}

const malformed = new HttpError('invalid_request', 'The request is malformed.');
const tooLarge = new HttpError('payload_too_large', 'The body is larger than 64 KiB.');
const wrongMediaType = new HttpError(
  'unsupported_media_type',
  'Send the body as application/json.',
);

/**
 * Fastify's own failures, by its error code. Everything it raises before a handler runs is about how
 * the request is framed, so each maps to a client error; anything else is ours and answers 500.
 */
const FRAMEWORK_ERRORS = new Map<string, HttpError>([
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', new HttpError('invalid_request', 'Bad Content-Length.')],
  ['FST_ERR_CTP_BODY_TOO_LARGE', tooLarge],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', wrongMediaType],
  // A path that cannot be decoded, or a path segment too long to be any id, names nothing.
  ['FST_ERR_BAD_URL', notFound()],
  ['FST_ERR_MAX_PARAM_LENGTH', notFound()],
]);

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (typeof error !== 'object' || error === null) return internalError();
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const known = FRAMEWORK_ERRORS.get(code);
  if (known !== undefined) return known;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  // Other framing problems Fastify raises carry their status; keep it, in the service's shape.
  if (status === 400) return malformed;
  if (status === 413) return tooLarge;
  if (status === 415) return wrongMediaType;
  return internalError();
}

function internalError(): HttpError {
  return new HttpError('internal', 'Something went wrong on our side.');
}

/** One shape for every failure: `{ error: { code, message, details? } }`, never a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    sendError(reply, toHttpError(error));
  });
  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, notFound());
  });
}
