import type { Statement } from 'better-sqlite3';
import { resourceKeys, type EventPart } from '../../shared/ipc/resources';
import { formatTimestamp } from '../../shared/wire/formats';
import { LOCAL_EVENT_PREFIX } from '../../shared/wire/local-code';
import type { AppDatabase } from '../storage/database';
import type { ServiceReplacement } from './service-replacement';

/**
 * Events created here that the service has not named yet: nothing of them is on the service to
 * pull (see `isLocalEventCode`), so no plan includes them.
 */
const LOCAL = LOCAL_EVENT_PREFIX;

export const EVENT_PARTS: readonly EventPart[] = ['teams', 'matches', 'clips'];

/** How soon an upcoming event counts with the live ones: a week, the travel to a venue. */
export const SOON_MS = 7 * 24 * 60 * 60_000;

/**
 * How old a listed event's own record may get before a run of scope `all` reads it again, however
 * long other copies may wait: the record is the only place its visibility is said (a list's items
 * carry none, and an organizer's list shows private events too). A venue share holds back an event
 * whose record is older than this against the event list (`src/main/share/share-views.ts`).
 */
export const VISIBILITY_MAX_AGE_MS = 15 * 60_000;

/**
 * In `sync_state`, set once this service answered a `?season=` it was asked with another season:
 * it does not have the extension, and only its default season is worth asking for. Kept with the
 * copy, so a change of service forgets it along with everything learned from the old one.
 */
export const STATS_SEASON_IGNORED = 'service:stats-season-ignored';

interface StateRow {
  resource: string;
  complete: number;
  last_success: string | null;
}

interface EventCounts {
  id: string;
  season: string;
  team_count: number;
  clip_count: number;
  registrations: number;
  clips: number;
}

/**
 * Reads what a sync run needs to decide what to pull, from the committed cache: which events are
 * pinned or live, which teams are favorites, which copies exist and how old they are. While the
 * copy is still another service's (a change of service not answered yet), nothing is planned from
 * it: the new service is asked for its lists and for the person's own pins and favorites, and the
 * first of those to commit replaces the copy.
 *
 * Outside the priority tier (pinned, live and soon, favorites), a copy that exists is pulled again only when
 * it is due: older than `maxAgeMs`, or contradicted by fresher data (an event whose list item
 * counts other teams or clips than we hold, statistics of a season whose matches just changed).
 * A forced run pulls everything. So a scheduled sync of an unchanged service costs the list pages
 * and the priority tier, not one request per record of the whole season.
 */
export class SyncPlanner {
  private readonly pinned: Statement<[], string>;
  private readonly favorites: Statement<[], number>;
  private readonly live: Statement<[string, string], string>;
  private readonly listed: Statement<[], EventCounts>;
  private readonly states: Statement<[], StateRow>;
  private readonly teamsAt: Statement<[string], number>;
  private readonly seasonsOfTeam: Statement<[{ team: number; fetched: string }], string>;
  private readonly teamSeasons: Statement<[], { team_number: number; season: string }>;
  private readonly eventSeason: Statement<[string], string>;
  private readonly statsHeld: Statement<[], { team_number: number; season: string }>;
  private readonly teamNumbers: Statement<[], number>;
  private stateCache: Map<string, StateRow> | null = null;

  constructor(
    reader: AppDatabase,
    /** While the copy is still another service's, none of its freshness is this service's. */
    private readonly replacement: ServiceReplacement,
  ) {
    this.pinned = reader
      .prepare<[], string>(
        `SELECT event_id FROM pinned_events WHERE event_id NOT LIKE '${LOCAL}%'
         ORDER BY added_at, event_id`,
      )
      .pluck();
    this.favorites = reader
      .prepare<[], number>('SELECT team_number FROM favorite_teams ORDER BY added_at, team_number')
      .pluck();
    this.live = reader
      .prepare<[string, string], string>(
        `SELECT id FROM events WHERE listed = 1 AND start_date <= ? AND end_date >= ?
           AND id NOT LIKE '${LOCAL}%'
         ORDER BY start_date, id`,
      )
      .pluck();
    // Live and upcoming events first, the most recent past ones next: what a person opens first.
    this.listed = reader.prepare<[], EventCounts>(`SELECT e.id, e.season, e.team_count,
        e.clip_count,
        (SELECT count(*) FROM registrations r WHERE r.event_id = e.id) AS registrations,
        (SELECT count(*) FROM clips c WHERE c.event_id = e.id) AS clips
      FROM events e WHERE e.listed = 1 AND e.id NOT LIKE '${LOCAL}%'
      ORDER BY e.end_date DESC, e.id`);
    this.states = reader.prepare<[], StateRow>(
      'SELECT resource, complete, last_success FROM sync_state',
    );
    this.teamsAt = reader
      .prepare<[string], number>(
        'SELECT team_number FROM registrations WHERE event_id = ? ORDER BY team_number',
      )
      .pluck();
    this.seasonsOfTeam = reader
      .prepare<[{ team: number; fetched: string }], string>(
        `SELECT e.season FROM registrations r JOIN events e ON e.id = r.event_id
           WHERE r.team_number = @team
         UNION
         SELECT json_extract(record, '$.season') FROM fetched_records WHERE resource = @fetched
         ORDER BY 1 DESC`,
      )
      .pluck();
    this.teamSeasons = reader.prepare(`SELECT DISTINCT r.team_number, e.season
      FROM registrations r JOIN events e ON e.id = r.event_id WHERE e.listed = 1
      ORDER BY r.team_number, e.season DESC`);
    this.statsHeld = reader.prepare(
      'SELECT team_number, season FROM team_stats ORDER BY team_number, season DESC',
    );
    this.teamNumbers = reader
      .prepare<[], number>('SELECT number FROM teams ORDER BY number')
      .pluck();
    this.eventSeason = reader
      .prepare<[string], string>('SELECT season FROM events WHERE id = ?')
      .pluck();
  }

  /** Re-reads the sync state; call at the start of each phase that uses `isDue`. */
  refresh(): void {
    this.stateCache = this.replacement.pending
      ? new Map()
      : new Map(this.states.all().map((row) => [row.resource, row]));
  }

  pinnedEvents(): string[] {
    return this.pinned.all();
  }

  favoriteTeams(): number[] {
    return this.favorites.all();
  }

  /**
   * Events under way or starting within `SOON_MS`: where a scout is, or is about to be, when the
   * wifi goes. Their teams, matches and the statistics of their teams are kept offline.
   */
  liveAndSoonEvents(now: Date): string[] {
    if (this.replacement.pending) return [];
    return this.live.all(formatTimestamp(new Date(now.getTime() + SOON_MS)), formatTimestamp(now));
  }

  teamsAtEvent(eventId: string): number[] {
    if (this.replacement.pending) return [];
    return this.teamsAt.all(eventId);
  }

  seasonOf(eventId: string): string | undefined {
    return this.eventSeason.get(eventId);
  }

  /** The seasons a team is known to have played in, newest first. */
  seasonsOf(teamNumber: number): string[] {
    // A team's list of events kept for another service says nothing of this one's.
    const fetched = this.replacement.pending ? '' : resourceKeys.teamPart(teamNumber, 'events');
    return this.seasonsOfTeam
      .all({ team: teamNumber, fetched })
      .filter((season): season is string => typeof season === 'string');
  }

  /** Every (team, season) with a registration at a listed event. */
  allTeamSeasons(): { teamNumber: number; season: string }[] {
    if (this.replacement.pending) return [];
    return this.teamSeasons
      .all()
      .map((row) => ({ teamNumber: row.team_number, season: row.season }));
  }

  /** Every team the cache holds: the team list's and those only held through an event's teams. */
  allTeams(): number[] {
    if (this.replacement.pending) return [];
    return this.teamNumbers.all();
  }

  /** Whether this service was seen answering another season than the one asked for. */
  ignoresStatsSeason(): boolean {
    return this.stateOf(STATS_SEASON_IGNORED)?.complete === 1;
  }

  /** Every (team, season) whose statistics the cache holds, each team's newest season first. */
  heldStats(): { teamNumber: number; season: string }[] {
    if (this.replacement.pending) return [];
    return this.statsHeld.all().map((row) => ({ teamNumber: row.team_number, season: row.season }));
  }

  /**
   * What is due of every listed event, in the order it should be pulled: its single record first
   * (the list's items carry no visibility, and a venue share serves only events it knows to be
   * public: due at `VISIBILITY_MAX_AGE_MS`), then its parts.
   */
  dueEventParts(
    now: Date,
    maxAgeMs: number,
    force: boolean,
    skip: ReadonlySet<string>,
  ): { eventId: string; part: EventPart | 'record' }[] {
    const due: { eventId: string; part: EventPart | 'record' }[] = [];
    if (this.replacement.pending) return due;
    for (const event of this.listed.all()) {
      if (skip.has(event.id)) continue;
      const recordAge = Math.min(maxAgeMs, VISIBILITY_MAX_AGE_MS);
      if (force || this.isDue(resourceKeys.event(event.id), now, recordAge)) {
        due.push({ eventId: event.id, part: 'record' });
      }
      for (const part of EVENT_PARTS) {
        const contradicted =
          (part === 'teams' && event.team_count !== event.registrations) ||
          (part === 'clips' && event.clip_count !== event.clips);
        if (
          force ||
          contradicted ||
          this.isDue(resourceKeys.eventPart(event.id, part), now, maxAgeMs)
        ) {
          due.push({ eventId: event.id, part });
        }
      }
    }
    return due;
  }

  /** Missing, incomplete, or last pulled whole longer than `maxAgeMs` ago. */
  isDue(resource: string, now: Date, maxAgeMs: number): boolean {
    const state = this.stateOf(resource);
    if (state === undefined || state.complete !== 1 || state.last_success === null) return true;
    return now.getTime() - Date.parse(state.last_success) > maxAgeMs;
  }

  private stateOf(resource: string): StateRow | undefined {
    if (this.stateCache === null) this.refresh();
    return this.stateCache?.get(resource);
  }
}
