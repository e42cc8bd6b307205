import { create } from 'zustand';
import type { ServiceSettings } from '../../../shared/ipc/settings';
import type { SyncScope } from '../../../shared/ipc/sync';
import { bridge, describeError, unwrap } from '../api';
import { createQueryStore } from './query-store';

const NO_INPUT: Record<string, never> = {};

/**
 * What main says about the service: its address, whether a key is set (never the key), where it
 * comes from, the keychain and the sync scope. Main tells a change of any of it (a refused key
 * too) as `settings`.
 */
export const serviceSettingsQueries = createQueryStore({
  settings: (_input: Record<string, never>) => unwrap(bridge().settings.get()),
});

export function useServiceSettings(): ServiceSettings | null {
  return serviceSettingsQueries.useQuery('settings', NO_INPUT).value;
}

interface ScopeChoiceState {
  /** The scope being saved, so the radio shows the choice at once. */
  savingScope: SyncScope | null;
  error: string | null;
  setScope: (scope: SyncScope) => Promise<void>;
}

/** The sync scope Settings offers: the choice on its way to main, and why it failed. */
export const useScopeChoice = create<ScopeChoiceState>()((set) => ({
  savingScope: null,
  error: null,
  setScope: async (scope) => {
    set({ savingScope: scope, error: null });
    try {
      const settings = await unwrap(bridge().settings.setScope({ scope }));
      serviceSettingsQueries.answered('settings', NO_INPUT, settings);
      set({ savingScope: null });
    } catch (error) {
      set({ savingScope: null, error: `Could not change the sync scope: ${describeError(error)}` });
    }
  },
}));
