import { z } from 'zod';
import { teamNumberSchema } from './formats';

export const teamListItemSchema = z.object({
  number: teamNumberSchema,
  name: z.string(),
  school: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  rookie: z.number().int(),
  website: z.string(),
  clipCount: z.number().int().min(0),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;

export const teamRecordSchema = z.object({
  number: teamNumberSchema,
  name: z.string(),
  school: z.string(),
  location: z.object({ city: z.string(), state: z.string(), country: z.string() }),
  rookie: z.number().int(),
  website: z.string(),
  stats: z.object({
    eventCount: z.number().int().min(0),
    matchCount: z.number().int().min(0),
    clipCount: z.number().int().min(0),
  }),
});
export type TeamRecord = z.infer<typeof teamRecordSchema>;
