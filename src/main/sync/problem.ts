import type { SyncProblem } from '../../shared/ipc/sync';
import { ApiError, type ApiErrorCode } from '../api/errors';
import { UnstableListError } from './list-pull';
import { SyncSetupError } from './setup-error';

/** Why a pull or a run failed, in the closed set of codes the renderer acts on. */
export function problemOf(error: unknown): SyncProblem {
  if (error instanceof SyncSetupError) return { code: error.code, message: error.message };
  if (error instanceof ApiError) {
    return {
      code: syncCodeOf(error.code),
      message: KEY_ADVICE[error.code]?.(error) ?? error.message,
    };
  }
  if (error instanceof UnstableListError) return { code: 'unstable', message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : 'The sync failed unexpectedly.',
  };
}

/**
 * A refused key is the one failure only the person can fix, so its message says how; the
 * service's own words (meant for whoever calls its API) follow in brackets.
 */
const KEY_ADVICE: Partial<Record<ApiErrorCode, (error: ApiError) => string>> = {
  unauthorized: (error) =>
    `The service refused the API key: enter a valid key in Settings (it said: ${error.message})`,
  forbidden: (error) =>
    `The API key lacks the role this needs: ask the service's admin for one that has it (it said: ${error.message})`,
};

/**
 * An oversized answer is, to a run, an answer it could not use; what happened is in the message.
 * A captive portal keeps its own code: the person has something to do about it.
 */
function syncCodeOf(code: ApiErrorCode): SyncProblem['code'] {
  return code === 'too_large' ? 'invalid_response' : code;
}
