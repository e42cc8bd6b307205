import type { ResourceKey } from '../src/shared/ipc/resources';
import { EventPartQueries } from '../src/main/cache/queries/event-parts';
import { EventQueries } from '../src/main/cache/queries/events';
import { FreshnessReader } from '../src/main/cache/queries/freshness';
import { QuickSearch } from '../src/main/cache/queries/search';
import { TeamPartQueries } from '../src/main/cache/queries/team-parts';
import { TeamQueries } from '../src/main/cache/queries/teams';
import type { AppDatabase } from '../src/main/storage/database';

/*
 * What a view waits for when it reads the cache: the read commands' queries on the read-only
 * connection, each timed call by call, so that p95 shows the slow tail a person feels while typing
 * or paging, not an average that hides it.
 */

const WARM_UP_CALLS = 200;
const MEASURED_CALLS = 2_000;
/** A query slow enough to need more stops early, so that the benchmark ends in minutes. */
const MAX_MEASURED_MS = 3_000;
const PAGE = { page: 1, perPage: 25 };
/** The quick-open box's default answer size. */
const SEARCH_LIMIT = 10;
const SEARCH_TEXTS = ['rob', 'an', 'Santa', '25'] as const;

export interface QueryFigures {
  kind: 'list' | 'search';
  name: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Timed calls: MEASURED_CALLS, or fewer for a query that reached MAX_MEASURED_MS first. */
  calls: number;
  /** Records in the answer, so that a query that found nothing cannot pass for a fast one. */
  records: number;
}

export interface CacheQueryFigures {
  queries: QueryFigures[];
  /** The worst p95 among the list queries, and among the searches. */
  listQueryP95Ms: number;
  searchQueryP95Ms: number;
  /** Background fetches the team-matches read asked for: none when it derived its answer. */
  teamMatchesFetchRequests: number;
}

interface QueryCase {
  kind: QueryFigures['kind'];
  name: string;
  /** Runs the query and says how many records it answered. */
  run: () => number;
}

/** Typical parameters for this data set, read from the cache itself. */
interface Subjects {
  season: string;
  region: string;
  lastTeamPage: number;
  biggestEventId: string;
  busiestTeamNumber: number;
}

function chooseSubjects(reader: AppDatabase): Subjects {
  const text = (sql: string): string => {
    const value: unknown = reader.prepare(sql).pluck().get();
    if (typeof value !== 'string') throw new Error(`the cache holds nothing for: ${sql}`);
    return value;
  };
  const number = (sql: string): number => {
    const value: unknown = reader.prepare(sql).pluck().get();
    if (typeof value !== 'number') throw new Error(`the cache holds nothing for: ${sql}`);
    return value;
  };
  const teams = number('SELECT count(*) FROM teams WHERE listed = 1');
  return {
    season: text('SELECT max(season) FROM events WHERE listed = 1'),
    region: text(`SELECT state FROM events WHERE listed = 1 AND state <> ''
      GROUP BY state ORDER BY count(*) DESC, state LIMIT 1`),
    lastTeamPage: Math.max(1, Math.ceil(teams / PAGE.perPage)),
    biggestEventId: text(
      'SELECT event_id FROM matches GROUP BY event_id ORDER BY count(*) DESC, event_id LIMIT 1',
    ),
    busiestTeamNumber: number(`SELECT team_number FROM match_teams
      GROUP BY team_number ORDER BY count(*) DESC, team_number LIMIT 1`),
  };
}

function cases(reader: AppDatabase, now: string, requestFetch: (key: ResourceKey) => void) {
  const subjects = chooseSubjects(reader);
  const events = new EventQueries(reader);
  const teams = new TeamQueries(reader);
  const eventParts = new EventPartQueries(reader);
  const teamParts = new TeamPartQueries(reader, new FreshnessReader(reader), requestFetch);
  const quickSearch = new QuickSearch(reader);
  const list = (name: string, run: () => { data: unknown[] }): QueryCase => ({
    kind: 'list',
    name,
    run: () => run().data.length,
  });
  const { season, region, lastTeamPage, biggestEventId, busiestTeamNumber } = subjects;
  return [
    list('events, page 1', () => events.list(PAGE, now)),
    list(`events, season ${season}`, () => events.list({ ...PAGE, season }, now)),
    list('events, status live', () => events.list({ ...PAGE, status: 'live' }, now)),
    list('events, status upcoming', () => events.list({ ...PAGE, status: 'upcoming' }, now)),
    list(`events, region ${region}`, () => events.list({ ...PAGE, region }, now)),
    list(`events, ${season} upcoming ${region}`, () =>
      events.list({ ...PAGE, season, status: 'upcoming', region }, now),
    ),
    list('teams, page 1', () => teams.list(PAGE)),
    list(`teams, page ${lastTeamPage}`, () => teams.list({ ...PAGE, page: lastTeamPage })),
    list('teams, search "254"', () => teams.list({ ...PAGE, search: '254' })),
    list(`teams, season ${season}`, () => teams.list({ ...PAGE, season })),
    list(`event ${biggestEventId} matches`, () => eventParts.matchesOf(biggestEventId, PAGE)),
    list(`team ${busiestTeamNumber} matches`, () =>
      teamParts.matchesOf({ ...PAGE, teamNumber: busiestTeamNumber }),
    ),
    ...SEARCH_TEXTS.map((text): QueryCase => ({
      kind: 'search',
      name: `quick-open "${text}"`,
      run: () => {
        const found = quickSearch.search(text, SEARCH_LIMIT, now);
        return found.events.length + found.teams.length;
      },
    })),
  ];
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

function measureCase(query: QueryCase): QueryFigures {
  let records = 0;
  for (let call = 0; call < WARM_UP_CALLS; call += 1) records = query.run();
  const samples: number[] = [];
  const deadline = performance.now() + MAX_MEASURED_MS;
  while (samples.length < MEASURED_CALLS && performance.now() < deadline) {
    const started = performance.now();
    query.run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    kind: query.kind,
    name: query.name,
    p50Ms: roundMs(percentile(samples, 0.5)),
    p95Ms: roundMs(percentile(samples, 0.95)),
    maxMs: roundMs(samples[samples.length - 1] ?? Number.NaN),
    calls: samples.length,
    records,
  };
}

/** `now` is the clock formatted like stored timestamps, for event statuses. */
export function measureCacheQueries(reader: AppDatabase, now: string): CacheQueryFigures {
  let teamMatchesFetchRequests = 0;
  const queries = cases(reader, now, () => {
    teamMatchesFetchRequests += 1;
  }).map(measureCase);
  const worst = (kind: QueryFigures['kind']): number =>
    Math.max(...queries.filter((query) => query.kind === kind).map((query) => query.p95Ms));
  return {
    queries,
    listQueryP95Ms: worst('list'),
    searchQueryP95Ms: worst('search'),
    teamMatchesFetchRequests,
  };
}
