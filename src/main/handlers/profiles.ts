import type { ProfileList } from '../../shared/ipc/profiles';
import type { SetupState } from '../../shared/ipc/setup';
import type { Handlers } from '../ipc/dispatcher';

export const PROFILE_COMMAND_NAMES = [
  'profiles:list',
  'profiles:add',
  'profiles:rename',
  'profiles:remove',
  'profiles:switch',
] as const;
export type ProfileCommandName = (typeof PROFILE_COMMAND_NAMES)[number];

/** What the workspace offers about the named service profiles. */
export interface ProfileDeps {
  listProfiles(): Omit<ProfileList, 'builtFrom'>;
  addProfile(name: string, baseUrl: string, key: string): Promise<void>;
  renameProfile(id: string, name: string): Promise<void>;
  removeProfile(id: string): Promise<void>;
  switchProfile(id: string): Promise<SetupState>;
}

/** Each answer is re-read when the settings change: a switch, an add, a rename, a removal. */
const BUILT_FROM = ['settings' as const];

export function createProfileHandlers(workspace: ProfileDeps): Pick<Handlers, ProfileCommandName> {
  const list = () => ({ ...workspace.listProfiles(), builtFrom: BUILT_FROM });
  return {
    'profiles:list': list,
    'profiles:add': async ({ name, baseUrl, key }) => {
      await workspace.addProfile(name, baseUrl, key);
      return list();
    },
    'profiles:rename': async ({ id, name }) => {
      await workspace.renameProfile(id, name);
      return list();
    },
    'profiles:remove': async ({ id }) => {
      await workspace.removeProfile(id);
      return list();
    },
    'profiles:switch': async ({ id }) => ({
      ...(await workspace.switchProfile(id)),
      builtFrom: BUILT_FROM,
    }),
  };
}

/** For a data layer used on its own: each of these commands exists and says it cannot answer. */
export function refuseEach<Name extends string, Refusal>(
  names: readonly Name[],
  refuse: (name: Name) => Refusal,
): Record<Name, Refusal> {
  return Object.fromEntries(names.map((name) => [name, refuse(name)])) as Record<Name, Refusal>;
}
