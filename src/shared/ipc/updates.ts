import { z } from 'zod';
import { noInput, type CommandSpec } from './command';

/** Why the app does not update itself; each has its own sentence in Settings. */
export const UPDATE_OFF_REASONS = [
  /** Run from source (`npm start`, the preview): there is nothing installed to replace. */
  'not-packaged',
  /** The Mac App Store updates it. */
  'mac-app-store',
  /** The Microsoft Store updates it. */
  'windows-store',
  /** A Linux build electron-updater cannot replace and no package manager we know updates. */
  'unsupported-package',
  'unsupported-platform',
  /** Neither the build nor Settings names a feed. */
  'no-feed',
] as const;
export const updateOffReasonSchema = z.enum(UPDATE_OFF_REASONS);
export type UpdateOffReason = z.infer<typeof updateOffReasonSchema>;

/**
 * What the updater may do here, from the decision table (src/main/updates/decision.ts):
 * nothing, only say a new version is out (deb and rpm: the package manager updates them), or
 * download it in the background and offer a restart.
 */
export const updateModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('off'), reason: updateOffReasonSchema }),
  z.object({ kind: z.literal('notify-only'), packageType: z.enum(['deb', 'rpm']) }),
  z.object({ kind: z.literal('auto') }),
]);
export type UpdateMode = z.infer<typeof updateModeSchema>;

/** The newest release's version as the feed names it. */
const versionSchema = z.string().min(1).max(100);

/** Where the updater stands now. */
export const updateStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({ state: z.literal('checking') }),
  /** Found; the download starts on its own. */
  z.object({ state: z.literal('available'), version: versionSchema }),
  z.object({
    state: z.literal('downloading'),
    version: versionSchema,
    percent: z.number().min(0).max(100),
  }),
  /** Ready: "Restart to update". */
  z.object({ state: z.literal('downloaded'), version: versionSchema }),
  /** Out, and left to the package manager. */
  z.object({ state: z.literal('notify-only'), version: versionSchema }),
  z.object({ state: z.literal('error'), message: z.string() }),
]);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/**
 * Where releases are looked for: `built-in` is the build's own `publish` configuration
 * (app-update.yml, its address not shown), `setting` a generic feed entered in Settings.
 */
export const updateFeedSchema = z.object({
  source: z.enum(['built-in', 'setting', 'none']),
  url: z.string().nullable(),
});
export type UpdateFeed = z.infer<typeof updateFeedSchema>;

export const updateStateSchema = z.object({
  currentVersion: z.string(),
  mode: updateModeSchema,
  feed: updateFeedSchema,
  status: updateStatusSchema,
  /** When the feed last answered (ISO time), `null` before the first answer. */
  lastChecked: z.string().nullable(),
});
export type UpdateState = z.infer<typeof updateStateSchema>;

/** The longest feed address accepted; far above any real one. */
export const FEED_URL_MAX = 2_000;

/**
 * A feed entered by hand: https only, so what the app installs cannot be swapped on the way, and
 * no credentials in the address, which would be kept in a plain file.
 */
export const feedUrlSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(FEED_URL_MAX, `must be at most ${FEED_URL_MAX} characters`)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an https address without a user name or password in it');

export const installOutcomeSchema = z.discriminatedUnion('outcome', [
  /** The app quits, the installer runs, and (where the platform allows) it starts again. */
  z.object({ outcome: z.literal('installing') }),
  /** Edits wait to be sent: ask the person, naming the count, then ask again with it. */
  z.object({ outcome: z.literal('confirm'), unsent: z.number().int().positive() }),
]);
export type InstallOutcome = z.infer<typeof installOutcomeSchema>;

export const updateCommands = {
  'updates:get': { input: noInput, output: updateStateSchema },
  /** `conflict` when updates are off here. */
  'updates:check': { input: noInput, output: updateStateSchema },
  /** `null` forgets the feed; refused (`conflict`) when the build names its own. */
  'updates:setFeed': {
    input: z.strictObject({ url: feedUrlSchema.nullable() }),
    output: updateStateSchema,
  },
  /**
   * "Restart to update". `confirmedUnsent`: how many unsent edits the person agreed to restart
   * with; when more wait, nothing installs and the answer names the count to ask about.
   */
  'updates:install': {
    input: z.strictObject({ confirmedUnsent: z.number().int().min(0).default(0) }),
    output: installOutcomeSchema,
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
