import { create } from 'zustand';
import type { SetupState } from '../../../shared/ipc/setup';
import { ApiError, bridge, describeError, unwrap } from '../api';
import { newestLoad } from './newest-load';

export type ConnectField = 'baseUrl' | 'key' | null;

interface SetupStoreState {
  setup: SetupState | null;
  loadError: string | null;
  /** A connect or demo request on its way. */
  busy: 'demo' | 'connect' | null;
  /** Why the last connect failed, and which field it is about (null: the whole connection). */
  connectError: { field: ConnectField; message: string } | null;
  load: () => Promise<void>;
  useDemo: () => Promise<boolean>;
  connect: (baseUrl: string, key: string) => Promise<boolean>;
}

const loads = newestLoad();

/** Which data the app shows (first run, demo, a service), and the ways to change it. */
export const useSetup = create<SetupStoreState>()((set) => ({
  setup: null,
  loadError: null,
  busy: null,
  connectError: null,
  load: async () => {
    const newest = loads.begin();
    try {
      const setup = await unwrap(bridge().setup.get());
      if (newest()) set({ setup, loadError: null });
    } catch (error) {
      if (newest()) set({ loadError: describeError(error) });
    }
  },
  useDemo: async () => {
    set({ busy: 'demo', connectError: null });
    try {
      set({ setup: await unwrap(bridge().setup.useDemo()), busy: null });
      return true;
    } catch (error) {
      set({ busy: null, connectError: { field: null, message: describeError(error) } });
      return false;
    }
  },
  connect: async (baseUrl, key) => {
    set({ busy: 'connect', connectError: null });
    try {
      set({ setup: await unwrap(bridge().setup.connect({ baseUrl, key })), busy: null });
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
