import { create } from 'zustand';
import type { CommandOutput } from '../../../shared/ipc/contract';
import { ApiError, bridge, describeError, unwrap } from '../api';
import { createQueryStore, type Remote } from './query-store';

export type ConnectField = 'baseUrl' | 'key' | null;

/*
 * Which data the app shows (first run, demo, a service), and the ways to change it. The state is
 * read like the cache: main tells a change of it as `settings` (or `all`, a switch), whichever
 * window or command made it.
 */

const NO_INPUT: Record<string, never> = {};

export const setupQueries = createQueryStore({
  setup: (_input: Record<string, never>) => unwrap(bridge().setup.get()),
});

/** The setup as last read; every view under the shell reads this one answer. */
export function useSetupState(): Remote<CommandOutput<'setup:get'>> {
  return setupQueries.useQuery('setup', NO_INPUT);
}

interface SetupActionsState {
  /** A connect or demo request on its way. */
  busy: 'demo' | 'connect' | null;
  /** Why the last connect failed, and which field it is about (null: the whole connection). */
  connectError: { field: ConnectField; message: string } | null;
  useDemo: () => Promise<boolean>;
  connect: (baseUrl: string, key: string) => Promise<boolean>;
}

/** The ways to change the data shown, with what the person is waiting on and what went wrong. */
export const useSetup = create<SetupActionsState>()((set) => ({
  busy: null,
  connectError: null,
  useDemo: async () => {
    set({ busy: 'demo', connectError: null });
    try {
      // The answer is the new setup: shown at once, so the buttons never come back for the round
      // trip of the change notice's re-read before the app leaves the first-run screen.
      setupQueries.answered('setup', NO_INPUT, await unwrap(bridge().setup.useDemo()));
      set({ busy: null });
      return true;
    } catch (error) {
      set({ busy: null, connectError: { field: null, message: describeError(error) } });
      return false;
    }
  },
  connect: async (baseUrl, key) => {
    set({ busy: 'connect', connectError: null });
    try {
      setupQueries.answered(
        'setup',
        NO_INPUT,
        await unwrap(bridge().setup.connect({ baseUrl, key })),
      );
      set({ busy: null });
      return true;
    } catch (error) {
      set({ busy: null, connectError: connectFailure(error) });
      return false;
    }
  },
}));

/** Puts a refused input next to its field; anything else is about the connection as a whole. */
function connectFailure(error: unknown): { field: ConnectField; message: string } {
  if (!(error instanceof ApiError)) return { field: null, message: describeError(error) };
  if (error.code === 'invalid_input') {
    const detail = error.details?.[0];
    const field = detail?.field === 'key' ? 'key' : 'baseUrl';
    return { field, message: detail?.issue ?? error.message };
  }
  if (error.code === 'unauthorized' || error.code === 'forbidden') {
    return { field: 'key', message: error.message };
  }
  return { field: null, message: error.message };
}
