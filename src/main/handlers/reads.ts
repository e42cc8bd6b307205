import type { readCommands } from '../../shared/ipc/reads';
import type { EventPart, ResourceKey } from '../../shared/ipc/resources';
import { formatTimestamp } from '../../shared/wire/formats';
import { EventPartQueries } from '../cache/queries/event-parts';
import { EventQueries } from '../cache/queries/events';
import { combineFreshness, FreshnessReader } from '../cache/queries/freshness';
import { QuickSearch } from '../cache/queries/search';
import { StatsQueries } from '../cache/queries/stats';
import { TeamPartQueries } from '../cache/queries/team-parts';
import { TeamQueries } from '../cache/queries/teams';
import type { Handlers } from '../ipc/dispatcher';
import { IpcFailure } from '../ipc/failure';
import type { AppDatabase } from '../storage/database';

export type ReadCommandName = keyof typeof readCommands;

export type ReadHandlers = Pick<Handlers, ReadCommandName>;

export interface ReadDeps {
  /** The cache's read-only connection: views never touch the writer. */
  reader: AppDatabase;
  /** The local clock; event status is recomputed from it, so it moves on offline too. */
  now: () => Date;
  /** Asks the sync engine for a resource the cache lacks; returns at once, never awaited. */
  requestFetch: (key: ResourceKey) => void;
}

/**
 * The read commands, answered from the cache alone. An answer is never held back for the network:
 * what the cache lacks is requested in the background and the answer says it is incomplete.
 */
export function createReadHandlers({ reader, now, requestFetch }: ReadDeps): ReadHandlers {
  const freshness = new FreshnessReader(reader);
  const events = new EventQueries(reader);
  const eventParts = new EventPartQueries(reader);
  const teams = new TeamQueries(reader);
  const teamParts = new TeamPartQueries(reader, freshness, requestFetch);
  const stats = new StatsQueries(reader, freshness, requestFetch);
  const quickSearch = new QuickSearch(reader);
  const clock = () => formatTimestamp(now());

  /** The event must be in the cache; one we do not hold may still exist, so it is asked for. */
  function existingEvent(eventId: string) {
    const found = events.find(eventId, clock());
    if (found === null) {
      requestFetch(`event:${eventId}`);
      throw new IpcFailure('not_found', `Event ${eventId} is not in the local copy.`);
    }
    return found;
  }

  function existingTeam(teamNumber: number) {
    const found = teams.find(teamNumber);
    if (found === null) {
      requestFetch(`team:${teamNumber}`);
      throw new IpcFailure('not_found', `Team ${teamNumber} is not in the local copy.`);
    }
    return found;
  }

  /** An event part's freshness; an incomplete one is fetched in the background. */
  function eventPartFreshness(eventId: string, part: EventPart) {
    const key: ResourceKey = `event:${eventId}:${part}`;
    const state = freshness.of(key);
    if (!state.complete) requestFetch(key);
    return state;
  }

  return {
    'events:list': (input) => ({
      ...events.list(input, clock()),
      freshness: freshness.of('events'),
      builtFrom: ['events'],
    }),

    'events:get': ({ eventId }) => {
      const { event, listed } = existingEvent(eventId);
      const own = freshness.of(`event:${eventId}`);
      // Until the single record is read, the list item stands in and the answer is incomplete.
      const detailed = event.visibility !== null;
      const behind = freshness.has(`event:${eventId}`) || !listed ? own : freshness.of('events');
      if (!detailed || !behind.complete) requestFetch(`event:${eventId}`);
      return {
        data: event,
        freshness: { complete: detailed && behind.complete, syncedAt: behind.syncedAt },
        builtFrom: ['events', `event:${eventId}`],
        etag: events.validator(eventId),
      };
    },

    'events:teams': ({ eventId, ...page }) => {
      existingEvent(eventId);
      return {
        ...eventParts.teamsOf(eventId, page),
        freshness: eventPartFreshness(eventId, 'teams'),
        // The registrations say who; the team rows say what each one is called and where.
        builtFrom: [`event:${eventId}:teams`, 'teams'],
      };
    },

    'events:matches': ({ eventId, ...page }) => {
      existingEvent(eventId);
      return {
        ...eventParts.matchesOf(eventId, page),
        freshness: eventPartFreshness(eventId, 'matches'),
        builtFrom: [`event:${eventId}:matches`],
      };
    },

    'events:clips': (input) => {
      existingEvent(input.eventId);
      return {
        ...eventParts.clipsOf(input),
        freshness: eventPartFreshness(input.eventId, 'clips'),
        builtFrom: [`event:${input.eventId}:clips`],
      };
    },

    'teams:list': (input) => {
      const list = freshness.of('teams');
      // The season filter reads registrations: complete only when those are too.
      const behind =
        input.season === undefined ? list : combineFreshness([list, freshness.registrations()]);
      return {
        ...teams.list(input),
        freshness: behind,
        // "Registered for an event of that season": every event's team list and season.
        builtFrom: [
          ...(input.season === undefined
            ? ['teams' as const]
            : ['teams' as const, 'registrations' as const, 'events' as const]),
          ...(input.favorites === true ? ['favorites' as const] : []),
        ],
      };
    },

    'teams:get': ({ teamNumber }) => {
      const { team, listed } = existingTeam(teamNumber);
      const own = freshness.of(`team:${teamNumber}`);
      const behind = freshness.has(`team:${teamNumber}`) || !listed ? own : freshness.of('teams');
      const detailed = team.stats !== null;
      if (!detailed || !behind.complete) requestFetch(`team:${teamNumber}`);
      return {
        data: team,
        freshness: { complete: detailed && behind.complete, syncedAt: behind.syncedAt },
        builtFrom: ['teams', `team:${teamNumber}`],
      };
    },

    'teams:events': (input) => {
      existingTeam(input.teamNumber);
      return teamParts.eventsOf(input, clock());
    },

    'teams:matches': (input) => {
      existingTeam(input.teamNumber);
      return teamParts.matchesOf(input);
    },

    'teams:clips': (input) => {
      existingTeam(input.teamNumber);
      return teamParts.clipsOf(input);
    },

    'teams:stats': ({ teamNumber, season }) => {
      // Stats of a team that left the team list stay readable until they are replaced.
      if (!stats.hasAny(teamNumber)) existingTeam(teamNumber);
      return stats.forTeam(teamNumber, season, now());
    },

    'search:query': ({ text, limit }) => ({
      ...quickSearch.search(text, limit, clock()),
      builtFrom: ['events', 'teams', 'notes'],
    }),
  };
}
