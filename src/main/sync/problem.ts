import type { SyncProblem } from '../../shared/ipc/sync';
import { ApiError, type ApiErrorCode } from '../api/errors';
import { UnstableListError } from './list-pull';
import { SyncSetupError } from './setup-error';

/** Why a pull or a run failed, in the closed set of codes the renderer acts on. */
export function problemOf(error: unknown): SyncProblem {
  if (error instanceof SyncSetupError) return { code: error.code, message: error.message };
  if (error instanceof ApiError) return { code: syncCodeOf(error.code), message: error.message };
  if (error instanceof UnstableListError) return { code: 'unstable', message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : 'The sync failed unexpectedly.',
  };
}

/**
 * A portal's page and an oversized answer are, to a run, answers it could not use, as the
 * renderer already knows them; what to do about each is in the message.
 */
function syncCodeOf(code: ApiErrorCode): SyncProblem['code'] {
  return code === 'captive_portal' || code === 'too_large' ? 'invalid_response' : code;
}
