import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { APP_STATE_FILE, loadAppState } from '../main/profiles/app-state';
import { keychainProfile, profileDirectory, sameName } from '../main/profiles/profile-list';
import { DataDirectoryInUseError, lockDataDirectory } from '../main/storage/directory-lock';
import type { ProfileSyncCommand, SyncCommand } from './args';
import { CliError, EXIT, SetupError, UsageError } from './errors';

/** What a sync works on: the service, the cache's directory and the keychain accounts to ask. */
export interface SyncTarget {
  service: string;
  dataDir: string;
  /** `null`: the account of the address alone (`--service`, and the app's first profile). */
  keychainProfile: string | null;
  /** Lets the app's data directory go again (a `--profile` sync holds it, as the app would). */
  release(): void;
}

/**
 * `--service URL`: that service, the cache in DIR. `--profile NAME`: DIR is the app's data
 * directory; the profile's address, cache and key are the ones the app keeps for it. The whole
 * directory is held for the run, as the app holds it: the app never finds a profile's cache
 * changed under it, and this sync never runs beside the app.
 */
export function resolveSyncTarget(command: SyncCommand | ProfileSyncCommand): SyncTarget {
  if ('service' in command) {
    return {
      service: command.service,
      dataDir: command.dataDir,
      keychainProfile: null,
      release() {},
    };
  }
  const appDirectory = resolve(command.dataDir);
  const stateFile = join(appDirectory, APP_STATE_FILE);
  if (!existsSync(stateFile)) {
    throw new SetupError(
      `${appDirectory} holds no Pitside profiles (${APP_STATE_FILE}); give the app's data directory, or use --service`,
    );
  }
  const profiles = loadAppState(stateFile).profiles ?? [];
  const profile = profiles.find((candidate) => sameName(candidate.name, command.profile));
  if (profile === undefined) {
    const known = profiles.map((candidate) => `"${candidate.name}"`).join(', ');
    throw new UsageError(
      `no profile named "${command.profile}" in ${appDirectory} (${known === '' ? 'it has none yet' : `its profiles: ${known}`})`,
    );
  }
  let lock: { release(): void };
  try {
    lock = lockDataDirectory(appDirectory);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError) throw new CliError(EXIT.inUse, error.message);
    throw error;
  }
  return {
    service: profile.url,
    dataDir: profileDirectory(appDirectory, profile.id),
    keychainProfile: keychainProfile(profile.id),
    release: () => lock.release(),
  };
}
