import { create } from 'zustand';
import type { ShareState } from '../../../shared/ipc/share';
import { bridge, describeError, unwrap } from '../api';

interface ShareStore {
  state: ShareState | null;
  /** Why the last read or action failed, in words. */
  error: string | null;
  busy: boolean;
  load: () => Promise<void>;
  receive: (state: ShareState) => void;
  start: (host: string) => Promise<void>;
  stop: () => Promise<void>;
}

/** How many pushes have arrived, so an older answer to `load` never replaces a newer push. */
let pushesReceived = 0;

/** Settings → Share at the venue, as main pushes it (`share:status`). */
export const useShare = create<ShareStore>()((set) => {
  const act = async (action: () => Promise<ShareState>) => {
    set({ busy: true });
    try {
      set({ state: await action(), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    } finally {
      set({ busy: false });
    }
  };
  return {
    state: null,
    error: null,
    busy: false,
    load: async () => {
      const pushesBefore = pushesReceived;
      try {
        const state = await unwrap(bridge().share.get());
        if (pushesReceived === pushesBefore) set({ state });
      } catch (error) {
        set({ error: describeError(error) });
      }
    },
    receive: (state) => {
      pushesReceived += 1;
      set({ state });
    },
    start: (host) => act(() => unwrap(bridge().share.start({ host }))),
    stop: () => act(() => unwrap(bridge().share.stop())),
  };
});
