import type { ApiError, ApiErrorCode } from './api/errors';

/**
 * What a person reads when a request to the service failed, decided once for a sync's problem and
 * an edit's refusal alike. A refused key or a missing role is the one failure only the person can
 * fix, so it says how; the service's own words (meant for whoever calls its API) follow in
 * brackets. Anything else is the client's or the service's message as it is.
 */
export function failureWords(error: ApiError): string {
  return ADVICE[error.code]?.(error) ?? error.message;
}

const ADVICE: Partial<Record<ApiErrorCode, (error: ApiError) => string>> = {
  unauthorized: (error) =>
    `The service refused the API key: enter a valid key in Settings (it said: ${error.message})`,
  forbidden: (error) =>
    error.status === 405
      ? `This address takes no changes, only reads: a venue share is one. Edits go to the service itself, from its own profile (it said: ${error.message})`
      : `The API key lacks the role this needs: ask the service's admin for one that has it (it said: ${error.message})`,
};
