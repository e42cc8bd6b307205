import { z } from 'zod';
import { eventIdSchema, TEAM_NUMBER_MAX, TEAM_NUMBER_MIN, teamNumberSchema } from '../wire/formats';
import { builtFromSchema } from './cached';
import type { CommandSpec } from './command';

/*
 * Pick lists and team notes: the person's own, kept in this computer's cache (never sent to the
 * service), and kept through "Clear cache" like favorites.
 */

export const PICK_LIST_NAME_MAX = 60;
export const NOTE_MAX = 2000;
/** A pick list holds at most this many teams: more than any event has. */
export const PICK_LIST_TEAMS_MAX = 200;

/** Control characters would end up in a CSV cell or a tab label; a note may keep its lines. */
function hasControl(text: string, allowLines: boolean): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (allowLines && (char === '\n' || char === '\r' || char === '\t')) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export const pickListNameSchema = z
  .string()
  .trim()
  .min(1, 'A pick list needs a name.')
  .max(PICK_LIST_NAME_MAX, `A pick list’s name has at most ${PICK_LIST_NAME_MAX} characters.`)
  .refine((name) => !hasControl(name, false), 'A pick list’s name is one line of plain text.');

export const noteSchema = z
  .string()
  .max(NOTE_MAX, `A note has at most ${NOTE_MAX} characters.`)
  .refine((note) => !hasControl(note, true), 'A note is plain text.');

export const pickListIdSchema = z
  .number()
  .int('A pick list is named by a whole number.')
  .min(1, 'A pick list is named by a whole number from 1.');

/** A team as a person types it, refused in words: the shared schema's words are zod's. */
const teamSchema = z
  .number()
  .int('A team number is a whole number.')
  .min(TEAM_NUMBER_MIN, `A team number is ${TEAM_NUMBER_MIN} to ${TEAM_NUMBER_MAX}.`)
  .max(TEAM_NUMBER_MAX, `A team number is ${TEAM_NUMBER_MIN} to ${TEAM_NUMBER_MAX}.`);

export const pickEntrySchema = z.object({
  teamNumber: teamNumberSchema,
  note: z.string(),
  /** Crossed off: another alliance picked the team. */
  picked: z.boolean(),
});
export type PickEntry = z.infer<typeof pickEntrySchema>;

export const pickListSchema = z.object({
  id: pickListIdSchema,
  eventId: eventIdSchema,
  name: z.string(),
  /** In the order the person ranked them. */
  entries: z.array(pickEntrySchema),
  /** When a change last touched the list (local time): quick open adds to the newest. */
  usedAt: z.string(),
});
export type PickList = z.infer<typeof pickListSchema>;

export const pickListsAnswerSchema = z.object({
  /** An event's lists in the order they were made; every list, newest use first, without one. */
  data: z.array(pickListSchema),
  builtFrom: builtFromSchema,
});
export type PickListsAnswer = z.infer<typeof pickListsAnswerSchema>;

export const teamNoteSchema = z.object({
  teamNumber: teamNumberSchema,
  note: z.string(),
  /** `null` for a team with no note. */
  updatedAt: z.string().nullable(),
  builtFrom: builtFromSchema,
});
export type TeamNote = z.infer<typeof teamNoteSchema>;

const entryKey = { listId: pickListIdSchema, teamNumber: teamSchema };
const done = z.object({});

export const pickListCommands = {
  'picklists:list': {
    input: z.strictObject({ eventId: eventIdSchema.optional() }),
    output: pickListsAnswerSchema,
  },
  'picklists:create': {
    input: z.strictObject({ eventId: eventIdSchema, name: pickListNameSchema }),
    output: z.object({ id: pickListIdSchema }),
  },
  'picklists:rename': {
    input: z.strictObject({ listId: pickListIdSchema, name: pickListNameSchema }),
    output: done,
  },
  'picklists:delete': { input: z.strictObject({ listId: pickListIdSchema }), output: done },
  /** Adds a team at the end of the list. */
  'picklists:add': { input: z.strictObject(entryKey), output: done },
  'picklists:remove': { input: z.strictObject(entryKey), output: done },
  /** Moves a team to `to` (0 is the top); past the end means the bottom. */
  'picklists:move': {
    input: z.strictObject({
      ...entryKey,
      to: z.number().int('A place is a whole number.').min(0, 'The top place is 0.'),
    }),
    output: done,
  },
  /** Crosses a team off (or back on), or sets its note on this list. */
  'picklists:setEntry': {
    input: z.strictObject({
      ...entryKey,
      picked: z.boolean().optional(),
      note: noteSchema.optional(),
    }),
    output: done,
  },
  'notes:get': { input: z.strictObject({ teamNumber: teamSchema }), output: teamNoteSchema },
  /** An empty note removes the team's note. */
  'notes:set': {
    input: z.strictObject({ teamNumber: teamSchema, note: noteSchema }),
    output: teamNoteSchema,
  },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
