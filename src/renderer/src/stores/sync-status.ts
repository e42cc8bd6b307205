import { create } from 'zustand';
import type { SyncScope, SyncStatus } from '../../../shared/ipc/sync';
import { bridge, describeError, unwrap } from '../api';

interface SyncState {
  status: SyncStatus | null;
  /** Why the last "Sync now" could not even start (the bridge failed), in words. */
  actionError: string | null;
  load: () => Promise<void>;
  receive: (status: SyncStatus) => void;
  syncNow: (scope?: SyncScope) => Promise<void>;
  cancel: () => Promise<void>;
}

/**
 * The one rule for "offline": the state the sync bar shows as Offline. Nothing offers "Sync now"
 * then, since no sync can reach the service; the schedule syncs by itself once it answers.
 */
export const selectOffline = (state: Pick<SyncState, 'status'>): boolean =>
  state.status?.state === 'offline';

/** How many status pushes have arrived, so an older answer to `load` never replaces a newer push. */
let pushesReceived = 0;

/** The sync's state as main pushes it; the sync bar and "Sync now" read and act through here. */
export const useSyncStatus = create<SyncState>()((set) => ({
  status: null,
  actionError: null,
  load: async () => {
    const pushesBefore = pushesReceived;
    try {
      const status = await unwrap(bridge().sync.status());
      // A push that arrived while the answer was on its way is newer than the answer.
      if (pushesReceived === pushesBefore) set({ status });
    } catch (error) {
      set({ actionError: describeError(error) });
    }
  },
  receive: (status) => {
    pushesReceived += 1;
    set({ status });
  },
  syncNow: async (scope) => {
    try {
      set({ actionError: null });
      // Forced: a person asking for a sync wants the service asked again, not a skipped run.
      await unwrap(bridge().sync.start({ scope, force: true }));
    } catch (error) {
      set({ actionError: describeError(error) });
    }
  },
  cancel: async () => {
    try {
      await unwrap(bridge().sync.cancel());
    } catch (error) {
      set({ actionError: describeError(error) });
    }
  },
}));
