import { z } from 'zod';
import { eventStatusSchema } from '../wire/event';
import { eventIdSchema, httpsUrlSchema, seasonSchema, teamNumberSchema } from '../wire/formats';
import { matchTypeSchema } from '../wire/match';
import { noInput, type CommandSpec } from './command';
import { filterTextSchema } from './filter-text';
import { pickListIdSchema } from './picklists';
import { eventListSortSchema, teamListSortSchema } from './reads';

const filterText = filterTextSchema;

/**
 * What a list on screen shows, named so main can read the same rows from the cache: every page
 * of it, with the filters the view has, never what the renderer happens to hold.
 */
export const exportListSchema = z.discriminatedUnion('list', [
  z.strictObject({
    list: z.literal('events'),
    season: seasonSchema.optional(),
    status: eventStatusSchema.optional(),
    region: filterText.optional(),
    search: filterText.optional(),
    sort: eventListSortSchema.optional(),
  }),
  z.strictObject({
    list: z.literal('teams'),
    season: seasonSchema.optional(),
    region: filterText.optional(),
    search: filterText.optional(),
    sort: teamListSortSchema.optional(),
    favorites: z.boolean().optional(),
  }),
  z.strictObject({ list: z.literal('eventTeams'), eventId: eventIdSchema }),
  z.strictObject({
    list: z.literal('eventMatches'),
    eventId: eventIdSchema,
    matchType: matchTypeSchema.optional(),
  }),
  z.strictObject({
    list: z.literal('teamEvents'),
    teamNumber: teamNumberSchema,
    season: seasonSchema.optional(),
  }),
  z.strictObject({
    list: z.literal('teamMatches'),
    teamNumber: teamNumberSchema,
    season: seasonSchema.optional(),
    eventId: filterText.optional(),
  }),
  z.strictObject({ list: z.literal('teamStats'), teamNumber: teamNumberSchema }),
  z.strictObject({
    list: z.literal('compare'),
    teamNumbers: z.array(teamNumberSchema).min(2).max(4),
    season: seasonSchema.optional(),
  }),
  z.strictObject({ list: z.literal('pickList'), listId: pickListIdSchema }),
]);
export type ExportList = z.infer<typeof exportListSchema>;
export type ExportListName = ExportList['list'];

export const exportResultSchema = z.object({
  /** False when the person closed the save dialog without choosing a file. */
  saved: z.boolean(),
  path: z.string().nullable(),
  rows: z.number().int().min(0),
});
export type ExportResult = z.infer<typeof exportResultSchema>;

export const actionCommands = {
  /** Opens an https link in the system browser; the renderer never navigates away itself. */
  'links:open': { input: z.strictObject({ url: httpsUrlSchema }), output: z.object({}) },
  /** Writes a list as CSV (the command line's rules) to a file the person picks. */
  'export:csv': { input: exportListSchema, output: exportResultSchema },
  /**
   * Forgets everything synced and syncs again. Favorites, pins and the settings stay, and so
   * will anything typed (the outbox).
   */
  'cache:clear': { input: noInput, output: z.object({ cleared: z.boolean() }) },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
