import { create } from 'zustand';
import type { Notice, NotificationSwitches } from '../../../shared/ipc/notifications';
import { bridge, describeError, unwrap } from '../api';

interface NoticesState {
  /** A notification shown in the page (the preview's stand-in for the system's). */
  shown: Notice | null;
  /** A view a clicked notification asked to open, until the router has opened it. */
  route: string | null;
  switches: NotificationSwitches | null;
  error: string | null;
  show(notice: Notice): void;
  open(route: string): void;
  opened(): void;
  dismiss(): void;
  load(): Promise<void>;
  set(change: Partial<NotificationSwitches>): Promise<void>;
}

/** Notifications: what main pushed to show or open, and the Settings switches per kind. */
export const useNotices = create<NoticesState>((set) => ({
  shown: null,
  route: null,
  switches: null,
  error: null,
  show: (notice) => set({ shown: notice }),
  open: (route) => set({ route, shown: null }),
  opened: () => set({ route: null }),
  dismiss: () => set({ shown: null }),
  load: async () => {
    try {
      set({ switches: await unwrap(bridge().notifications.get()), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  set: async (change) => {
    // Shown at once, as a checkbox is expected to; main's answer (or its refusal) follows.
    set((state) => ({
      switches: state.switches === null ? null : { ...state.switches, ...change },
    }));
    try {
      set({ switches: await unwrap(bridge().notifications.set(change)), error: null });
    } catch (error) {
      set({ error: describeError(error) });
      await useNotices.getState().load();
    }
  },
}));
