import { z } from 'zod';
import { eventIdSchema, seasonSchema, teamNumberSchema } from '../wire/formats';
import { winnerSchema } from '../wire/match';
import { builtFromSchema } from './cached';
import type { CommandSpec } from './command';

/*
 * The analyst's bench: what Pitside computes from the cache alone, on a worker (src/main/analysis).
 * Answers come from the last computation; `basis` says what it was built from, so a view can say
 * "from 37 of 50 played matches, as of 14:02". A change notice naming `analysis` means a new
 * computation finished and answers may differ.
 */

/** What a result was computed from. `asOf` is when the computation ran (the app's clock). */
export const analysisBasisSchema = z.object({
  /** Played matches the result used. */
  played: z.number().int().min(0),
  /** Matches known (played and scheduled) in the same scope. */
  total: z.number().int().min(0),
  asOf: z.string(),
});
export type AnalysisBasis = z.infer<typeof analysisBasisSchema>;

/** OPR, DPR and CCWM of one team at one event. */
export const contributionSchema = z.object({
  opr: z.number(),
  dpr: z.number(),
  ccwm: z.number(),
  /** Played qualification matches they come from. */
  matches: z.number().int().min(0),
  /**
   * Steadied by the prior toward the event's mean: the system was rank-deficient or the team
   * played fewer than 3 matches. Otherwise the exact least-squares solution.
   */
  provisional: z.boolean(),
});
export type Contribution = z.infer<typeof contributionSchema>;

/** One row of an event's Rankings tab (and of `pitside stats`). */
export const eventTeamRowSchema = z.object({
  team: teamNumberSchema,
  rank: z.number().int().min(1),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  ties: z.number().int().min(0),
  rankingPoints: z.number().int().min(0),
  /** Over the team's played qualification matches; null before its first. */
  avgScore: z.number().nullable(),
  highScore: z.number().nullable(),
  contribution: contributionSchema.nullable(),
  /** The team's season Rating as it stands now; null when it never played this season. */
  rating: z.number().nullable(),
});
export type EventTeamRow = z.infer<typeof eventTeamRowSchema>;

/** A match's prediction from the Ratings as they stood before it was played. */
export const matchPredictionSchema = z.object({
  matchId: z.string(),
  redScore: z.number(),
  blueScore: z.number(),
  /** In [0, 1]; 0.5 when too early to call. */
  redWinProbability: z.number().min(0).max(1),
  /**
   * Too early to call: a team new to the data has played too few matches for its Rating to
   * mean much. No favourite is named, and a played one is neither right nor wrong.
   */
  tooEarly: z.boolean(),
  /**
   * For a played match: its winner, and whether the prediction picked it (a tie is never right;
   * an even or too-early prediction, which picked nobody, is null).
   */
  winner: winnerSchema.nullable(),
  right: z.boolean().nullable(),
});
export type MatchPrediction = z.infer<typeof matchPredictionSchema>;

/**
 * The side a prediction favours, or null when its chance rounds to an even 50%: the app shows
 * such a match as "Even", so it makes no call that could be right or wrong.
 */
export function favouredSide(redWinProbability: number): 'red' | 'blue' | null {
  const percent = Math.round(redWinProbability * 100);
  if (percent === 50) return null;
  return percent > 50 ? 'red' : 'blue';
}

export const predictionAccuracySchema = z.object({
  /** Played matches that had a prediction (the Brier score's count). */
  matches: z.number().int().min(0),
  /** Of those, the ones whose prediction named a favourite (`right` counts among these). */
  called: z.number().int().min(0),
  right: z.number().int().min(0),
  /** Mean of (p − outcome)², outcome 1 for red, 0 for blue, 0.5 for a tie. A coin flip scores 0.25. */
  brier: z.number().min(0).max(1),
});
export type PredictionAccuracy = z.infer<typeof predictionAccuracySchema>;

export const eventAnalysisSchema = z.object({
  eventId: eventIdSchema,
  season: seasonSchema,
  /** Played and known qualification matches: what the rankings and OPR are built from. */
  basis: analysisBasisSchema,
  /** Ranked; teams registered but without a played match rank last, by number. */
  teams: z.array(eventTeamRowSchema),
  /** Every match whose alliances are known, in schedule order. */
  predictions: z.array(matchPredictionSchema),
  accuracy: predictionAccuracySchema.nullable(),
});
export type EventAnalysis = z.infer<typeof eventAnalysisSchema>;

/** A team's next match, as its page and a favorite's line on the event page say it. */
export const nextMatchSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('scheduled'),
    matchId: z.string(),
    eventId: eventIdSchema,
    eventName: z.string(),
    /** "Q42", "SF2", "F1". */
    label: z.string(),
    alliance: z.enum(['red', 'blue']),
    partners: z.array(teamNumberSchema),
    opponents: z.array(teamNumberSchema),
    scheduledAt: z.string().nullable(),
    /** When it will really start: `scheduledAt` moved by the delay; null without a schedule. */
    expectedAt: z.string().nullable(),
    /** Minutes the event runs behind (negative: ahead), from its recent played matches; null when unknown. */
    delayMinutes: z.number().nullable(),
  }),
  /** Nothing scheduled for the team at a current or coming event. */
  z.object({ state: z.literal('none') }),
  /** The team's last event is over. */
  z.object({ state: z.literal('over'), eventId: eventIdSchema, eventName: z.string() }),
]);
export type NextMatch = z.infer<typeof nextMatchSchema>;

export const teamAnalysisSchema = z.object({
  team: teamNumberSchema,
  season: seasonSchema,
  rating: z
    .object({
      value: z.number(),
      rank: z.number().int().min(1),
      /** Teams rated this season. */
      of: z.number().int().min(1),
      matches: z.number().int().min(0),
    })
    .nullable(),
  /** OPR, DPR and CCWM at each of the team's events this season, newest event first. */
  events: z.array(z.object({ eventId: eventIdSchema, contribution: contributionSchema })),
  next: nextMatchSchema,
  basis: analysisBasisSchema,
});
export type TeamAnalysis = z.infer<typeof teamAnalysisSchema>;

export const seasonRatingSchema = z.object({
  team: teamNumberSchema,
  rating: z.number(),
  rank: z.number().int().min(1),
  matches: z.number().int().min(0),
  /** OPR at the team's latest event this season with played matches; null when none. */
  opr: z.number().nullable(),
});
export type SeasonRating = z.infer<typeof seasonRatingSchema>;

export const seasonAnalysisSchema = z.object({
  season: seasonSchema,
  /** Ranked by rating. */
  teams: z.array(seasonRatingSchema),
  basis: analysisBasisSchema,
});
export type SeasonAnalysis = z.infer<typeof seasonAnalysisSchema>;

export const WHAT_IF_RUNS = { default: 10_000, max: 100_000 } as const;

export const whatIfInputSchema = z.strictObject({
  eventId: eventIdSchema,
  /** Outcomes fixed by the analyst ("what if red wins Q42"). */
  fixed: z
    .array(z.strictObject({ matchId: z.string().min(1).max(80), winner: winnerSchema }))
    .max(500),
  runs: z.number().int().min(100).max(WHAT_IF_RUNS.max).default(WHAT_IF_RUNS.default),
  /** The same seed gives the same figures. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
});
export type WhatIfInput = z.output<typeof whatIfInputSchema>;

export const whatIfResultSchema = z.object({
  eventId: eventIdSchema,
  runs: z.number().int(),
  /** Qualification matches still to play (after the fixed ones). */
  remaining: z.number().int().min(0),
  /** By expected rank. */
  teams: z.array(
    z.object({
      team: teamNumberSchema,
      /** The rank now, from played matches (null before the team's first). */
      rankNow: z.number().int().min(1).nullable(),
      expectedRank: z.number(),
      /** Share of runs in which the team finished in the top 8. */
      top8: z.number().min(0).max(1),
    }),
  ),
  basis: analysisBasisSchema,
});
export type WhatIfResult = z.infer<typeof whatIfResultSchema>;

/** Every answer says what it was built from; `null` data while the first computation runs. */
function analysisAnswer<Data extends z.ZodType>(data: Data) {
  return z.object({ data: data.nullable(), builtFrom: builtFromSchema });
}

export const analysisCommands = {
  'analysis:event': {
    input: z.strictObject({ eventId: eventIdSchema }),
    output: analysisAnswer(eventAnalysisSchema),
  },
  'analysis:team': {
    input: z.strictObject({ teamNumber: teamNumberSchema, season: seasonSchema.optional() }),
    output: analysisAnswer(teamAnalysisSchema),
  },
  'analysis:season': {
    input: z.strictObject({ season: seasonSchema }),
    output: analysisAnswer(seasonAnalysisSchema),
  },
  'analysis:whatIf': { input: whatIfInputSchema, output: analysisAnswer(whatIfResultSchema) },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
