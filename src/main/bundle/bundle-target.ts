import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseServiceUrl } from '../../shared/service-url';
import { APP_STATE_FILE, loadAppState } from '../profiles/app-state';
import { cacheFileOf } from '../profiles/profile-layer';
import { nameFromUrl, newProfileId, type NamedProfile } from '../profiles/profile-list';
import { SettingsReader } from '../settings/settings-store';

/** Where a bundle of one service goes in a data directory. */
export interface BundleTarget {
  cacheFile: string;
  /** The app's data directory when DIR is one (held whole while the bundle merges), else `null`. */
  appDirectory: string | null;
  /** A profile to add for the bundle's service once the merge committed; `null` when it has one. */
  newProfile: NamedProfile | null;
  /** The profile list the new profile joins. */
  profiles: readonly NamedProfile[];
}

/** The bundle cannot go where it was asked to: that cache holds another service's copy. */
export class OtherServiceError extends Error {
  constructor(
    readonly cacheFile: string,
    readonly held: string,
    readonly bundled: string,
  ) {
    super(
      `the bundle is from ${bundled}, and ${cacheFile} holds the copy of ${held}; a cache holds one service's copy (give the app's data directory, where it goes into that service's profile, or another directory)`,
    );
    this.name = 'OtherServiceError';
  }
}

export function sameService(one: string, other: string): boolean {
  return normaliseServiceUrl(one) === normaliseServiceUrl(other);
}

/** The profile whose address is `service`'s, or (`known` false) a new one for it, named after it. */
export function profileForService(
  profiles: readonly NamedProfile[],
  service: string,
): { profile: NamedProfile; known: boolean } {
  const known = profiles.find((profile) => sameService(profile.url, service));
  if (known !== undefined) return { profile: known, known: true };
  const url = normaliseServiceUrl(service);
  return {
    profile: { id: newProfileId(profiles), name: nameFromUrl(url, profiles), url },
    known: false,
  };
}

/**
 * The app's data directory (it has an `app-state.json`): the cache of the profile whose address
 * is the bundle's service, or of a new profile for it, named after its address. Any other
 * directory is the command line's: its one cache. Either way, the cache must be the bundle's
 * service's or no service's yet; it is looked at read-only here, so a refusal changes nothing.
 */
export function bundleTarget(dataDirectory: string, service: string): BundleTarget {
  const stateFile = join(dataDirectory, APP_STATE_FILE);
  let target: BundleTarget;
  if (existsSync(stateFile)) {
    const profiles = loadAppState(stateFile).profiles ?? [];
    const { profile, known } = profileForService(profiles, service);
    target = {
      cacheFile: cacheFileOf(dataDirectory, { kind: 'named', profile }),
      appDirectory: dataDirectory,
      newProfile: known ? null : profile,
      profiles,
    };
  } else {
    target = {
      cacheFile: join(dataDirectory, 'pitside.db'),
      appDirectory: null,
      newProfile: null,
      profiles: [],
    };
  }
  const held = heldService(target.cacheFile);
  if (held !== null && !sameService(held, service)) {
    throw new OtherServiceError(target.cacheFile, held, service);
  }
  return target;
}

/** The service a cache holds the copy of; `null` for none or no cache (opening it says more). */
export function heldService(cacheFile: string): string | null {
  if (!existsSync(cacheFile)) return null;
  let db: Database.Database | null = null;
  try {
    db = new Database(cacheFile, { readonly: true, fileMustExist: true });
    return new SettingsReader(db).copyOf();
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
