import { create } from 'zustand';
import type { ServiceSettings } from '../../../shared/ipc/settings';
import type { SyncScope } from '../../../shared/ipc/sync';
import { bridge, describeError, unwrap } from '../api';

interface ServiceSettingsState {
  /** What main says about the service: its address, whether a key is set (never the key). */
  settings: ServiceSettings | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The scope being saved, so the radio shows the choice at once. */
  savingScope: SyncScope | null;
  load: () => Promise<void>;
  setScope: (scope: SyncScope) => Promise<void>;
}

/** The service settings Settings shows: address, key status, keychain and sync scope. */
export const useServiceSettings = create<ServiceSettingsState>()((set) => ({
  settings: null,
  status: 'idle',
  error: null,
  savingScope: null,
  load: async () => {
    set((state) => ({ status: state.settings === null ? 'loading' : state.status }));
    try {
      set({ settings: await unwrap(bridge().settings.get()), status: 'ready', error: null });
    } catch (error) {
      set((state) => ({
        status: state.settings === null ? 'error' : 'ready',
        error: describeError(error),
      }));
    }
  },
  setScope: async (scope) => {
    set({ savingScope: scope, error: null });
    try {
      set({ settings: await unwrap(bridge().settings.setScope({ scope })), savingScope: null });
    } catch (error) {
      set({ savingScope: null, error: `Could not change the sync scope: ${describeError(error)}` });
    }
  },
}));
