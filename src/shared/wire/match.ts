import { z } from 'zod';
import { eventIdSchema, responseTimestampSchema, teamNumberSchema } from './formats';

export const MATCH_TYPES = ['qualification', 'semifinal', 'final'] as const;
export const matchTypeSchema = z.enum(MATCH_TYPES);
export type MatchType = z.infer<typeof matchTypeSchema>;

/** The id infix of each match type: `2026springfield-q12`, `-sf2`, `-f1`. */
export const MATCH_ID_INFIX: Readonly<Record<MatchType, string>> = {
  qualification: 'q',
  semifinal: 'sf',
  final: 'f',
};

export function matchId(eventId: string, type: MatchType, number: number): string {
  return `${eventId}-${MATCH_ID_INFIX[type]}${number}`;
}

export const MATCH_STATUSES = ['scheduled', 'played'] as const;
export const matchStatusSchema = z.enum(MATCH_STATUSES);

export const WINNERS = ['red', 'blue', 'tie'] as const;
export const winnerSchema = z.enum(WINNERS);
export type Winner = z.infer<typeof winnerSchema>;

export const allianceSchema = z.object({
  teams: z.array(teamNumberSchema).min(2).max(3),
  score: z.number().int().min(0).nullable(),
});
export type Alliance = z.infer<typeof allianceSchema>;

export const matchRecordSchema = z.object({
  id: z.string().min(1),
  eventId: eventIdSchema,
  type: matchTypeSchema,
  number: z.number().int().min(1),
  status: matchStatusSchema,
  scheduledAt: responseTimestampSchema.nullable(),
  playedAt: responseTimestampSchema.nullable(),
  red: allianceSchema,
  blue: allianceSchema,
  winner: winnerSchema.nullable(),
  clipCount: z.number().int().min(0),
});
export type MatchRecord = z.infer<typeof matchRecordSchema>;

/** The winner follows the scores: the higher wins, equal scores tie, no scores no winner. */
export function winnerOf(redScore: number | null, blueScore: number | null): Winner | null {
  if (redScore === null || blueScore === null) return null;
  if (redScore === blueScore) return 'tie';
  return redScore > blueScore ? 'red' : 'blue';
}
