import { z } from 'zod';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';
import { syncScopeSchema } from './sync';

/** The longest key we accept; far above any real one, well below anything abusive. */
export const API_KEY_MAX = 512;

export const serviceUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, 'must be an http or https URL without credentials in it');

export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(API_KEY_MAX, `must be at most ${API_KEY_MAX} characters`)
  .refine((key) => !/[\s]/.test(key), 'must be one word without spaces or line breaks');

/**
 * Where the key in use comes from: the keychain, PITSIDE_API_KEY for the address given with it
 * (that launch only), or the demo's own key; `none` when there is no key.
 */
export const keySourceSchema = z.enum(['none', 'keychain', 'environment', 'demo']);
export type KeySource = z.infer<typeof keySourceSchema>;

/**
 * What the renderer may know about the service settings: never the key itself, only whether one
 * is set, where it comes from, and whether the service refused it on the last attempt.
 */
export const serviceSettingsSchema = z.object({
  baseUrl: z.string().nullable(),
  /**
   * After a change of service, the service whose data is still shown: it stays until `baseUrl`
   * answers, and is replaced then. `null` when the data shown is `baseUrl`'s.
   */
  keptCopyOf: z.string().nullable(),
  key: z.enum(['none', 'set', 'refused']),
  keySource: keySourceSchema,
  /** `unavailable`: the keychain was asked for the key and could not answer. */
  keychain: z.enum(['available', 'unavailable']),
  scope: syncScopeSchema,
  /** `settings`: a `cache:changed` naming it (or `all`) says the answer may differ now. */
  builtFrom: builtFromSchema,
});
export type ServiceSettings = z.infer<typeof serviceSettingsSchema>;

export const settingsCommands = {
  'settings:get': { input: noInput, output: serviceSettingsSchema },
  'settings:setService': {
    input: z.strictObject({ baseUrl: serviceUrlSchema }),
    output: serviceSettingsSchema,
  },
  /** The one time a key crosses the bridge: typed by a person, on its way to the keychain. */
  'settings:setKey': {
    input: z.strictObject({ key: apiKeySchema }),
    output: serviceSettingsSchema,
  },
  'settings:clearKey': { input: noInput, output: serviceSettingsSchema },
  'settings:setScope': {
    input: z.strictObject({ scope: syncScopeSchema }),
    output: serviceSettingsSchema,
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
