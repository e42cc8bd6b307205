import { z } from 'zod';
import { eventIdSchema, teamNumberSchema } from '../wire/formats';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';

/**
 * What a sync changed in pinned events and favorite teams, line by line, as the writes that
 * changed the rows recorded it (see `DigestRecorder`): never a diff of whole tables afterwards.
 */
export const DIGEST_KINDS = [
  'match-added',
  'match-rescheduled',
  'match-removed',
  'score-posted',
  'score-corrected',
  'team-added',
  'team-withdrawn',
  'stream',
  'event-status',
  'event-fact',
] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** Event facts a line may name (`event-fact`). */
export const DIGEST_FACTS = [
  'name',
  'startDate',
  'endDate',
  'venue',
  'city',
  'state',
  'country',
] as const;
export type DigestFact = (typeof DIGEST_FACTS)[number];

export const digestLineSchema = z.object({
  kind: z.enum(DIGEST_KINDS),
  eventId: eventIdSchema,
  /** The event's name when the line was written (it may have gone since). */
  eventName: z.string(),
  matchId: z.string().nullable(),
  teamNumber: teamNumberSchema.nullable(),
  field: z.enum(DIGEST_FACTS).nullable(),
  /** The value before and after, as text (a time, a score "120–98", a stream status...). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type DigestLine = z.infer<typeof digestLineSchema>;

export const digestSyncSchema = z.object({
  id: z.number().int(),
  finishedAt: z.string(),
  lines: z.array(digestLineSchema),
});
export type DigestSync = z.infer<typeof digestSyncSchema>;

export const digestSchema = z.object({
  /** The last syncs that changed something, newest first. */
  syncs: z.array(digestSyncSchema),
  /** Lines of the syncs since the digest was last opened, and since when they count. */
  unseen: z.object({ count: z.number().int().min(0), since: z.string().nullable() }),
  builtFrom: builtFromSchema,
});
export type Digest = z.infer<typeof digestSchema>;

export const digestCommands = {
  'digest:get': { input: noInput, output: digestSchema },
  /** The digest was opened: what it shows now is no longer news for the sync bar. */
  'digest:seen': { input: noInput, output: z.object({ seen: z.number().int().min(0) }) },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
