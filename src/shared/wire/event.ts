import { z } from 'zod';
import {
  eventIdSchema,
  requestTimestampSchema,
  responseTimestampSchema,
  seasonSchema,
} from './formats';

export const EVENT_STATUSES = ['upcoming', 'live', 'past'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const STREAM_STATUSES = ['none', 'scheduled', 'live', 'ended'] as const;
export const streamStatusSchema = z.enum(STREAM_STATUSES);
export type StreamStatus = z.infer<typeof streamStatusSchema>;

/** The only moves an organizer may make with `streamStatus` (decisions.md). */
export const STREAM_TRANSITIONS: Readonly<Record<StreamStatus, readonly StreamStatus[]>> = {
  none: ['scheduled'],
  scheduled: ['none', 'live'],
  live: ['ended'],
  ended: ['scheduled'],
};

export function isStreamTransitionAllowed(from: StreamStatus, to: StreamStatus): boolean {
  return from === to || STREAM_TRANSITIONS[from].includes(to);
}

export const VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibilitySchema>;

export const locationSchema = z.object({
  venue: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/** An event's writable fields, as a create builds them and a patch merges into them. */
export interface EventFields {
  name: string;
  season: string;
  startDate: string;
  endDate: string;
  location: Location;
  visibility: Visibility;
  streamStatus: StreamStatus;
}

export const eventListItemSchema = z.object({
  id: eventIdSchema,
  name: z.string(),
  season: seasonSchema,
  startDate: responseTimestampSchema,
  endDate: responseTimestampSchema,
  location: locationSchema,
  status: eventStatusSchema,
  streamStatus: streamStatusSchema,
  teamCount: z.number().int().min(0),
  clipCount: z.number().int().min(0),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

/** A single event: the list fields plus visibility and the record's own timestamps. */
export const eventRecordSchema = eventListItemSchema.extend({
  visibility: visibilitySchema,
  createdAt: responseTimestampSchema,
  updatedAt: responseTimestampSchema,
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

export const EVENT_NAME_MAX = 120;

const requiredText = z.string().trim().min(1, 'must not be empty');

export const eventNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(EVENT_NAME_MAX, `must be at most ${EVENT_NAME_MAX} characters`);

export const locationInputSchema = z.strictObject({
  venue: z.string().trim().optional(),
  city: requiredText,
  state: z.string().trim().optional(),
  country: requiredText,
});

/** Fields a client may never write; sending one is `field_not_writable`, not `validation_failed`. */
export const READ_ONLY_EVENT_FIELDS = [
  'id',
  'status',
  'teamCount',
  'clipCount',
  'createdAt',
  'updatedAt',
] as const;

/** POST /v1/events, validated field by field; the rules across fields are `checkEventDates`. */
export const eventCreateSchema = z.strictObject({
  name: eventNameSchema,
  season: seasonSchema,
  startDate: requestTimestampSchema,
  endDate: requestTimestampSchema,
  location: locationInputSchema,
  visibility: visibilitySchema.optional(),
});
export type EventCreateInput = z.input<typeof eventCreateSchema>;

/**
 * PATCH /v1/events/:id is a JSON merge patch; `null` clears a member, which only the optional
 * location sub-fields allow (they fall back to `""`).
 */
export const eventPatchSchema = z.strictObject({
  name: eventNameSchema.optional(),
  season: seasonSchema.optional(),
  startDate: requestTimestampSchema.optional(),
  endDate: requestTimestampSchema.optional(),
  location: z
    .strictObject({
      venue: z.string().trim().nullable().optional(),
      city: requiredText.optional(),
      state: z.string().trim().nullable().optional(),
      country: requiredText.optional(),
    })
    .optional(),
  visibility: visibilitySchema.optional(),
  streamStatus: streamStatusSchema.optional(),
});
export type EventPatchInput = z.input<typeof eventPatchSchema>;
