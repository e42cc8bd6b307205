import type { ProfileView } from '../../shared/ipc/profiles';
import { KeychainUnavailableError, type Credentials } from '../credentials/credentials';
import { IpcFailure } from '../ipc/failure';
import { ElsewhereReader } from '../outbox/outbox-rows';
import { normaliseServiceUrl } from '../settings/service-url';
import type { AppDatabase } from '../storage/database';
import { closedUnsent, removeProfileFiles } from './profile-files';
import type { LayerOptions } from './profile-layer';
import {
  checkNameFree,
  findProfile,
  keychainProfile,
  newProfileId,
  type NamedProfile,
} from './profile-list';
import { checkService } from './service-check';

/*
 * The changes of the profile list the workspace makes, one at a time: each checks its input and
 * answers with the new list, which the workspace saves. Nothing here switches the data shown.
 */

/** The profiles as they are, and the one shown now (`null` while the demo is). */
export interface ProfileBook {
  options: LayerOptions;
  profiles: readonly NamedProfile[];
  shown: string | null;
}

export function profileCredentials(options: LayerOptions, profile: NamedProfile): Credentials {
  return options.credentials.forProfile(keychainProfile(profile.id));
}

/** Runs a use of the keychain, its outage said as an IPC failure of its own. */
export async function keychain<Result>(use: () => Promise<Result>): Promise<Result> {
  try {
    return await use();
  } catch (error) {
    if (error instanceof KeychainUnavailableError) {
      throw new IpcFailure('keychain_unavailable', error.message);
    }
    throw error;
  }
}

/** The address as the settings keep it; one that is not an address is the person's to fix. */
export function serviceUrlOf(text: string): string {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(url.protocol);
    return normaliseServiceUrl(text);
  } catch {
    throw new IpcFailure('invalid_input', `${JSON.stringify(text)} is not a service address.`, [
      { field: 'baseUrl', issue: 'must be an http or https URL' },
    ]);
  }
}

/**
 * Checks the service like a connect, keeps the key under the new profile's own keychain
 * account, and answers the list with it at the end.
 */
export async function withAddedProfile(
  { options, profiles }: ProfileBook,
  name: string,
  baseUrl: string,
  key: string,
): Promise<NamedProfile[]> {
  checkNameFree(profiles, name);
  const url = serviceUrlOf(baseUrl);
  await checkService(url, key, options.fetch);
  const profile = { id: newProfileId(profiles), name: name.trim(), url };
  await keychain(() => profileCredentials(options, profile).setKey(url, key));
  return [...profiles, profile];
}

export function withRenamedProfile(
  { profiles }: ProfileBook,
  id: string,
  name: string,
): NamedProfile[] {
  findProfile(profiles, id);
  checkNameFree(profiles, name, id);
  return profiles.map((profile) =>
    profile.id === id ? { ...profile, name: name.trim() } : profile,
  );
}

/** The profile to remove: any but the one shown. */
export function removable({ profiles, shown }: ProfileBook, id: string): NamedProfile {
  const profile = findProfile(profiles, id);
  if (shown === id) {
    throw new IpcFailure(
      'invalid_input',
      `“${profile.name}” is shown now. Switch to another profile before removing it.`,
      [{ field: 'id', issue: 'the profile shown cannot be removed' }],
    );
  }
  return profile;
}

/**
 * Deletes a removed profile's cache (with the edits not sent in it: Settings asks first, naming
 * them) and its key. A keychain that cannot be reached keeps the key, reported.
 */
export async function forgetProfile(options: LayerOptions, profile: NamedProfile): Promise<void> {
  removeProfileFiles(options.dataDirectory, profile);
  await profileCredentials(options, profile)
    .clearKey(profile.url)
    .catch((error: unknown) => options.reportError?.('removing a profile’s key', error));
}

/** Every named profile, the one shown marked, with the edits each keeps not sent. */
export function profileViews(
  { options, profiles, shown }: ProfileBook,
  openCache: AppDatabase,
): ProfileView[] {
  const count = (groups: readonly { edits: readonly unknown[] }[]) =>
    groups.reduce((sum, group) => sum + group.edits.length, 0);
  const unsent = (profile: NamedProfile): number => {
    if (profile.id === shown) return count(new ElsewhereReader(openCache).others(null));
    try {
      return closedUnsent(options.dataDirectory, profile, options.nativeBinding);
    } catch (error) {
      options.reportError?.('edits of another profile', error);
      return 0;
    }
  };
  return profiles.map((profile) => ({
    ...profile,
    active: profile.id === shown,
    unsent: unsent(profile),
  }));
}
