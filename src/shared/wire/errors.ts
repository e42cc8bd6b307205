import { z } from 'zod';

/** Every error code the service answers with, and the HTTP status that goes with it. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  invalid_transition: 409,
  idempotency_conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  field_not_writable: 422,
  rate_limited: 429,
  internal: 500,
} as const;

export type ServiceErrorCode = keyof typeof ERROR_STATUS;

export const SERVICE_ERROR_CODES = Object.keys(ERROR_STATUS) as [
  ServiceErrorCode,
  ...ServiceErrorCode[],
];

export const errorDetailSchema = z.object({ field: z.string(), issue: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/**
 * The client accepts any code string so that a newer service's codes still parse. The reference
 * service sends the codes of `ERROR_STATUS` and, for requests its HTTP layer refuses before any
 * route sees them (a timeout, headers too large, an unmet `Expect`), the few of its own listed
 * in `src/server/errors.ts` and the README.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Turns zod issues into the service's `details` rows: dotted field path and what is wrong with it.
 * zod reports all unknown members of an object as one issue; each gets its own row here, so that
 * `location.foo` is named as precisely as `location.city`.
 */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: [...issue.path, key].map(String).join('.'),
          issue: 'is not a known field',
        }))
      : [{ field: issue.path.map(String).join('.'), issue: issue.message }],
  );
}
