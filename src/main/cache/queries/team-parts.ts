import { Conditions } from '../../../shared/sql/list-sql';
import { statusAt } from '../../../shared/wire/event-rules';
import type { Statement } from 'better-sqlite3';
import type { z } from 'zod';
import type { Freshness } from '../../../shared/ipc/cached';
import type { TeamClipsInput, TeamEventsInput, TeamMatchesInput } from '../../../shared/ipc/reads';
import type {
  CacheResource,
  EventPart,
  ResourceKey,
  TeamPart,
} from '../../../shared/ipc/resources';
import { clipRecordSchema, type ClipRecord, type ClipSort } from '../../../shared/wire/clip';
import { eventListItemSchema, type EventListItem } from '../../../shared/wire/event';
import { matchRecordSchema, type MatchRecord } from '../../../shared/wire/match';
import type { AppDatabase } from '../../storage/database';
import { FetchedCopies } from './fetched';
import { combineFreshness, type FreshnessReader } from './freshness';
import { Lister, pageOfArray, type ListPage } from './paging';
import {
  CLIP_COLUMNS,
  EVENT_COLUMNS,
  MATCH_COLUMNS,
  toClipRecord,
  toEventListItem,
  toMatchRecord,
  type ClipRow,
  type EventRow,
  type MatchRow,
} from './rows';

export interface CachedPage<Item> extends ListPage<Item> {
  freshness: Freshness;
  builtFrom: CacheResource[];
}

/** Asks the sync engine to pull a resource in the background; never awaited. */
export type RequestFetch = (resource: ResourceKey) => void;

type Source = { kind: 'derived' | 'fetched'; freshness: Freshness };

const CLIP_ORDER: Readonly<Record<ClipSort, string>> = {
  date: 'c.recorded_at, c.id',
  '-date': 'c.recorded_at DESC, c.id',
  duration: 'c.duration_seconds, c.id',
  '-duration': 'c.duration_seconds DESC, c.id',
};

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The same orders as CLIP_ORDER, for a fetched copy sorted in memory (ids are ASCII). */
const CLIP_COMPARE: Readonly<Record<ClipSort, (a: ClipRecord, b: ClipRecord) => number>> = {
  date: (a, b) => compareText(a.recordedAt, b.recordedAt) || compareText(a.id, b.id),
  '-date': (a, b) => compareText(b.recordedAt, a.recordedAt) || compareText(a.id, b.id),
  duration: (a, b) => a.durationSeconds - b.durationSeconds || compareText(a.id, b.id),
  '-duration': (a, b) => b.durationSeconds - a.durationSeconds || compareText(a.id, b.id),
};

/**
 * A team's events, matches and clips. Once every registration and the matches (clips) of every
 * event the team is at are synced, they are read from the event tables, the way the service reads
 * its own. Until then a copy of the service's answer (`fetched_records`) stands in, filtered and
 * paged here; and when not even that is complete, the view gets what there is, marked incomplete,
 * while the sync engine is asked to fetch the rest.
 *
 * Derived lists show listed events only: the service leaves the events it hides from our key's
 * lists out of team sub-resources too.
 */
export class TeamPartQueries {
  private readonly events: Lister<EventRow>;
  private readonly matches: Lister<MatchRow>;
  private readonly clips: Lister<ClipRow>;
  private readonly selectListedEventsOf: Statement<[number], string>;
  private readonly selectSeasonOf: Statement<[string], string>;
  private readonly fetched: FetchedCopies;

  constructor(
    db: AppDatabase,
    private readonly freshness: FreshnessReader,
    private readonly requestFetch: RequestFetch,
  ) {
    this.events = new Lister<EventRow>(db);
    this.matches = new Lister<MatchRow>(db);
    this.clips = new Lister<ClipRow>(db);
    this.selectListedEventsOf = db
      .prepare<[number], string>(
        `SELECT e.id FROM registrations r
        JOIN events e ON e.id = r.event_id WHERE r.team_number = ? AND e.listed = 1`,
      )
      .pluck();
    this.selectSeasonOf = db
      .prepare<[string], string>('SELECT season FROM events WHERE id = ?')
      .pluck();
    this.fetched = new FetchedCopies(db);
  }

  eventsOf(input: TeamEventsInput, now: string): CachedPage<EventListItem> {
    return this.answer(input.teamNumber, 'events', eventListItemSchema, {
      derive: () => {
        const conditions = new Conditions()
          .add('r.team_number = ?', input.teamNumber)
          .add('e.listed = 1');
        if (input.season !== undefined) conditions.add('e.season = ?', input.season);
        return this.events.list(
          {
            from: 'FROM registrations r JOIN events e ON e.id = r.event_id',
            columns: EVENT_COLUMNS,
            conditions,
            orderBy: 'e.start_date, e.id',
          },
          input,
          (row) => toEventListItem(row, now),
        );
      },
      fromCopy: (records) => {
        const kept = records
          .filter((event) => input.season === undefined || event.season === input.season)
          // The copy's status was the service's at fetch time; the local clock has moved on.
          .map((event) => ({ ...event, status: statusAt(event.startDate, event.endDate, now) }));
        return pageOfArray(kept, input);
      },
    });
  }

  matchesOf(input: TeamMatchesInput): CachedPage<MatchRecord> {
    return this.answer(input.teamNumber, 'matches', matchRecordSchema, {
      derive: () => {
        const conditions = new Conditions()
          .add('mt.team_number = ?', input.teamNumber)
          .add('e.listed = 1');
        if (input.season !== undefined) conditions.add('e.season = ?', input.season);
        if (input.eventId !== undefined) conditions.add('m.event_id = ?', input.eventId);
        return this.matches.list(
          {
            from: `FROM match_teams mt JOIN matches m ON m.id = mt.match_id
              JOIN events e ON e.id = m.event_id`,
            columns: MATCH_COLUMNS,
            conditions,
            orderBy: 'e.start_date, e.id, m.type_rank, m.number',
          },
          input,
          toMatchRecord,
        );
      },
      fromCopy: (records) =>
        pageOfArray(
          records.filter((match) => this.keeps(match.eventId, input.season, input.eventId)),
          input,
        ),
    });
  }

  clipsOf(input: TeamClipsInput): CachedPage<ClipRecord> {
    return this.answer(input.teamNumber, 'clips', clipRecordSchema, {
      derive: () => {
        const conditions = new Conditions()
          .add('ct.team_number = ?', input.teamNumber)
          .add('e.listed = 1');
        if (input.eventId !== undefined) conditions.add('c.event_id = ?', input.eventId);
        if (input.season !== undefined) conditions.add('e.season = ?', input.season);
        return this.clips.list(
          {
            from: `FROM clip_teams ct JOIN clips c ON c.id = ct.clip_id
              JOIN events e ON e.id = c.event_id`,
            columns: CLIP_COLUMNS,
            conditions,
            orderBy: CLIP_ORDER[input.sort],
          },
          input,
          toClipRecord,
        );
      },
      fromCopy: (records) =>
        pageOfArray(
          records
            .filter((clip) => this.keeps(clip.eventId, input.season, input.eventId))
            .sort(CLIP_COMPARE[input.sort]),
          input,
        ),
    });
  }

  /**
   * How fresh a team part's answer is, whichever way it is answered (what `answer` decides with):
   * from the event tables once they hold all of it, else from the copy of the service's answer.
   */
  freshnessOf(teamNumber: number, part: TeamPart): Freshness {
    const { derived, resource } = this.sources(teamNumber, part);
    return derived.complete ? derived : this.freshness.of(resource);
  }

  private sources(teamNumber: number, part: TeamPart) {
    const resource: ResourceKey = `team:${teamNumber}:${part}`;
    // A team's matches (clips) are made of the matches (clips) of each event it is at.
    const eventPart: EventPart | null = part === 'events' ? null : part;
    const eventIds = eventPart === null ? [] : this.selectListedEventsOf.all(teamNumber);
    const derived = this.derivedFreshness(eventPart, eventIds);
    return { resource, eventPart, eventIds, derived };
  }

  private answer<Item>(
    teamNumber: number,
    part: TeamPart,
    schema: z.ZodType<Item>,
    read: {
      derive: () => ListPage<Item>;
      fromCopy: (records: Item[]) => ListPage<Item>;
    },
  ): CachedPage<Item> {
    const { resource, eventPart, eventIds, derived } = this.sources(teamNumber, part);
    // Whichever way it is answered, the answer can change with the copy, the registrations, the
    // event rows (listed, season, dates) and the part of each of the team's events, since any of
    // them can move the answer from the copy to the event tables or back.
    const builtFrom: CacheResource[] = [
      resource,
      'registrations',
      'events',
      ...(eventPart === null
        ? []
        : eventIds.map((eventId): CacheResource => `event:${eventId}:${eventPart}`)),
    ];
    if (derived.complete) return { ...read.derive(), freshness: derived, builtFrom };

    const copyState = this.freshness.of(resource);
    const copy = this.fetched.read(resource, schema);
    const source: Source =
      copy !== null && (copy.length > 0 || copyState.syncedAt !== null)
        ? { kind: 'fetched', freshness: copyState }
        : { kind: 'derived', freshness: { complete: false, syncedAt: derived.syncedAt } };
    if (!source.freshness.complete) this.requestFetch(resource);
    const page = source.kind === 'fetched' ? read.fromCopy(copy ?? []) : read.derive();
    return { ...page, freshness: source.freshness, builtFrom };
  }

  /** Whether (and since when) the event tables hold everything this team part is made of. */
  private derivedFreshness(eventPart: EventPart | null, eventIds: readonly string[]): Freshness {
    const registrations = this.freshness.registrations();
    if (eventPart === null || !registrations.complete) return registrations;
    return combineFreshness([registrations, this.freshness.eventParts(eventIds, eventPart)]);
  }

  private keeps(eventId: string, season: string | undefined, onlyEventId: string | undefined) {
    if (onlyEventId !== undefined && eventId !== onlyEventId) return false;
    return season === undefined || this.seasonOf(eventId) === season;
  }

  /**
   * The event's season as the cache knows it, else read from its code: an event code starts with
   * the first year of the season it was created in.
   */
  private seasonOf(eventId: string): string {
    const known = this.selectSeasonOf.get(eventId);
    if (known !== undefined) return known;
    const firstYear = Number(eventId.slice(0, 4));
    return `${firstYear}-${firstYear + 1}`;
  }
}
