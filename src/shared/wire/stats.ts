import { z } from 'zod';
import { seasonSchema } from './formats';

export const rankingsSchema = z.object({
  regional: z.number().int().min(0),
  state: z.number().int().min(0),
  world: z.number().int().min(0),
});
export type Rankings = z.infer<typeof rankingsSchema>;

export const teamSeasonStatsSchema = z.object({
  season: seasonSchema,
  events: z.number().int().min(0),
  matches: z.number().int().min(0),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  winRate: z.number().min(0).max(1),
  avgScore: z.number().min(0),
  highScore: z.number().min(0),
  rankings: rankingsSchema,
});
export type TeamSeasonStats = z.infer<typeof teamSeasonStatsSchema>;
