import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { PROFILE_NAME_MAX, profileIdSchema } from '../../shared/ipc/profiles';
import { IpcFailure } from '../ipc/failure';

/** A named service profile as the app's state keeps it: no key (that is in the keychain). */
export interface NamedProfile {
  id: string;
  name: string;
  url: string;
}

/**
 * The profile every Pitside before profiles had: its cache is `<data>/pitside.db`, where the
 * command line's `--service` finds it too, and its key is under the keychain account of its
 * address alone. A user who upgrades keeps both without anything being moved.
 */
export const FIRST_PROFILE_ID = 'service';

/** Every other profile's cache is in a folder of its own, named after its id (never its name). */
export const PROFILES_DIRECTORY = 'profiles';

/** Laxer than a new name must be: a profile is never lost over how its name was written. */
const namedProfileSchema = z.object({
  id: profileIdSchema,
  name: z.string().trim().min(1),
  url: z.string().url(),
});

/**
 * Each entry is read on its own, so one hand-edited profile does not take the others with it; a
 * second entry with an id or name already seen is dropped. Anything but a list reads as a file
 * from before profiles (`undefined`), whose service is then found again (`adoptFirstProfile`).
 */
export const profileListSchema = z
  .array(z.unknown())
  .optional()
  .catch(undefined)
  .transform((entries) => {
    if (entries === undefined) return undefined;
    const kept: NamedProfile[] = [];
    for (const entry of entries) {
      const parsed = namedProfileSchema.safeParse(entry);
      if (!parsed.success) continue;
      const profile = parsed.data;
      if (kept.some((other) => other.id === profile.id || sameName(other.name, profile.name)))
        continue;
      kept.push(profile);
    }
    return kept;
  });

export function sameName(one: string, other: string): boolean {
  return one.trim().toLocaleLowerCase() === other.trim().toLocaleLowerCase();
}

export function profileDirectory(dataDirectory: string, id: string): string {
  return id === FIRST_PROFILE_ID ? dataDirectory : join(dataDirectory, PROFILES_DIRECTORY, id);
}

/** The profile's keychain accounts (see `profileAccount`): the first keeps the old ones. */
export function keychainProfile(id: string): string | null {
  return id === FIRST_PROFILE_ID ? null : id;
}

export function newProfileId(profiles: readonly NamedProfile[]): string {
  if (!profiles.some((profile) => profile.id === FIRST_PROFILE_ID)) return FIRST_PROFILE_ID;
  return `p-${randomBytes(5).toString('hex')}`;
}

/**
 * The name a profile gets when it was not given one (the first, made by a connect or an
 * upgrade): its address, as the app named the service before profiles, or its host when the
 * address is too long for a name.
 */
export function nameFromUrl(url: string, profiles: readonly NamedProfile[]): string {
  // Room for " (2)" after it, within the longest name.
  const room = PROFILE_NAME_MAX - 4;
  const base = url.length <= room ? url : new URL(url).host.slice(0, room);
  let name = base;
  for (let n = 2; profiles.some((profile) => sameName(profile.name, name)); n += 1)
    name = `${base} (${n})`;
  return name;
}

/** Refuses a name another profile has (not `except`), next to the name field. */
export function checkNameFree(
  profiles: readonly NamedProfile[],
  name: string,
  except: string | null = null,
): void {
  const taken = profiles.find((profile) => profile.id !== except && sameName(profile.name, name));
  if (taken === undefined) return;
  throw new IpcFailure('invalid_input', `A profile is already named “${taken.name}”.`, [
    { field: 'name', issue: `another profile is already named “${taken.name}”` },
  ]);
}

export function findProfile(profiles: readonly NamedProfile[], id: string): NamedProfile {
  const profile = profiles.find((candidate) => candidate.id === id);
  if (profile !== undefined) return profile;
  throw new IpcFailure('not_found', 'That profile is not on this computer any more.', [
    { field: 'id', issue: 'no profile has this id' },
  ]);
}
