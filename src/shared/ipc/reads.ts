import { z } from 'zod';
import { clipRecordSchema, clipSortSchema, CLIP_SORT_DEFAULT } from '../wire/clip';
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../wire/envelopes';
import { eventListItemSchema, eventStatusSchema, visibilitySchema } from '../wire/event';
import {
  eventIdSchema,
  responseTimestampSchema,
  seasonSchema,
  teamNumberSchema,
} from '../wire/formats';
import { matchRecordSchema, matchTypeSchema } from '../wire/match';
import { teamSeasonStatsSchema } from '../wire/stats';
import { teamListItemSchema, teamRecordSchema } from '../wire/team';
import { builtFromSchema, cachedListSchema, cachedRecordSchema, freshnessSchema } from './cached';
import type { CommandSpec } from './command';
import { filterTextSchema } from './filter-text';

/*
 * The read side of the local cache. Inputs carry the service's query parameters as typed values
 * and follow its rules (page ≥ 1, perPage ≥ 1 and clamped to 100, season `<y>-<y+1>`, team number
 * 1–99999, the status and sort enums), so a view asks the cache exactly what it would ask the
 * service and gets the same answer, plus how fresh it is.
 */

const page = z.number().int().min(1).default(PAGE_DEFAULT);

/** Above the maximum is clamped, not refused, and meta.perPage says what was in effect. */
const perPage = z
  .number()
  .int()
  .min(1)
  .default(PER_PAGE_DEFAULT)
  .transform((value) => Math.min(value, PER_PAGE_MAX));

const pagination = { page, perPage };

/** Free-text filters are plain text to the service too; only the length is bounded here. */
const filterText = filterTextSchema;

/**
 * The service lists events by start date only (`date`, also what no sort means). `current` is
 * the cache's own order for a person opening the list: live, then upcoming (soonest first), then
 * past (latest first).
 */
export const EVENT_LIST_SORTS = ['current', 'date'] as const;
export const eventListSortSchema = z.enum(EVENT_LIST_SORTS);
export type EventListSort = z.output<typeof eventListSortSchema>;

/** A list whose every parameter is optional may be called with no input at all. */
export const eventListInputSchema = z
  .strictObject({
    ...pagination,
    season: seasonSchema.optional(),
    status: eventStatusSchema.optional(),
    region: filterText.optional(),
    search: filterText.optional(),
    sort: eventListSortSchema.optional(),
  })
  .prefault({});
export type EventListInput = z.output<typeof eventListInputSchema>;

export const eventInputSchema = z.strictObject({ eventId: eventIdSchema });

export const eventPageInputSchema = z.strictObject({ eventId: eventIdSchema, ...pagination });
export type EventPageInput = z.output<typeof eventPageInputSchema>;

export const eventClipsInputSchema = z.strictObject({
  eventId: eventIdSchema,
  ...pagination,
  matchType: matchTypeSchema.optional(),
  teamNumber: teamNumberSchema.optional(),
});
export type EventClipsInput = z.output<typeof eventClipsInputSchema>;

/**
 * The service lists teams by number only (`number`, also what no sort means). The others are the
 * cache's own, over the season's statistics it holds: `record` best win rate first, `rank` best
 * world rank first, teams without statistics last either way; `-` reverses.
 */
export const TEAM_LIST_SORTS = [
  'number',
  '-number',
  'name',
  '-name',
  'record',
  '-record',
  'rank',
  '-rank',
] as const;
export const teamListSortSchema = z.enum(TEAM_LIST_SORTS);
export type TeamListSort = z.output<typeof teamListSortSchema>;

export const teamListInputSchema = z
  .strictObject({
    ...pagination,
    season: seasonSchema.optional(),
    region: filterText.optional(),
    search: filterText.optional(),
    sort: teamListSortSchema.optional(),
    /** Only the teams marked favorite here. */
    favorites: z.boolean().optional(),
    /** Each item with its `record` of the season (the filter's, else the latest held). */
    records: z.boolean().optional(),
  })
  .prefault({});
export type TeamListInput = z.output<typeof teamListInputSchema>;

export const teamInputSchema = z.strictObject({ teamNumber: teamNumberSchema });

export const teamEventsInputSchema = z.strictObject({
  teamNumber: teamNumberSchema,
  ...pagination,
  season: seasonSchema.optional(),
});
export type TeamEventsInput = z.output<typeof teamEventsInputSchema>;

/** `eventId` filters like the service's: any text, an unknown one simply matches nothing. */
export const teamMatchesInputSchema = z.strictObject({
  teamNumber: teamNumberSchema,
  ...pagination,
  season: seasonSchema.optional(),
  eventId: filterText.optional(),
});
export type TeamMatchesInput = z.output<typeof teamMatchesInputSchema>;

export const teamClipsInputSchema = z.strictObject({
  teamNumber: teamNumberSchema,
  ...pagination,
  eventId: filterText.optional(),
  season: seasonSchema.optional(),
  sort: clipSortSchema.default(CLIP_SORT_DEFAULT),
});
export type TeamClipsInput = z.output<typeof teamClipsInputSchema>;

export const teamStatsInputSchema = z.strictObject({
  teamNumber: teamNumberSchema,
  season: seasonSchema.optional(),
});
export type TeamStatsInput = z.output<typeof teamStatsInputSchema>;

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

export const searchInputSchema = z.strictObject({
  text: filterTextSchema,
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchInput = z.output<typeof searchInputSchema>;

/**
 * A single event as the cache holds it: what the service's single record says, except that the
 * fields only the single record carries are `null` while only the list item was synced.
 */
export const cachedEventSchema = eventListItemSchema.extend({
  visibility: visibilitySchema.nullable(),
  createdAt: responseTimestampSchema.nullable(),
  updatedAt: responseTimestampSchema.nullable(),
});
export type CachedEvent = z.infer<typeof cachedEventSchema>;

/**
 * A single team: the list item's fields (flat location, clipCount) plus the single record's
 * counts, `null` until the single record was synced.
 */
export const cachedTeamSchema = teamListItemSchema.extend({
  stats: teamRecordSchema.shape.stats.nullable(),
});
export type CachedTeam = z.infer<typeof cachedTeamSchema>;

/**
 * How many teams each of the season's ranks is out of; null where the cache cannot tell (it
 * holds the statistics of only some of the ranked teams). See `RankTotalsQuery`.
 */
export const rankTotalsSchema = z.object({
  world: z.number().int().min(1).nullable(),
  regional: z.number().int().min(1).nullable(),
  state: z.number().int().min(1).nullable(),
});
export type RankTotals = z.infer<typeof rankTotalsSchema>;

/** One season's statistics (`null` when that season is not cached) and every season that is. */
export const cachedTeamStatsSchema = z.object({
  data: teamSeasonStatsSchema.nullable(),
  /** Out of how many the data's ranks are; all null with no data. */
  rankTotals: rankTotalsSchema,
  seasons: z.array(seasonSchema),
  freshness: freshnessSchema,
  builtFrom: builtFromSchema,
});
export type CachedTeamStats = z.infer<typeof cachedTeamStatsSchema>;

export const searchResultSchema = z.object({
  events: z.array(eventListItemSchema),
  teams: z.array(teamListItemSchema),
  builtFrom: builtFromSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const eventListAnswerSchema = cachedListSchema(eventListItemSchema);
/** A team's season as the Teams list shows it, from the statistics the cache holds. */
export const teamListRecordSchema = z.object({
  season: seasonSchema,
  matches: z.number().int().min(0),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  winRate: z.number(),
  worldRank: z.number().int().min(0),
});
export type TeamListRecord = z.infer<typeof teamListRecordSchema>;

export const teamListRowSchema = teamListItemSchema.extend({
  /** Asked with `records`: null where the cache holds no statistics of the season. */
  record: teamListRecordSchema.nullable().optional(),
});
export type TeamListRow = z.infer<typeof teamListRowSchema>;

export const teamListAnswerSchema = cachedListSchema(teamListRowSchema);
export const matchListAnswerSchema = cachedListSchema(matchRecordSchema);
export const clipListAnswerSchema = cachedListSchema(clipRecordSchema);
export const eventAnswerSchema = cachedRecordSchema(cachedEventSchema).extend({
  /**
   * The service's validator of the record `data` shows, where it gave one and no edit made here
   * stands on top of it: an edit form opened on this answer sends it back as its base.
   */
  etag: z.string().nullable(),
});
export const teamAnswerSchema = cachedRecordSchema(cachedTeamSchema);

export type EventListAnswer = z.infer<typeof eventListAnswerSchema>;
export type TeamListAnswer = z.infer<typeof teamListAnswerSchema>;
export type MatchListAnswer = z.infer<typeof matchListAnswerSchema>;
export type ClipListAnswer = z.infer<typeof clipListAnswerSchema>;
export type EventAnswer = z.infer<typeof eventAnswerSchema>;
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** Every read command: answered from the cache at once, never waiting on the network. */
export const readCommands = {
  'events:list': { input: eventListInputSchema, output: eventListAnswerSchema },
  'events:get': { input: eventInputSchema, output: eventAnswerSchema },
  'events:teams': { input: eventPageInputSchema, output: teamListAnswerSchema },
  'events:matches': { input: eventPageInputSchema, output: matchListAnswerSchema },
  'events:clips': { input: eventClipsInputSchema, output: clipListAnswerSchema },
  'teams:list': { input: teamListInputSchema, output: teamListAnswerSchema },
  'teams:get': { input: teamInputSchema, output: teamAnswerSchema },
  'teams:events': { input: teamEventsInputSchema, output: eventListAnswerSchema },
  'teams:matches': { input: teamMatchesInputSchema, output: matchListAnswerSchema },
  'teams:clips': { input: teamClipsInputSchema, output: clipListAnswerSchema },
  'teams:stats': { input: teamStatsInputSchema, output: cachedTeamStatsSchema },
  'search:query': { input: searchInputSchema, output: searchResultSchema },
} as const satisfies Record<`${string}:${string}`, CommandSpec>;
