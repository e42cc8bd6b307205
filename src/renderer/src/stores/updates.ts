import { create } from 'zustand';
import type { InstallOutcome, UpdateState } from '../../../shared/ipc/updates';
import { bridge, describeError, unwrap } from '../api';

interface UpdatesStore {
  state: UpdateState | null;
  /** Why the last read or action failed, in words. */
  error: string | null;
  /** The version whose "is out" line the person dismissed, for this session. */
  dismissedVersion: string | null;
  load: () => Promise<void>;
  receive: (state: UpdateState) => void;
  check: () => Promise<void>;
  /** Saves (or with `null` forgets) the feed; answers the failure's words, or `null`. */
  setFeed: (url: string | null) => Promise<string | null>;
  /** "Restart to update", agreeing to restart with `confirmedUnsent` edits not sent. */
  install: (confirmedUnsent: number) => Promise<InstallOutcome | null>;
  dismiss: (version: string) => void;
}

/** How many pushes have arrived, so an older answer to `load` never replaces a newer push. */
let pushesReceived = 0;

/** The updater's decision, feed and progress, as main pushes them (`updates:status`). */
export const useUpdates = create<UpdatesStore>()((set) => ({
  state: null,
  error: null,
  dismissedVersion: null,
  load: async () => {
    const pushesBefore = pushesReceived;
    try {
      const state = await unwrap(bridge().updates.get());
      if (pushesReceived === pushesBefore) set({ state });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  receive: (state) => {
    pushesReceived += 1;
    set({ state, error: null });
  },
  check: async () => {
    try {
      set({ state: await unwrap(bridge().updates.check()), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  setFeed: async (url) => {
    try {
      set({ state: await unwrap(bridge().updates.setFeed({ url })), error: null });
      return null;
    } catch (error) {
      return describeError(error);
    }
  },
  install: async (confirmedUnsent) => {
    try {
      return await unwrap(bridge().updates.install({ confirmedUnsent }));
    } catch (error) {
      set({ error: describeError(error) });
      return null;
    }
  },
  dismiss: (version) => set({ dismissedVersion: version }),
}));
