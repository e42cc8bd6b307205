import { selectOffline, useSyncStatus } from '../stores/sync-status';

/** What an empty state says offline in place of a "Sync now" that could not reach the service. */
export const ONCE_REACHABLE = 'once the service can be reached';

export interface SyncOffer {
  offline: boolean;
  /** "Sync now" for a state message's one button; none offline. */
  action: { label: string; run: () => void } | undefined;
}

/** "Sync now" where a sync can help, and nothing while offline, by the bar's own rule. */
export function useSyncOffer(): SyncOffer {
  const offline = useSyncStatus(selectOffline);
  const syncNow = useSyncStatus((state) => state.syncNow);
  return {
    offline,
    action: offline ? undefined : { label: 'Sync now', run: () => void syncNow() },
  };
}
