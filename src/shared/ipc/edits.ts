import { z } from 'zod';
import { FAILURE_CODES } from '../failures';
import { errorDetailSchema } from '../wire/errors';
import {
  streamStatusSchema,
  visibilitySchema,
  type EventFields,
  type Visibility,
} from '../wire/event';
import { eventIdSchema, responseTimestampSchema } from '../wire/formats';
import { builtFromSchema } from './cached';
import { noInput, type CommandSpec } from './command';

/*
 * Organizers' edits of events, as the renderer reaches the outbox: queue a create, a change or a
 * deletion, list what waits, and settle what the service refused or found in conflict. An edit
 * is on disk and on screen when its command answers; nothing here waits on the network.
 */

/**
 * The fields an organizer writes, flat, a location's members each a field of its own: the one
 * list the outbox, the forms and the edits panel all go by.
 */
export const EDITABLE_EVENT_FIELDS = [
  'name',
  'season',
  'startDate',
  'endDate',
  'location.venue',
  'location.city',
  'location.state',
  'location.country',
  'visibility',
  'streamStatus',
] as const;
export const editableEventFieldSchema = z.enum(EDITABLE_EVENT_FIELDS);
export type EditableEventField = z.infer<typeof editableEventFieldSchema>;

/** A field's name within its part of the body: `location.city` is `city`. */
export type FieldMember<F extends EditableEventField> = F extends `location.${infer M}` ? M : F;

export function fieldMember<F extends EditableEventField>(field: F): FieldMember<F> {
  return field.replace(/^location\./, '') as FieldMember<F>;
}

/** An event's fields as a record, a list item, the cache or a checked create nest them. */
export type NestedEventFields = Omit<EventFields, 'visibility'> & {
  visibility?: Visibility | null;
};

type LocationField = Extract<EditableEventField, `location.${string}`>;

function isLocationField(field: EditableEventField): field is LocationField {
  return field.startsWith('location.');
}

/**
 * Every editable field of an event, flat, as the outbox compares them, a lost create is looked
 * for by them and a form is based on them: `null` where the event does not carry the field (a
 * list item's visibility).
 */
export function flatFields(event: NestedEventFields): Record<EditableEventField, string | null> {
  const flat: Partial<Record<EditableEventField, string | null>> = {};
  for (const field of EDITABLE_EVENT_FIELDS) {
    flat[field] = isLocationField(field)
      ? event.location[fieldMember(field)]
      : (event[field] ?? null);
  }
  // The loop above set every field.
  return flat as Record<EditableEventField, string | null>;
}

/**
 * - `pending`: waiting to be sent.
 * - `sending`: handed to the service without a clear answer yet; it may have been applied, so it
 *   is checked on the service before it is ever sent again (also after a crash).
 * - `failed`: the service refused it for good (its message is kept); it no longer shows in the
 *   cache, and the input is kept to be fixed and sent again.
 * - `conflict`: someone else changed a field this edit changes; the organizer chooses.
 */
export const EDIT_STATES = ['pending', 'sending', 'failed', 'conflict'] as const;
export type EditState = (typeof EDIT_STATES)[number];

/** Refused for good, or in conflict: the edit waits on the organizer, not on the network. */
export function needsAttention(edit: { state: EditState }): boolean {
  return edit.state === 'failed' || edit.state === 'conflict';
}

/** What a key may do at a service: read, edit events, or delete them too. */
export const KEY_ROLES = ['viewer', 'organizer', 'admin'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export const editIdSchema = z.number().int().min(1);

/**
 * An event body from a form, checked only for being an object here: the outbox checks it with the
 * service's own rules and names every field that is wrong, as the service would. Passed through
 * untouched (a zod object or record would drop a `__proto__` member the service reports).
 */
const eventBodySchema = z.custom<Record<string, unknown>>(isPlainObject, 'must be an object');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/*
 * What an edit carries, typed for a form to fill itself from, and parsed without transforms:
 * the outbox checked it on the way in, and a payload is shown as it was typed (its dates in the
 * zone they were typed in), never as the service will store it.
 */
const createPayloadSchema = z.object({
  name: z.string(),
  season: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.object({
    venue: z.string().optional(),
    city: z.string(),
    state: z.string().optional(),
    country: z.string(),
  }),
  visibility: visibilitySchema.optional(),
});

const patchPayloadSchema = z.object({
  name: z.string().optional(),
  season: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  location: z
    .object({
      venue: z.string().nullable().optional(),
      city: z.string().optional(),
      state: z.string().nullable().optional(),
      country: z.string().optional(),
    })
    .optional(),
  visibility: visibilitySchema.optional(),
  streamStatus: streamStatusSchema.optional(),
});

/** What each field read: when the edit was made, or for a conflict on each side; null if unknown. */
const fieldValuesSchema = z.partialRecord(editableEventFieldSchema, z.string().nullable());

/** A strong or weak entity tag as HTTP writes it; it goes out in an `If-Match` header. */
const etagSchema = z
  .string()
  .max(1024)
  .regex(/^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/, 'must be an entity tag, like "abc"');

/**
 * What a form showed when it opened: each field as the service had it (as the service writes it,
 * `null` where the cache did not know it), and the service's validator of that state where it
 * gave one. The edit is based on it, so a field someone else changed while the form was open is
 * a conflict, not overwritten. A body larger than the service takes is no base anyone saw.
 */
export const editBaseSchema = z.strictObject({
  fields: z.partialRecord(editableEventFieldSchema, z.string().max(65_536).nullable()),
  etag: etagSchema.nullable(),
});
export type EditBase = z.infer<typeof editBaseSchema>;

export const editErrorSchema = z.object({
  /** From the one list of failures (`src/shared/failures.ts`): `forbidden`, `rejected`, `offline`, … */
  code: z.enum(FAILURE_CODES),
  /** What the person reads: the service's words, with advice where only they can act. */
  message: z.string(),
  /** The service's own code, where it sent one (`validation_failed`, `invalid_transition`, …). */
  serviceCode: z.string().optional(),
  status: z.number().int().optional(),
  details: z.array(errorDetailSchema).optional(),
  /** Given up without a clear answer (no refusal): `absent` looked for and not there, `unknown` may have arrived. */
  gaveUp: z.enum(['absent', 'unknown']).optional(),
});

export const editConflictSchema = z.object({
  /** Each field both sides changed; `mine` is null for a delete, which removes it all. */
  fields: z.partialRecord(
    editableEventFieldSchema,
    z.object({
      base: z.string().nullable(),
      theirs: z.string().nullable(),
      mine: z.string().nullable(),
    }),
  ),
  etag: z.string().nullable(),
});

const editCommon = {
  id: editIdSchema,
  /** A temporary `local…` code until the service names an event created here. */
  eventId: eventIdSchema,
  /** The event's name as the organizer knows it (the service's, before this edit); null if unknown. */
  eventName: z.string().nullable(),
  state: z.enum(EDIT_STATES),
  attempts: z.number().int().min(0),
  queuedAt: responseTimestampSchema,
  /** Why it failed, or last failed to go out. */
  error: editErrorSchema.nullable(),
  conflict: editConflictSchema.nullable(),
};

export const editSchema = z.discriminatedUnion('kind', [
  z.object({
    ...editCommon,
    kind: z.literal('create'),
    payload: createPayloadSchema,
    base: z.null(),
  }),
  z.object({
    ...editCommon,
    kind: z.literal('update'),
    /** The JSON merge patch as it was typed. */
    payload: patchPayloadSchema,
    /** What the fields it changes read when it was made. */
    base: fieldValuesSchema,
  }),
  z.object({
    ...editCommon,
    kind: z.literal('delete'),
    payload: z.null(),
    /** Every field as it read when the deletion was asked for. */
    base: fieldValuesSchema,
  }),
]);
export type EditView = z.infer<typeof editSchema>;

/** A command that may leave nothing to send: a deletion of an event that never left, a settled conflict. */
const editOrNothing = editSchema.nullable();

export const editListSchema = z.object({ data: z.array(editSchema), builtFrom: builtFromSchema });
export type EditList = z.infer<typeof editListSchema>;

/** One other service's edits not sent yet, oldest first, to be read only. */
export const editsElsewhereGroupSchema = z.object({
  /** The service's address, or `demo` for the demo's edits (see `DEMO_EDIT_SCOPE`). */
  service: z.string(),
  /** The name of the profile whose cache keeps them, when they are another profile's. */
  profile: z.string().optional(),
  edits: z.array(editSchema),
});
export type EditsElsewhereGroup = z.infer<typeof editsElsewhereGroupSchema>;

export const editsElsewhereSchema = z.object({
  groups: z.array(editsElsewhereGroupSchema),
  builtFrom: builtFromSchema,
});
export type EditsElsewhere = z.infer<typeof editsElsewhereSchema>;

const choiceSchema = z.enum(['mine', 'theirs']);

/** Every conflicting field one way, or field by field; a field not named keeps `mine`. */
export const resolutionSchema = z.union([
  choiceSchema,
  z.partialRecord(editableEventFieldSchema, choiceSchema),
]);

/** An undo window, in milliseconds: a minute at most. */
const holdMsSchema = z.number().int().min(1).max(60_000);

export const editCommands = {
  /** The current service's edits, oldest first, refused and conflicting ones included. */
  'edits:list': { input: noInput, output: editListSchema },
  /**
   * Every other service's edits not sent yet, by service: other addresses in this cache, and the
   * demo's while a service is shown (or the service's while the demo is). They go out, and can be
   * changed, only once that service is shown again; a switch never deletes them.
   */
  'edits:elsewhere': { input: noInput, output: editsElsewhereSchema },
  /** Queues a new event under a temporary code; the service names it when it gets it. */
  'events:create': { input: z.strictObject({ event: eventBodySchema }), output: editSchema },
  /**
   * Queues a JSON merge patch, checked against the event as the cache shows it now, and based on
   * what the form showed when it opened (`base`); without one, on the event as it reads now.
   */
  'events:update': {
    input: z.strictObject({
      eventId: eventIdSchema,
      patch: eventBodySchema,
      base: editBaseSchema.optional(),
      /** An undo window (ending a stream): on disk at once, sent no sooner; discard undoes it. */
      holdMs: holdMsSchema.optional(),
    }),
    output: editSchema,
  },
  /**
   * `null` when the event never left this machine: it is simply taken back. With `holdMs` (an
   * undo window) the deletion is on disk at once and sent no sooner; `edits:discard` undoes it.
   */
  'events:delete': {
    input: z.strictObject({
      eventId: eventIdSchema,
      holdMs: holdMsSchema.optional(),
    }),
    output: editOrNothing,
  },
  /**
   * The code to show for an event: the service's for a temporary code it has replaced, else the
   * same. A view opened on an old address follows the event with it.
   */
  'events:resolveCode': {
    input: z.strictObject({ eventId: eventIdSchema }),
    output: z.object({ eventId: eventIdSchema }),
  },
  /** Takes an edit back (a create with its event's later edits); not while it is being sent. */
  'edits:discard': {
    input: z.strictObject({ id: editIdSchema }),
    output: z.object({ discarded: editIdSchema }),
  },
  /** Ends a conflict; `null` when what is left matches the service and nothing needs sending. */
  'edits:resolve': {
    input: z.strictObject({ id: editIdSchema, take: resolutionSchema }),
    output: editOrNothing,
  },
  /**
   * Queues a refused edit again, with corrected input for a create or an update; a corrected
   * update is based on what its form showed when it opened (`base`), as `events:update` is.
   */
  'edits:resend': {
    input: z.strictObject({
      id: editIdSchema,
      payload: eventBodySchema.optional(),
      base: editBaseSchema.optional(),
    }),
    output: editOrNothing,
  },
  /**
   * Starts a sync, which sends the outbox first. `started: false` when a run is going: it sent
   * the outbox as it began, and edits queued since wait for the next one.
   */
  'edits:sendNow': { input: noInput, output: z.object({ started: z.boolean() }) },
  /**
   * What the key may do at the current service, as its answers have shown: organizer actions show
   * for organizer and admin, delete for admin. `null` until known; asking starts finding out, and
   * a `cache:changed` naming `outbox` tells when it is known.
   */
  'edits:role': {
    input: noInput,
    output: z.object({
      role: z.enum(KEY_ROLES).nullable(),
      learnedAt: responseTimestampSchema.nullable(),
      builtFrom: builtFromSchema,
    }),
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
