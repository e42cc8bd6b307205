import type { SyncProblem } from '../../shared/ipc/sync';
import { ApiError, type ApiErrorCode } from '../api/errors';
import { failureWords } from '../failure-words';
import { UnstableListError } from './list-pull';
import { SyncSetupError } from './setup-error';

/** Why a pull or a run failed, in the closed set of codes the renderer acts on. */
export function problemOf(error: unknown): SyncProblem {
  if (error instanceof SyncSetupError) return { code: error.code, message: error.message };
  if (error instanceof ApiError) {
    return {
      code: syncCodeOf(error.code),
      message: failureWords(error),
    };
  }
  if (error instanceof UnstableListError) return { code: 'unstable', message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : 'The sync failed unexpectedly.',
  };
}

/**
 * An oversized answer is, to a run, an answer it could not use; what happened is in the message.
 * A captive portal keeps its own code: the person has something to do about it.
 */
function syncCodeOf(code: ApiErrorCode): SyncProblem['code'] {
  return code === 'too_large' ? 'invalid_response' : code;
}
