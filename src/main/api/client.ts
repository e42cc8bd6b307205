import type { z } from 'zod';
import { clipRecordSchema } from '../../shared/wire/clip';
import { singleEnvelopeSchema } from '../../shared/wire/envelopes';
import {
  eventListItemSchema,
  eventRecordSchema,
  type EventCreateInput,
  type EventPatchInput,
} from '../../shared/wire/event';
import { matchRecordSchema } from '../../shared/wire/match';
import { readableListSchema } from '../../shared/wire/readable-list';
import {
  toSearchParams,
  type EventClipQuery,
  type EventListQuery,
  type Pagination,
  type TeamClipQuery,
  type TeamEventQuery,
  type TeamListQuery,
  type TeamMatchQuery,
} from '../../shared/wire/queries';
import { teamSeasonStatsSchema } from '../../shared/wire/stats';
import { teamListItemSchema, teamRecordSchema } from '../../shared/wire/team';
import { createTransport, type TransportOptions } from './request';

const schemas = {
  eventList: readableListSchema(eventListItemSchema),
  event: singleEnvelopeSchema(eventRecordSchema),
  teamList: readableListSchema(teamListItemSchema),
  team: singleEnvelopeSchema(teamRecordSchema),
  matchList: readableListSchema(matchRecordSchema),
  clipList: readableListSchema(clipRecordSchema),
  stats: singleEnvelopeSchema(teamSeasonStatsSchema),
};

/** Per-request options of a read: a validator for a conditional GET, and cancellation. */
export interface ReadOptions {
  /** The ETag of the copy we hold; a 304 then answers with `value: undefined`. */
  ifNoneMatch?: string | null;
  signal?: AbortSignal;
}

export interface WriteOptions {
  /** Only sent where the caller knows the server supports it: harmless where it does not. */
  idempotencyKey?: string;
  ifMatch?: string;
  signal?: AbortSignal;
  /** Not sent after this time (epoch ms); see `RequestSpec.notAfter`. */
  sendBy?: number;
}

export function withQuery(path: string, query: object = {}): string {
  const params = toSearchParams(query).toString();
  return params === '' ? path : `${path}?${params}`;
}

function segment(id: string | number): string {
  return encodeURIComponent(String(id));
}

function readHeaders(options: ReadOptions = {}): Record<string, string> {
  return options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {};
}

function writeHeaders(options: WriteOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
  return headers;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The service's interface as typed calls; every answer is parsed with the shared wire schemas. */
export function createApiClient(options: TransportOptions) {
  const send = createTransport(options);

  function get<Schema extends z.ZodType>(schema: Schema, path: string, read?: ReadOptions) {
    return send({
      method: 'GET',
      path,
      schema,
      headers: readHeaders(read),
      signal: read?.signal,
    });
  }

  return {
    listEvents: (query?: EventListQuery, read?: ReadOptions) =>
      get(schemas.eventList, withQuery('/v1/events', query), read),
    getEvent: (eventId: string, read?: ReadOptions) =>
      get(schemas.event, `/v1/events/${segment(eventId)}`, read),
    eventTeams: (eventId: string, query?: Pagination, read?: ReadOptions) =>
      get(schemas.teamList, withQuery(`/v1/events/${segment(eventId)}/teams`, query), read),
    eventMatches: (eventId: string, query?: Pagination, read?: ReadOptions) =>
      get(schemas.matchList, withQuery(`/v1/events/${segment(eventId)}/matches`, query), read),
    eventClips: (eventId: string, query?: EventClipQuery, read?: ReadOptions) =>
      get(schemas.clipList, withQuery(`/v1/events/${segment(eventId)}/clips`, query), read),
    listTeams: (query?: TeamListQuery, read?: ReadOptions) =>
      get(schemas.teamList, withQuery('/v1/teams', query), read),
    getTeam: (teamNumber: number, read?: ReadOptions) =>
      get(schemas.team, `/v1/teams/${segment(teamNumber)}`, read),
    teamEvents: (teamNumber: number, query?: TeamEventQuery, read?: ReadOptions) =>
      get(schemas.eventList, withQuery(`/v1/teams/${segment(teamNumber)}/events`, query), read),
    teamMatches: (teamNumber: number, query?: TeamMatchQuery, read?: ReadOptions) =>
      get(schemas.matchList, withQuery(`/v1/teams/${segment(teamNumber)}/matches`, query), read),
    teamClips: (teamNumber: number, query?: TeamClipQuery, read?: ReadOptions) =>
      get(schemas.clipList, withQuery(`/v1/teams/${segment(teamNumber)}/clips`, query), read),
    teamStats: (teamNumber: number, season?: string, read?: ReadOptions) =>
      get(schemas.stats, withQuery(`/v1/teams/${segment(teamNumber)}/stats`, { season }), read),

    createEvent: (input: EventCreateInput, write?: WriteOptions) =>
      send({
        method: 'POST',
        path: '/v1/events',
        schema: schemas.event,
        body: input,
        headers: writeHeaders(write),
        signal: write?.signal,
      }),
    updateEvent: (eventId: string, patch: EventPatchInput, write?: WriteOptions) =>
      send({
        method: 'PATCH',
        path: `/v1/events/${segment(eventId)}`,
        schema: schemas.event,
        body: patch,
        headers: writeHeaders(write),
        signal: write?.signal,
        notAfter: write?.sendBy,
      }),
    deleteEvent: (eventId: string, write?: WriteOptions) =>
      send({
        method: 'DELETE',
        path: `/v1/events/${segment(eventId)}`,
        schema: null,
        headers: writeHeaders(write),
        signal: write?.signal,
        notAfter: write?.sendBy,
      }),
  };
}
