import { expect } from 'vitest';
import {
  clipRecordSchema,
  eventListItemSchema,
  eventRecordSchema,
  matchRecordSchema,
  teamListItemSchema,
  type ClipRecord,
  type EventRecord,
  type MatchRecord,
  type TeamListItem,
} from '../../../src/shared/wire';
import type { TestServer } from '../../harness/server';
import { Api, type Caller, expectSingle, listAll } from './http';
import { startReadTarget } from './target';

export const LIST_EVENT_KEYS = [
  'clipCount',
  'endDate',
  'id',
  'location',
  'name',
  'season',
  'startDate',
  'status',
  'streamStatus',
  'teamCount',
].sort();

export const SINGLE_EVENT_KEYS = [
  ...LIST_EVENT_KEYS,
  'createdAt',
  'updatedAt',
  'visibility',
].sort();

export const LOCATION_KEYS = ['city', 'country', 'state', 'venue'];

export const LIST_TEAM_KEYS = [
  'city',
  'clipCount',
  'country',
  'name',
  'number',
  'rookie',
  'school',
  'state',
  'website',
].sort();

export const SINGLE_TEAM_KEYS = [
  'location',
  'name',
  'number',
  'rookie',
  'school',
  'stats',
  'website',
].sort();

export const MATCH_KEYS = [
  'blue',
  'clipCount',
  'eventId',
  'id',
  'number',
  'playedAt',
  'red',
  'scheduledAt',
  'status',
  'type',
  'winner',
].sort();

export const CLIP_KEYS = [
  'durationSeconds',
  'eventId',
  'id',
  'matchId',
  'matchType',
  'recordedAt',
  'teamNumbers',
  'thumbnailUrl',
  'title',
  'url',
].sort();

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export const EVENT_ID = /^[a-z0-9]{5,40}$/;

let nameCounter = 0;

/** A name whose slug is unique within the test file, so ids stay predictable. */
export function uniqueName(prefix = 'Conf'): string {
  nameCounter += 1;
  return `${prefix} ${nameCounter}`;
}

export interface EventBody {
  name?: unknown;
  season?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  location?: unknown;
  visibility?: unknown;
  [field: string]: unknown;
}

/** A valid create body (an upcoming event of season 2026-2027), with overrides. */
export function eventBody(overrides: EventBody = {}): EventBody {
  return {
    name: uniqueName(),
    season: '2026-2027',
    startDate: '2027-03-14T09:00:00Z',
    endDate: '2027-03-16T18:00:00Z',
    location: { venue: 'Civic Arena', city: 'Springfield', state: 'IL', country: 'US' },
    ...overrides,
  };
}

/** Creates an event as an organizer (unless told otherwise) and returns the created record. */
export async function createEvent(
  api: Api,
  overrides: EventBody = {},
  as: Caller = 'organizer',
): Promise<EventRecord> {
  const reply = await api.post('/v1/events', eventBody(overrides), { as });
  return expectSingle(reply, eventRecordSchema, 201);
}

export async function getEvent(
  api: Api,
  id: string,
  as: Caller = 'organizer',
): Promise<EventRecord> {
  return expectSingle(await api.get(`/v1/events/${id}`, { as }), eventRecordSchema);
}

export async function eventTotal(api: Api, as: Caller = 'organizer'): Promise<number> {
  const reply = await api.get('/v1/events?perPage=1', { as });
  expect(reply.status).toBe(200);
  return (reply.body as { meta: { total: number } }).meta.total;
}

/** Everything the demo store holds, read through the API with an organizer key (which sees all). */
export interface DemoIndex {
  events: EventRecord[];
  teams: TeamListItem[];
  registrations: Map<string, number[]>;
  matches: MatchRecord[];
  clips: ClipRecord[];
}

export async function loadDemoIndex(api: Api): Promise<DemoIndex> {
  const as = 'organizer';
  const listed = await listAll(api, '/v1/events', eventListItemSchema, { as });
  const teams = await listAll(api, '/v1/teams', teamListItemSchema, { as });
  const perEvent = await Promise.all(
    listed.map(async (event) => {
      const base = `/v1/events/${event.id}`;
      const [record, eventTeams, matches, clips] = await Promise.all([
        getEvent(api, event.id),
        listAll(api, `${base}/teams`, teamListItemSchema, { as }),
        listAll(api, `${base}/matches`, matchRecordSchema, { as }),
        listAll(api, `${base}/clips`, clipRecordSchema, { as }),
      ]);
      return { record, teamNumbers: eventTeams.map((team) => team.number), matches, clips };
    }),
  );
  return {
    events: perEvent.map((entry) => entry.record),
    teams,
    registrations: new Map(perEvent.map((entry) => [entry.record.id, entry.teamNumbers])),
    matches: perEvent.flatMap((entry) => entry.matches),
    clips: perEvent.flatMap((entry) => entry.clips),
  };
}

/** A public demo event, readable by every caller, with teams and clips. */
export function publicEvent(demo: DemoIndex): EventRecord {
  const event = demo.events.find(
    (entry) => entry.visibility === 'public' && entry.teamCount > 0 && entry.clipCount > 0,
  );
  if (event === undefined)
    throw new Error('the demo data has no public event with teams and clips');
  return event;
}

export function isTeamInMatch(match: MatchRecord, team: number): boolean {
  return match.red.teams.includes(team) || match.blue.teams.includes(team);
}

/** Orders events the way every event list does: startDate, then id. */
export function compareEvents(
  a: { startDate: string; id: string },
  b: { startDate: string; id: string },
): number {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const TYPE_RANK = { qualification: 0, semifinal: 1, final: 2 } as const;

/** Orders matches the way every match list does: event startDate, event id, type, number. */
export function matchComparator(
  eventsById: Map<string, { startDate: string; id: string }>,
): (a: MatchRecord, b: MatchRecord) => number {
  return (a, b) => {
    const eventA = eventsById.get(a.eventId);
    const eventB = eventsById.get(b.eventId);
    if (eventA === undefined || eventB === undefined) throw new Error('match of unknown event');
    return (
      compareEvents(eventA, eventB) || TYPE_RANK[a.type] - TYPE_RANK[b.type] || a.number - b.number
    );
  };
}

export function isSortedBy<Item>(items: Item[], compare: (a: Item, b: Item) => number): boolean {
  return items.every((item, index) => index === 0 || compare(items[index - 1] as Item, item) <= 0);
}

export interface DemoService {
  server: TestServer;
  api: Api;
  demo: DemoIndex;
}

/** The demo-data service that the read-only files share, with its whole store indexed. */
export async function startDemoService(): Promise<DemoService> {
  const server = await startReadTarget({ data: 'demo' });
  const api = new Api(server);
  return { server, api, demo: await loadDemoIndex(api) };
}
