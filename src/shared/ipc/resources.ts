/*
 * Names of the pieces of the cache that sync separately. They key the sync state, the change
 * notifications main sends after each commit, and the background fetches a view may ask for, so a
 * view can tell whether a change concerns what it shows.
 */
export type TeamPart = 'events' | 'matches' | 'clips';
export type EventPart = 'teams' | 'matches' | 'clips';

export type ResourceKey =
  | 'events'
  | 'teams'
  | `event:${string}`
  | `event:${string}:${EventPart}`
  | `team:${number}`
  | `team:${number}:${TeamPart}`
  | `team:${number}:stats:${string}`;

export type ParsedResource =
  | { kind: 'events' }
  | { kind: 'teams' }
  | { kind: 'event'; eventId: string }
  | { kind: 'eventPart'; eventId: string; part: EventPart }
  | { kind: 'team'; teamNumber: number }
  | { kind: 'teamPart'; teamNumber: number; part: TeamPart }
  | { kind: 'teamStats'; teamNumber: number; season: string };

export const resourceKeys = {
  events: 'events',
  teams: 'teams',
  event: (eventId: string): ResourceKey => `event:${eventId}`,
  eventPart: (eventId: string, part: EventPart): ResourceKey => `event:${eventId}:${part}`,
  team: (teamNumber: number): ResourceKey => `team:${teamNumber}`,
  teamPart: (teamNumber: number, part: TeamPart): `team:${number}:${TeamPart}` =>
    `team:${teamNumber}:${part}`,
  teamStats: (teamNumber: number, season: string): ResourceKey =>
    `team:${teamNumber}:stats:${season}`,
} as const;

const EVENT_KEY = /^event:([a-z0-9]{5,40})(?::(teams|matches|clips))?$/;
const TEAM_KEY = /^team:(\d{1,5})(?::(events|matches|clips)|:stats:(\d{4}-\d{4}))?$/;

/** The structure of a key, or `null` for text that is not one. */
export function parseResourceKey(key: string): ParsedResource | null {
  if (key === 'events' || key === 'teams') return { kind: key };
  const event = EVENT_KEY.exec(key);
  if (event?.[1] !== undefined) {
    const part = event[2] as EventPart | undefined;
    return part === undefined
      ? { kind: 'event', eventId: event[1] }
      : { kind: 'eventPart', eventId: event[1], part };
  }
  const team = TEAM_KEY.exec(key);
  if (team?.[1] !== undefined) {
    const teamNumber = Number(team[1]);
    if (teamNumber < 1) return null;
    if (team[3] !== undefined) return { kind: 'teamStats', teamNumber, season: team[3] };
    const part = team[2] as TeamPart | undefined;
    return part === undefined
      ? { kind: 'team', teamNumber }
      : { kind: 'teamPart', teamNumber, part };
  }
  return null;
}

export function isResourceKey(key: string): key is ResourceKey {
  return parseResourceKey(key) !== null;
}

/**
 * The terms in which read answers say what they were built from and change notices say what a
 * commit changed: the sync units above, plus what answers draw from across units.
 *
 * - `registrations`: any event's team list, as a whole (the team list's season filter, the
 *   completeness of every team's events);
 * - `team:N:stats`: every season's statistics of team N, and which seasons there are;
 * - `favorites`, `pins`: the person's own lists;
 * - `settings`: which data the app shows and the service settings (address, key, scope);
 * - `outbox`: organizers' queued edits (their states, errors and conflicts);
 * - `digest`: what the last syncs changed in pinned events and favorite teams;
 * - `picklists`, `notes`: the person's pick lists and team notes, local only;
 * - `analysis`: what the analysis worker computed from the cache (rankings, OPR, Ratings...);
 * - `all`: everything synced was replaced at once (a change of service).
 */
export type CacheResource =
  | ResourceKey
  | 'registrations'
  | `team:${number}:stats`
  | 'favorites'
  | 'pins'
  | 'settings'
  | 'outbox'
  | 'digest'
  | 'analysis'
  | 'picklists'
  | 'notes'
  | 'all';

const LOCAL_RESOURCES: ReadonlySet<string> = new Set([
  'registrations',
  'favorites',
  'pins',
  'settings',
  'outbox',
  'digest',
  'analysis',
  'picklists',
  'notes',
  'all',
]);
const TEAM_STATS_KEY = /^team:(\d{1,5}):stats$/;

export function isCacheResource(key: string): key is CacheResource {
  if (LOCAL_RESOURCES.has(key) || isResourceKey(key)) return true;
  const stats = TEAM_STATS_KEY.exec(key);
  return stats?.[1] !== undefined && Number(stats[1]) >= 1;
}

/**
 * Whether a change notice may have changed an answer: it names one of the resources the answer
 * was built from, or everything. A view re-reads exactly when this says so.
 */
export function touches(changed: readonly string[], builtFrom: readonly string[]): boolean {
  if (changed.includes('all')) return true;
  const sources = new Set(builtFrom);
  return changed.some((resource) => sources.has(resource));
}
