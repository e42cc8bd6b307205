import type { SyncProblem } from '../../shared/ipc/sync';
import { ApiError } from '../api/errors';
import { UnstableListError } from './list-pull';
import { SyncSetupError } from './setup-error';

/** Why a pull or a run failed, in the closed set of codes the renderer acts on. */
export function problemOf(error: unknown): SyncProblem {
  if (error instanceof SyncSetupError) return { code: error.code, message: error.message };
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  if (error instanceof UnstableListError) return { code: 'unstable', message: error.message };
  return {
    code: 'internal',
    message: error instanceof Error ? error.message : 'The sync failed unexpectedly.',
  };
}
