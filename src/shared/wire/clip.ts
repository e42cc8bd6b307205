import { z } from 'zod';
import {
  eventIdSchema,
  httpsUrlSchema,
  responseTimestampSchema,
  teamNumberSchema,
} from './formats';
import { matchTypeSchema } from './match';

export const clipRecordSchema = z.object({
  id: z.string().min(1),
  eventId: eventIdSchema,
  matchId: z.string().min(1).nullable(),
  matchType: matchTypeSchema.nullable(),
  teamNumbers: z.array(teamNumberSchema),
  title: z.string(),
  url: httpsUrlSchema,
  thumbnailUrl: httpsUrlSchema.nullable(),
  durationSeconds: z.number().int().min(0),
  recordedAt: responseTimestampSchema,
});
export type ClipRecord = z.infer<typeof clipRecordSchema>;

export const CLIP_SORTS = ['date', '-date', 'duration', '-duration'] as const;
export const clipSortSchema = z.enum(CLIP_SORTS);
export type ClipSort = z.infer<typeof clipSortSchema>;
export const CLIP_SORT_DEFAULT: ClipSort = '-date';
