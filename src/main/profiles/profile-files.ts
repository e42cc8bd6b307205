import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_EDIT_SCOPE } from '../../shared/edits-elsewhere';
import { CACHE_FILE } from '../data-layer';
import { closedCacheEdits } from '../handlers/edits-elsewhere';
import { FIRST_PROFILE_ID, profileDirectory, type NamedProfile } from './profile-list';
import { cacheFileOf, demoDirectory, type LayerTarget, type OtherCache } from './profile-layer';

/**
 * Every cache but the one `open` reads: the demo's, each other profile's, and the one of a
 * Pitside before profiles when no profile has it any more (its edits are still somebody's).
 */
export function otherCaches(
  dataDirectory: string,
  open: LayerTarget,
  profiles: readonly NamedProfile[],
): OtherCache[] {
  const caches: OtherCache[] = [
    {
      file: join(demoDirectory(dataDirectory), CACHE_FILE),
      unsetScope: DEMO_EDIT_SCOPE,
      profile: null,
    },
    ...profiles.map((profile) => ({
      file: cacheFileOf(dataDirectory, { kind: 'named', profile }),
      unsetScope: null,
      profile: profile.name,
    })),
  ];
  if (!profiles.some((profile) => profile.id === FIRST_PROFILE_ID)) {
    caches.push({ file: join(dataDirectory, CACHE_FILE), unsetScope: null, profile: null });
  }
  const shown = cacheFileOf(dataDirectory, open);
  return caches.filter((cache) => cache.file !== shown);
}

/** The edits not sent yet in a profile's cache while it is closed; none in one never opened. */
export function closedUnsent(
  dataDirectory: string,
  profile: NamedProfile,
  nativeBinding: string | undefined,
): number {
  const groups = closedCacheEdits({
    file: cacheFileOf(dataDirectory, { kind: 'named', profile }),
    unsetScope: null,
    nativeBinding,
  });
  return groups.reduce((sum, group) => sum + group.edits.length, 0);
}

/**
 * Deletes a removed profile's cache: its folder, or for the first profile the cache files beside
 * the app's own (the data directory itself stays, with the demo and the other profiles in it).
 */
export function removeProfileFiles(dataDirectory: string, profile: NamedProfile): void {
  if (profile.id !== FIRST_PROFILE_ID) {
    rmSync(profileDirectory(dataDirectory, profile.id), { recursive: true, force: true });
    return;
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    rmSync(join(dataDirectory, `${CACHE_FILE}${suffix}`), { force: true });
  }
}
