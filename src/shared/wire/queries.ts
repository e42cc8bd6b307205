import { z } from 'zod';
import { clipSortSchema, type ClipSort } from './clip';
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from './envelopes';
import { eventStatusSchema, type EventStatus } from './event';
import { isSeason, TEAM_NUMBER_MAX, TEAM_NUMBER_MIN } from './formats';
import { matchTypeSchema, type MatchType } from './match';

/*
 * Query parameters arrive as text (or, when repeated, as an array of texts, which is refused).
 * These schemas turn them into typed values with the service's rules; the client builds the same
 * names from the typed query objects below, so the two cannot disagree on a name or an enum.
 */

const positiveInteger = z
  .string()
  .regex(/^\d+$/, 'must be a positive integer')
  .transform(Number)
  .refine((value) => value >= 1, 'must be at least 1');

const pageParam = positiveInteger.optional().default(PAGE_DEFAULT);

/** Above the maximum is clamped, not refused: meta.perPage reports what was in effect. */
const perPageParam = positiveInteger
  .optional()
  .default(PER_PAGE_DEFAULT)
  .transform((value) => Math.min(value, PER_PAGE_MAX));

const seasonParam = z.string().refine(isSeason, 'must be <year>-<year+1>, e.g. 2025-2026');

const teamNumberParam = z
  .string()
  .regex(/^\d+$/, 'must be a team number')
  .transform(Number)
  .refine(
    (value) => value >= TEAM_NUMBER_MIN && value <= TEAM_NUMBER_MAX,
    `must be between ${TEAM_NUMBER_MIN} and ${TEAM_NUMBER_MAX}`,
  );

/**
 * The longest free text a list filter (`search`, `region`) takes, in UTF-16 code units: longer is
 * a 400 like any other parameter not valid, never cut. No field of the answer says what a list was
 * filtered by, so a cut would answer another question than the one asked, unseen (perPage is
 * clamped only because meta.perPage says so). The app's filter boxes stop at the same length.
 */
export const FILTER_TEXT_MAX = 200;

const filterTextParam = z
  .string()
  .max(FILTER_TEXT_MAX, `must be at most ${FILTER_TEXT_MAX} characters`);

const pagination = { page: pageParam, perPage: perPageParam };

export const eventListParamsSchema = z.object({
  ...pagination,
  season: seasonParam.optional(),
  status: eventStatusSchema.optional(),
  region: filterTextParam.optional(),
  search: filterTextParam.optional(),
});

export const teamListParamsSchema = z.object({
  ...pagination,
  season: seasonParam.optional(),
  region: filterTextParam.optional(),
  search: filterTextParam.optional(),
});

export const pageParamsSchema = z.object(pagination);

export const eventClipParamsSchema = z.object({
  ...pagination,
  matchType: matchTypeSchema.optional(),
  teamNumber: teamNumberParam.optional(),
});

export const teamEventParamsSchema = z.object({ ...pagination, season: seasonParam.optional() });

export const teamMatchParamsSchema = z.object({
  ...pagination,
  season: seasonParam.optional(),
  eventId: z.string().optional(),
});

export const teamClipParamsSchema = z.object({
  ...pagination,
  eventId: z.string().optional(),
  season: seasonParam.optional(),
  sort: clipSortSchema.optional().default('-date'),
});

/** `?season=` on stats is an extension: a bare server ignores it and answers the latest season. */
export const teamStatsParamsSchema = z.object({ season: seasonParam.optional() });

export interface Pagination {
  page?: number;
  perPage?: number;
}

export interface EventListQuery extends Pagination {
  season?: string;
  status?: EventStatus;
  region?: string;
  search?: string;
}

export interface TeamListQuery extends Pagination {
  season?: string;
  region?: string;
  search?: string;
}

export interface EventClipQuery extends Pagination {
  matchType?: MatchType;
  teamNumber?: number;
}

export interface TeamEventQuery extends Pagination {
  season?: string;
}

export interface TeamMatchQuery extends Pagination {
  season?: string;
  eventId?: string;
}

export interface TeamClipQuery extends Pagination {
  eventId?: string;
  season?: string;
  sort?: ClipSort;
}

/** Renders a typed query as URL parameters, leaving out what is unset. */
export function toSearchParams(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params;
}
