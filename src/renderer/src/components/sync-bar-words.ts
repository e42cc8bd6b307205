import type { SyncProblem, SyncStatus } from '../../../shared/ipc/sync';
import { missingRecordsWords } from '../../../shared/missing-records';

/** The one button that can fix what the bar says; `null` when none can from here. */
export type SyncFix = 'settings' | 'retry' | 'sync' | null;

export interface SyncProblemWords {
  /** One short sentence. */
  text: string;
  fix: SyncFix;
}

/**
 * Each problem in one sentence, and the button that fixes it. A refused key or a wrong address is
 * fixed in Settings, not by trying again; what the network or the service's health caused may
 * pass, so Retry. The service's own words stay in the bar's tooltip, for whoever wants them.
 */
const WORDS: Record<SyncProblem['code'], SyncProblemWords> = {
  offline: { text: 'Offline.', fix: null },
  timeout: { text: 'The service did not answer in time.', fix: 'retry' },
  captive_portal: { text: 'Sign in to the venue’s wifi first.', fix: 'retry' },
  rate_limited: { text: 'The service asked us to slow down.', fix: 'retry' },
  server_error: { text: 'The service had an error.', fix: 'retry' },
  invalid_response: { text: 'The service sent answers Pitside cannot read.', fix: 'retry' },
  unauthorized: { text: 'API key refused.', fix: 'settings' },
  forbidden: { text: 'This API key may not read this.', fix: 'settings' },
  not_found: { text: 'No Pitside service at this address.', fix: 'settings' },
  conflict: { text: 'The service refused a change.', fix: 'retry' },
  rejected: { text: 'The service refused a request.', fix: 'retry' },
  keychain: { text: 'The system keychain is not available.', fix: 'retry' },
  unstable: { text: 'The service’s data kept changing.', fix: 'retry' },
  not_configured: { text: 'No service yet.', fix: 'settings' },
  internal: { text: 'The sync failed.', fix: 'retry' },
};

export function problemWords(problem: SyncProblem): SyncProblemWords {
  return WORDS[problem.code];
}

/**
 * What a run that got through in part left out, in one sentence: the records it could not read,
 * else what the first failure was. Sync now asks again.
 */
export function partialWords(status: SyncStatus): string | null {
  if (status.problem === null) return null;
  if (status.unreadable.count > 0 && status.problem.code === 'invalid_response') {
    return missingRecordsWords(status.unreadable);
  }
  return problemWords(status.problem).text;
}
