import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { themeSchema } from '../../shared/ipc/setup';
import { profileListSchema } from './profile-list';

/** Beside the service's cache in the data directory; the demo's cache has a folder of its own. */
export const APP_STATE_FILE = 'app-state.json';

/** `service`: a named profile (the active one), or none yet on a first run; `demo`: the demo. */
export const PROFILES = ['service', 'demo'] as const;
export type Profile = (typeof PROFILES)[number];

/*
 * Each field falls back on its own, so a hand-edited theme does not also lose the profile. What is
 * kept here is the app's, not a service's: no key, no synced data.
 */
const appStateSchema = z.object({
  profile: z.enum(PROFILES).catch('service'),
  /** Once the demo was chosen, the app is past its first run even without a service. */
  demoChosen: z.boolean().catch(false),
  theme: themeSchema.catch('system'),
  /**
   * Only in a file from before profiles: the service's address while the demo was shown. Read to
   * make that service the first profile; never written again.
   */
  serviceUrl: z.string().nullable().optional().catch(undefined),
  /** Absent in a file from before profiles (see `adoptFirstProfile`). */
  profiles: profileListSchema,
  /** The named profile shown, or shown again when the demo is left. */
  active: z.string().nullable().catch(null),
});
export type AppState = z.infer<typeof appStateSchema>;

export const DEFAULT_APP_STATE: AppState = {
  profile: 'service',
  demoChosen: false,
  theme: 'system',
  profiles: undefined,
  active: null,
};

/**
 * Reads the app's state file. A missing, unreadable or corrupt one means the defaults: the
 * worst it costs is the first-run screen and the system theme, never a failed start.
 */
export function loadAppState(
  file: string,
  reportError: (where: string, error: unknown) => void = () => {},
): AppState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') reportError('app state', error);
    return DEFAULT_APP_STATE;
  }
  try {
    const parsed = appStateSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    reportError('app state', parsed.error);
  } catch (error) {
    reportError('app state', error);
  }
  return DEFAULT_APP_STATE;
}

/**
 * Replaces the file whole: written beside it and renamed over it, so a crash leaves the old
 * state or the new one, never half of either.
 */
export async function saveAppState(file: string, state: AppState): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    // The old address is a profile's by now; JSON leaves out what is undefined.
    const kept = { ...state, serviceUrl: undefined };
    await writeFile(temporary, `${JSON.stringify(kept, null, 2)}\n`, { flush: true });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
