import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/contract';
import { bridge, describeError, unwrap } from '../api';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface AppInfoState {
  item: AppInfo | null;
  status: LoadStatus;
  error: string | null;
  load: () => Promise<void>;
}

export const useAppInfo = create<AppInfoState>()((set, get) => ({
  item: null,
  status: 'idle',
  error: null,
  load: async () => {
    if (get().status === 'loading') return;
    set({ status: 'loading', error: null });
    try {
      const item = await unwrap(bridge().app.info());
      set({ item, status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
    }
  },
}));
