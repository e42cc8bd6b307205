import { z } from 'zod';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';
import { apiKeySchema, serviceUrlSchema } from './settings';
import { setupReadSchema } from './setup';

export const PROFILE_NAME_MAX = 40;

/** A name a person gives a service profile ("League", "Practice"), shown in Settings and quick open. */
export const profileNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(PROFILE_NAME_MAX, `must be at most ${PROFILE_NAME_MAX} characters`)
  .refine((name) => !/\p{Cc}/u.test(name), 'must be one line of text');

/** A profile's id: made by main when it is added, never shown, the same after a rename. */
export const profileIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a profile id');

/**
 * A named service profile as views see it: never its key. `unsent`: the edits kept in its cache
 * and not sent yet, so that removing it can say what would go with it.
 */
export const profileSchema = z.object({
  id: profileIdSchema,
  name: z.string(),
  url: z.string(),
  active: z.boolean(),
  unsent: z.number().int().nonnegative(),
});
export type ProfileView = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSchema),
  builtFrom: builtFromSchema,
});
export type ProfileList = z.infer<typeof profileListSchema>;

export const profileCommands = {
  /** Read like the cache: a `cache:changed` naming `settings` (or `all`) says it may differ now. */
  'profiles:list': { input: noInput, output: profileListSchema },
  /**
   * Checks the address and key against the service like `setup:connect`, then keeps the key in
   * the keychain under this profile alone and lists the profile; nothing is switched. A name
   * already used is `invalid_input` on `name`.
   */
  'profiles:add': {
    input: z.strictObject({
      name: profileNameSchema,
      baseUrl: serviceUrlSchema,
      key: apiKeySchema,
    }),
    output: profileListSchema,
  },
  'profiles:rename': {
    input: z.strictObject({ id: profileIdSchema, name: profileNameSchema }),
    output: profileListSchema,
  },
  /** Forgets a profile that is not shown: its cache (with its edits not sent) and its key. */
  'profiles:remove': { input: z.strictObject({ id: profileIdSchema }), output: profileListSchema },
  /** Shows another profile's cache at once, with no request to any service. */
  'profiles:switch': { input: z.strictObject({ id: profileIdSchema }), output: setupReadSchema },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
