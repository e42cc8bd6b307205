import { create } from 'zustand';
import type { IpcResult } from '../../../shared/ipc/errors';
import type { ProfileList, ProfileView } from '../../../shared/ipc/profiles';
import { ApiError, bridge, describeError, unwrap } from '../api';
import { createQueryStore } from './query-store';
import { setupQueries } from './setup';

const NO_INPUT: Record<string, never> = {};

/*
 * The named service profiles, read like the cache: main tells an add, a rename, a removal or a
 * switch as `settings`, whichever window or command made it.
 */
export const profileQueries = createQueryStore({
  profiles: (_input: Record<string, never>) => unwrap(bridge().profiles.list()),
});

/** Every profile, or `null` until first read. */
export function useProfiles(): ProfileView[] | null {
  return profileQueries.useQuery('profiles', NO_INPUT).value?.profiles ?? null;
}

export type ProfileField = 'name' | 'baseUrl' | 'key';

/** A refused change: the field at fault (`null`: the whole change) and why. */
export interface ProfileProblem {
  field: ProfileField | null;
  message: string;
}

interface ProfileActionsState {
  /** What is on its way to main: an add, or a profile's id for the rest. */
  busy: string | null;
  add: (name: string, baseUrl: string, key: string) => Promise<ProfileProblem | null>;
  rename: (id: string, name: string) => Promise<ProfileProblem | null>;
  remove: (id: string) => Promise<ProfileProblem | null>;
  switchTo: (id: string) => Promise<ProfileProblem | null>;
}

/** The ways to change the profiles; each answers with the problem, or `null` when it was done. */
export const useProfileActions = create<ProfileActionsState>()((set) => {
  const run = async (busy: string, change: () => Promise<void>) => {
    set({ busy });
    try {
      await change();
      return null;
    } catch (error) {
      return problemOf(error);
    } finally {
      set({ busy: null });
    }
  };
  const listed = async (answer: Promise<IpcResult<ProfileList>>) => {
    profileQueries.answered('profiles', NO_INPUT, await unwrap(answer));
  };
  return {
    busy: null,
    add: (name, baseUrl, key) =>
      run('add', () => listed(bridge().profiles.add({ name, baseUrl, key }))),
    rename: (id, name) => run(id, () => listed(bridge().profiles.rename({ id, name }))),
    remove: (id) => run(id, () => listed(bridge().profiles.remove({ id }))),
    switchTo: (id) =>
      run(id, async () => {
        // The answer is the new setup, shown at once; the views re-read on main's notice.
        setupQueries.answered('setup', NO_INPUT, await unwrap(bridge().profiles.switch({ id })));
      }),
  };
});

function problemOf(error: unknown): ProfileProblem {
  if (!(error instanceof ApiError)) return { field: null, message: describeError(error) };
  const field = error.details?.[0]?.field;
  if (field === 'name' || field === 'baseUrl' || field === 'key') {
    return { field, message: error.message };
  }
  if (error.code === 'unauthorized' || error.code === 'forbidden') {
    return { field: 'key', message: error.message };
  }
  return { field: null, message: error.message };
}
