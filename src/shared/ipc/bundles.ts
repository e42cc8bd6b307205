import { z } from 'zod';
import { seasonSchema } from '../wire/formats';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';

/**
 * A season the cache can hand over: how many of its events go in (those a viewer may see), and
 * how many more go in only when private and unlisted events are included (`hidden`).
 */
export const bundleSeasonSchema = z.object({
  season: seasonSchema,
  events: z.number().int(),
  hidden: z.number().int(),
});

export const bundleOptionsSchema = z.object({
  /** Newest first; empty before a sync. */
  seasons: z.array(bundleSeasonSchema),
  /** How many pinned events can go in: the events chosen by hand. */
  pinned: z.number().int(),
  /** How many more pinned events, private or unlisted, go in only when those are included. */
  pinnedHidden: z.number().int(),
  /**
   * Events that cannot go in a bundle because the cache does not know their visibility (only
   * their list item was synced): a sync with scope All brings their own records.
   */
  withoutRecord: z.number().int(),
  builtFrom: builtFromSchema,
});
export type BundleOptions = z.infer<typeof bundleOptionsSchema>;

export const bundleExportedSchema = z.object({
  /** False when the person closed the save dialog without choosing a file. */
  saved: z.boolean(),
  path: z.string().nullable(),
  events: z.number().int(),
  bytes: z.number().int(),
});
export type BundleExported = z.infer<typeof bundleExportedSchema>;

/** Where an import goes: the copy shown, another profile's, or a new profile for its service. */
export const bundleDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shown') }),
  z.object({ kind: z.literal('profile'), name: z.string() }),
  z.object({ kind: z.literal('new'), name: z.string() }),
]);
export type BundleDestination = z.infer<typeof bundleDestinationSchema>;

/** What a chosen bundle brings, read and checked whole, before anything is merged. */
export const bundlePreviewSchema = z.object({
  /** Names this choice for `bundle:import`: main keeps the file's path, never the renderer. */
  token: z.uuid(),
  fileName: z.string(),
  /** "48 events, 1,204 teams, … synced 2 h ago from league.example.org". */
  summary: z.string(),
  service: z.string(),
  destination: bundleDestinationSchema,
});
export type BundlePreview = z.infer<typeof bundlePreviewSchema>;

export const bundleImportedSchema = z.object({
  summary: z.string(),
  destination: bundleDestinationSchema,
  /** Parts that replaced an older copy (or filled a gap), and parts whose copy here was newer. */
  merged: z.number().int(),
  keptNewer: z.number().int(),
  /** Parts of events deleted here, waiting to be sent: left out. */
  skipped: z.number().int(),
  /** The new profile is shown now: the import was this laptop's first copy. */
  shown: z.boolean(),
});
export type BundleImported = z.infer<typeof bundleImportedSchema>;

export const bundleCommands = {
  /** What "Export for another laptop" can write from the copy shown. */
  'bundle:get': { input: noInput, output: bundleOptionsSchema },
  /**
   * Writes a bundle to a file the person picks: of one season (or of every one, `null`), or of
   * the pinned events alone. Only the events a viewer may see go in, unless `includePrivate`:
   * then the private and unlisted ones too (whoever gets the file can read them).
   */
  'bundle:export': {
    input: z.union([
      z.strictObject({
        season: seasonSchema.nullable(),
        includePrivate: z.boolean().optional(),
      }),
      z.strictObject({ pinned: z.literal(true), includePrivate: z.boolean().optional() }),
    ]),
    output: bundleExportedSchema,
  },
  /** Asks for a bundle file and reads it whole; `null` when the person closed the dialog. */
  'bundle:choose': { input: noInput, output: bundlePreviewSchema.nullable() },
  /** Merges the bundle last chosen (its token) where its preview said. */
  'bundle:import': { input: z.strictObject({ token: z.uuid() }), output: bundleImportedSchema },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
