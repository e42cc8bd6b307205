import { z } from 'zod';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';
import { apiKeySchema, serviceUrlSchema } from './settings';

/**
 * Which data the app shows. `first-run`: no service is configured and the demo was never chosen,
 * so the first screen offers both. `demo`: the reference service runs inside main on demo data,
 * with a cache of its own. `service`: a real service, with its own cache. The two caches are
 * separate files, so switching mixes nothing.
 */
export const SETUP_MODES = ['first-run', 'demo', 'service'] as const;
export const setupModeSchema = z.enum(SETUP_MODES);
export type SetupMode = z.infer<typeof setupModeSchema>;

export const setupStateSchema = z.object({
  mode: setupModeSchema,
  /** The real service's address, when one is configured (also while the demo is shown). */
  serviceUrl: z.string().nullable(),
});
export type SetupState = z.infer<typeof setupStateSchema>;

/** The setup as views read it; the ways to change it answer with it too, shown at once. */
export const setupReadSchema = setupStateSchema.extend({ builtFrom: builtFromSchema });

export const THEMES = ['system', 'light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

export const setupCommands = {
  /** Read like the cache: a `cache:changed` naming `settings` (or `all`) says it may differ now. */
  'setup:get': { input: noInput, output: setupReadSchema },
  /** Starts the embedded demo service, switches to its cache and syncs it. */
  'setup:useDemo': { input: noInput, output: setupReadSchema },
  /**
   * Checks the address and key against the service first; only a service that answered and took
   * the key is saved (the key into the keychain) and switched to. Each way of failing has its own
   * code: `invalid_input` (not an address), `offline`/`timeout` (unreachable), `unauthorized` or
   * `forbidden` (key refused), `invalid_response` (something that is not the service answered).
   */
  'setup:connect': {
    input: z.strictObject({ baseUrl: serviceUrlSchema, key: apiKeySchema }),
    output: setupReadSchema,
  },
  'theme:get': { input: noInput, output: z.object({ theme: themeSchema }) },
  'theme:set': {
    input: z.strictObject({ theme: themeSchema }),
    output: z.object({ theme: themeSchema }),
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
