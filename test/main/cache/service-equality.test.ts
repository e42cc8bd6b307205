import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../../src/main/api/client';
import { ApiError } from '../../../src/main/api/errors';
import type { ApiResponse } from '../../../src/main/api/request';
import type { KeyRole } from '../../../src/shared/ipc/edits';
import { CLIP_SORTS } from '../../../src/shared/wire/clip';
import type { EventListItem } from '../../../src/shared/wire/event';
import type {
  EventListQuery,
  TeamClipQuery,
  TeamEventQuery,
  TeamListQuery,
  TeamMatchQuery,
} from '../../../src/shared/wire/queries';
import { startTestServer, type TestServer } from '../../harness/server';
import { syncedCache, type SyncedCache } from './synced-cache';

/*
 * The strongest check of the read side: a cache filled by the real sync engine from the real
 * reference service must answer every list query exactly as the service does (data and meta), for
 * a viewer key (which does not see unlisted and private events in lists) and for an organizer key
 * (which sees everything). `all` scope derives team parts from the event tables; `default` scope
 * does not hold every event in full, so the same team parts come from fetched copies.
 */

let service: TestServer;

beforeAll(async () => {
  service = await startTestServer({ data: 'demo' });
});
afterAll(async () => {
  await service.close();
});

function clientOf(role: KeyRole): ApiClient {
  return createApiClient({
    baseUrl: service.url,
    fetch: (url, init) => fetch(url, init),
    apiKey: () => Promise.resolve(service.keys[role]),
  });
}

/** The service's answer, or `not_found`. */
async function remote<Value>(call: Promise<ApiResponse<Value>>): Promise<Value | 'not_found'> {
  try {
    const response = await call;
    if (response.value === undefined) throw new Error('the service answered without a body');
    return response.value;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return 'not_found';
    throw error;
  }
}

async function everyPage<Item>(
  read: (page: number) => Promise<ApiResponse<{ data: Item[]; meta: { total: number } }>>,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await read(page)).value;
    items.push(...(answer?.data ?? []));
    if (answer === undefined || items.length >= answer.meta.total || answer.data.length === 0) {
      return items;
    }
  }
}

/** Events and teams to look at closely, chosen from what the organizer sees. */
interface Sample {
  seasons: string[];
  /** Every tenth event, the live ones, and every event a viewer does not see in lists. */
  events: string[];
  /** Teams at hidden events and a spread over the team list, each with its events' ids. */
  teams: { number: number; eventIds: string[] }[];
  /** Events a viewer's lists do not show (unlisted and private), with their seasons. */
  hidden: Map<string, string>;
}

async function sampleOf(): Promise<Sample> {
  const organizer = clientOf('organizer');
  const viewer = clientOf('viewer');
  const all = await everyPage((page) => organizer.listEvents({ page, perPage: 100 }));
  const shown = new Set(
    (await everyPage((page) => viewer.listEvents({ page, perPage: 100 }))).map((item) => item.id),
  );
  const hidden = all.filter((item) => !shown.has(item.id)).map((item) => item.id);
  const picked = (item: EventListItem, index: number) => index % 10 === 0 || item.status === 'live';
  const teamNumbers = new Set<number>();
  for (const eventId of hidden) {
    const teams = (await organizer.eventTeams(eventId, { perPage: 2 })).value?.data ?? [];
    for (const team of teams) teamNumbers.add(team.number);
  }
  const allTeams = await everyPage((page) => organizer.listTeams({ page, perPage: 100 }));
  allTeams.filter((_, index) => index % 75 === 0).forEach((team) => teamNumbers.add(team.number));
  const teams = [];
  for (const number of teamNumbers) {
    const events = await everyPage((page) => organizer.teamEvents(number, { page, perPage: 100 }));
    teams.push({ number, eventIds: events.map((item) => item.id) });
  }
  return {
    seasons: [...new Set(all.map((item) => item.season))].sort(),
    events: [...all.filter(picked).map((item) => item.id), ...hidden],
    teams,
    hidden: new Map(
      all.filter((item) => !shown.has(item.id)).map((item) => [item.id, item.season]),
    ),
  };
}

/** Collects every difference, so one failing run shows them all. */
class Comparison {
  readonly mismatches: string[] = [];
  compared = 0;
  nonEmpty = 0;

  /** `local` is the cached answer (with freshness) or `not_found`; `remote` the service's. */
  list(
    label: string,
    local: { data: unknown[]; meta: unknown; freshness: { complete: boolean } } | 'not_found',
    remote: { data: unknown[]; meta: unknown } | 'not_found',
  ): void {
    this.compared += 1;
    if (remote !== 'not_found' && remote.data.length > 0) this.nonEmpty += 1;
    if (local !== 'not_found' && !local.freshness.complete) {
      this.mismatches.push(`${label}: the cached answer is not complete`);
    }
    const held = local === 'not_found' ? local : { data: local.data, meta: local.meta };
    // The service's envelope only: the client's note of records it could not read is its own.
    const sent = remote === 'not_found' ? remote : { data: remote.data, meta: remote.meta };
    this.same(label, held, sent);
  }

  same(label: string, local: unknown, remote: unknown): void {
    this.compared += 1;
    if (!isDeepStrictEqual(local, remote)) {
      this.mismatches.push(`${label}:\n  local   ${brief(local)}\n  service ${brief(remote)}`);
    }
  }
}

function brief(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** `someId` is searched in capitals too: the service lowercases the text it matches ids with. */
function eventListQueries(seasons: string[], someId: string): EventListQuery[] {
  return [
    { search: someId.slice(0, 9) },
    { search: someId.slice(0, 9).toUpperCase() },
    { search: someId.slice(4).toUpperCase() },
    {},
    { perPage: 100 },
    { page: 2, perPage: 10 },
    { page: 3 },
    { page: 99 },
    { perPage: 1000 },
    ...seasons.map((season) => ({ season })),
    { season: '2030-2031' },
    { status: 'upcoming' },
    { status: 'live' },
    { status: 'past' },
    { region: 'CA' },
    { region: 'us' },
    { region: 'ca' },
    { region: 'ON' },
    { region: 'tx' },
    { region: 'GB' },
    { region: 'C' },
    { region: '' },
    { search: 'an' },
    { search: 'AN' },
    { search: 'regional' },
    { search: 'Open' },
    { search: '2026' },
    { search: '2025s' },
    { search: 'é' },
    { search: '%' },
    { search: 'zzzz' },
    { season: seasons.at(-1), status: 'past' },
    { season: seasons.at(-1), status: 'upcoming', perPage: 3, page: 2 },
    { region: 'us', search: 'a', status: 'past', perPage: 5, page: 2 },
  ];
}

function teamListQueries(seasons: string[]): TeamListQuery[] {
  return [
    {},
    { page: 3, perPage: 50 },
    { page: 6, perPage: 100 },
    { page: 1000 },
    { perPage: 500 },
    ...seasons.map((season) => ({ season })),
    ...seasons.map((season) => ({ season, page: 2, perPage: 40 })),
    { region: 'CA' },
    { region: 'us' },
    { region: 'tx' },
    { region: 'On' },
    { region: 'X' },
    { search: 'robot' },
    { search: 'ROBO' },
    { search: 'the' },
    { search: 'é' },
    { search: '%' },
    { search: '1' },
    { search: '25' },
    { search: '254' },
    { search: '999' },
    { search: '0' },
    { season: seasons.at(-1), region: 'us', search: 'ro', perPage: 10, page: 2 },
  ];
}

function teamEventQueries(seasons: string[]): TeamEventQuery[] {
  return [
    {},
    { perPage: 2 },
    { page: 2, perPage: 2 },
    { page: 50 },
    ...seasons.map((season) => ({ season })),
  ];
}

function teamMatchQueries(seasons: string[], eventIds: string[]): TeamMatchQuery[] {
  return [
    {},
    { page: 2, perPage: 10 },
    { perPage: 1000 },
    ...seasons.map((season) => ({ season })),
    ...eventIds.map((eventId) => ({ eventId })),
    { eventId: '2099nowhere' },
    { season: seasons[0], eventId: eventIds[0] },
  ];
}

function teamClipQueries(seasons: string[], eventIds: string[]): TeamClipQuery[] {
  return [
    {},
    ...CLIP_SORTS.map((sort) => ({ sort })),
    { sort: 'duration', page: 2, perPage: 3 },
    { sort: '-duration', perPage: 1 },
    ...seasons.map((season) => ({ season, sort: 'date' as const })),
    ...eventIds.map((eventId) => ({ eventId })),
  ];
}

describe.each<KeyRole>(['viewer', 'organizer'])('a cache synced with a %s key', (role) => {
  let full: SyncedCache;
  let partial: SyncedCache;
  let api: ApiClient;
  let sample: Sample;

  beforeAll(async () => {
    const key = service.keys[role];
    [full, partial, sample] = await Promise.all([
      syncedCache(service.url, key, 'all'),
      syncedCache(service.url, key, 'default'),
      sampleOf(),
    ]);
    api = clientOf(role);
  });
  afterAll(async () => {
    await full?.close();
    await partial?.close();
  });

  it('was synced without a problem', () => {
    expect(full.summary).toMatchObject({ outcome: 'completed', problem: null });
    expect(partial.summary).toMatchObject({ outcome: 'completed', problem: null });
    expect(sample.events.length).toBeGreaterThan(5);
    expect(sample.teams.length).toBeGreaterThan(5);
  });

  it('lists events like the service', async () => {
    const comparison = new Comparison();
    for (const query of eventListQueries(sample.seasons, sample.events[1] ?? '')) {
      comparison.list(
        `events ${JSON.stringify(query)}`,
        await full.reads.ask('events:list', query),
        await remote(api.listEvents(query)),
      );
    }
    expect(comparison.mismatches).toEqual([]);
    expect(comparison.nonEmpty).toBeGreaterThan(25);
  });

  it('lists teams like the service', async () => {
    const comparison = new Comparison();
    for (const query of teamListQueries(sample.seasons)) {
      comparison.list(
        `teams ${JSON.stringify(query)}`,
        await full.reads.ask('teams:list', query),
        await remote(api.listTeams(query)),
      );
    }
    expect(comparison.mismatches).toEqual([]);
    expect(comparison.nonEmpty).toBeGreaterThan(20);
  });

  it('reads single events like the service, hidden ones included', async () => {
    const comparison = new Comparison();
    let missing = 0;
    for (const eventId of sample.events) {
      const local = await full.settled('events:get', { eventId });
      const answer = await remote(api.getEvent(eventId));
      if (answer === 'not_found') missing += 1;
      comparison.same(
        `event ${eventId}`,
        local === 'not_found' ? local : local.data,
        answer === 'not_found' ? answer : answer.data,
      );
      if (local !== 'not_found') expect(local.freshness.complete).toBe(true);
    }
    expect(comparison.mismatches).toEqual([]);
    // A viewer is refused private events; an organizer reads them all.
    if (role === 'viewer') expect(missing).toBeGreaterThan(0);
    else expect(missing).toBe(0);
  });

  it('lists the teams, matches and clips of events like the service', async () => {
    const comparison = new Comparison();
    const pages = [{}, { page: 2, perPage: 10 }, { perPage: 1000 }, { page: 40 }];
    for (const eventId of sample.events) {
      for (const page of pages) {
        comparison.list(
          `event ${eventId} teams ${JSON.stringify(page)}`,
          await full.settled('events:teams', { eventId, ...page }),
          await remote(api.eventTeams(eventId, page)),
        );
        comparison.list(
          `event ${eventId} matches ${JSON.stringify(page)}`,
          await full.settled('events:matches', { eventId, ...page }),
          await remote(api.eventMatches(eventId, page)),
        );
      }
      const firstTeam =
        (await full.reads.failure('events:teams', { eventId })) === null
          ? (await full.reads.ask('events:teams', { eventId })).data[0]?.number
          : undefined;
      const clipQueries = [
        {},
        { page: 2, perPage: 5 },
        { matchType: 'qualification' as const },
        { matchType: 'final' as const },
        ...(firstTeam === undefined
          ? []
          : [
              { teamNumber: firstTeam },
              { teamNumber: firstTeam, matchType: 'qualification' as const },
            ]),
      ];
      for (const query of clipQueries) {
        comparison.list(
          `event ${eventId} clips ${JSON.stringify(query)}`,
          await full.settled('events:clips', { eventId, ...query }),
          await remote(api.eventClips(eventId, query)),
        );
      }
    }
    expect(comparison.mismatches).toEqual([]);
    expect(comparison.nonEmpty).toBeGreaterThan(sample.events.length * 3);
  });

  it('reads single teams like the service', async () => {
    const comparison = new Comparison();
    for (const { number } of sample.teams) {
      const local = await full.settled('teams:get', { teamNumber: number });
      const answer = await remote(api.getTeam(number));
      // The cache answers the list item's flat location; the service's record nests it.
      const asRecord =
        local === 'not_found'
          ? local
          : {
              number: local.data.number,
              name: local.data.name,
              school: local.data.school,
              location: {
                city: local.data.city,
                state: local.data.state,
                country: local.data.country,
              },
              rookie: local.data.rookie,
              website: local.data.website,
              stats: local.data.stats,
            };
      comparison.same(`team ${number}`, asRecord, answer === 'not_found' ? answer : answer.data);
    }
    expect(comparison.mismatches).toEqual([]);
  });

  it.each<['derived from a full sync' | 'fetched for a partial sync']>([
    ['derived from a full sync'],
    ['fetched for a partial sync'],
  ])('lists a team’s events, matches and clips like the service, %s', async (how) => {
    const synced = how === 'derived from a full sync' ? full : partial;
    const comparison = new Comparison();
    for (const { number, eventIds } of sample.teams) {
      const teamNumber = number;
      for (const query of teamEventQueries(sample.seasons)) {
        comparison.list(
          `team ${number} events ${JSON.stringify(query)}`,
          await synced.settled('teams:events', { teamNumber, ...query }),
          await remote(api.teamEvents(number, query)),
        );
      }
      for (const query of teamMatchQueries(sample.seasons, eventIds)) {
        comparison.list(
          `team ${number} matches ${JSON.stringify(query)}`,
          await synced.settled('teams:matches', { teamNumber, ...query }),
          await remote(api.teamMatches(number, query)),
        );
      }
      for (const query of teamClipQueries(sample.seasons, eventIds)) {
        comparison.list(
          `team ${number} clips ${JSON.stringify(query)}`,
          await synced.settled('teams:clips', { teamNumber, ...query }),
          await remote(api.teamClips(number, query)),
        );
      }
    }
    expect(comparison.mismatches).toEqual([]);
    expect(comparison.nonEmpty).toBeGreaterThan(sample.teams.length * 5);
    const fetchedCopies = synced.cache.reader
      .prepare<[], number>(`SELECT count(DISTINCT resource) FROM fetched_records`)
      .pluck()
      .get();
    // The two paths really are different: only the partial sync needs the service's copies.
    if (synced === full) expect(fetchedCopies).toBe(0);
    else expect(fetchedCopies).toBeGreaterThan(sample.teams.length);
  });

  it('reads team statistics like the service, every season held', async () => {
    const comparison = new Comparison();
    const unknowable: string[] = [];
    for (const { number, eventIds } of sample.teams) {
      const latest = await full.settled('teams:stats', { teamNumber: number });
      if (latest === 'not_found') throw new Error(`team ${number} has no statistics`);
      const answer = await remote(api.teamStats(number));
      if (answer === 'not_found') throw new Error(`the service has no statistics of ${number}`);
      /*
       * Without `season` the service answers the season of the team's latest event, unlisted ones
       * included. When that event is one a viewer's lists never show, the cache has no way to
       * know that season: the default falls back to the latest season it holds.
       */
      const hiddenSeason = eventIds.some((id) => sample.hidden.get(id) === answer.data.season);
      if (role === 'viewer' && hiddenSeason && !latest.seasons.includes(answer.data.season)) {
        unknowable.push(`${number} ${answer.data.season}`);
      } else {
        comparison.same(`team ${number} stats`, latest.data, answer.data);
      }
      for (const season of latest.seasons) {
        const local = await full.settled('teams:stats', { teamNumber: number, season });
        const seasonAnswer = await remote(api.teamStats(number, season));
        comparison.same(
          `team ${number} stats ${season}`,
          local === 'not_found' ? local : local.data,
          seasonAnswer === 'not_found' ? seasonAnswer : seasonAnswer.data,
        );
      }
    }
    expect(comparison.mismatches).toEqual([]);
    expect(comparison.compared).toBeGreaterThan(sample.teams.length);
    if (role === 'organizer') expect(unknowable).toEqual([]);
  });
});
