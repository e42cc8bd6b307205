import type { Statement } from 'better-sqlite3';
import { DIGEST_FACTS, type DigestFact, type DigestKind } from '../../../shared/ipc/digest';
import type { EventListItem } from '../../../shared/wire/event';
import type { MatchRecord } from '../../../shared/wire/match';
import type { AppDatabase } from '../../storage/database';
import { matchLines, teamsOf, type HeldMatch } from './match-lines';

interface LineRow {
  kind: DigestKind;
  eventId: string;
  eventName: string;
  matchId: string | null;
  teamNumber: number | null;
  field: DigestFact | null;
  before: string | null;
  after: string | null;
}

/** An event's facts as the `events` row holds them, before a sync's write. */
export interface HeldEvent {
  name: string;
  startDate: string;
  endDate: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  streamStatus: string;
}

function factsOf(item: EventListItem): HeldEvent {
  return {
    name: item.name,
    startDate: item.startDate,
    endDate: item.endDate,
    ...item.location,
    streamStatus: item.streamStatus,
  };
}

/**
 * Where the cache's writes note, row by row, what they changed in pinned events and favorite
 * teams, inside the write's own transaction: a rollback takes the lines back with the rows, and
 * the run that wrote them seals them (`DigestStore.seal`). Only the sync's own writers call it;
 * rows written for the outbox (edits applied here, their echoes) go through `EventOverlay`, so
 * what was changed here never makes a line.
 */
export class DigestRecorder {
  private readonly insertLine: Statement<[LineRow]>;
  private readonly followsEvent: Statement<[{ id: string }], number>;
  private readonly pinned: Statement<[string], number>;
  private readonly favorites: Statement<[], number>;
  private readonly held: Statement<
    [string],
    {
      id: string;
      scheduled_at: string | null;
      red_score: number | null;
      blue_score: number | null;
      red_teams: string;
      blue_teams: string;
    }
  >;
  private readonly heldEvent: Statement<[string], HeldEvent>;
  private readonly seenStatus: Statement<[string], string>;
  private readonly copyHeld: Statement<[string], number>;
  private readonly putStatus: Statement<[string, string]>;

  constructor(db: AppDatabase) {
    this.insertLine = db.prepare(`INSERT INTO digest_lines (kind, event_id, event_name, match_id,
        team_number, field, before, after)
      VALUES (@kind, @eventId, @eventName, @matchId, @teamNumber, @field, @before, @after)`);
    this.followsEvent = db
      .prepare<[{ id: string }], number>(
        `SELECT EXISTS (SELECT 1 FROM pinned_events WHERE event_id = @id)
          OR EXISTS (SELECT 1 FROM registrations r JOIN favorite_teams f
            ON f.team_number = r.team_number WHERE r.event_id = @id)`,
      )
      .pluck();
    this.pinned = db
      .prepare<[string], number>('SELECT count(*) FROM pinned_events WHERE event_id = ?')
      .pluck();
    this.favorites = db.prepare<[], number>('SELECT team_number FROM favorite_teams').pluck();
    this.held = db.prepare(`SELECT id, scheduled_at, red_score, blue_score, red_teams, blue_teams
      FROM matches WHERE event_id = ?`);
    this.heldEvent = db.prepare(`SELECT name, start_date AS startDate, end_date AS endDate, venue,
        city, state, country, stream_status AS streamStatus FROM events WHERE id = ?`);
    this.seenStatus = db
      .prepare<[string], string>('SELECT status FROM digest_event_status WHERE event_id = ?')
      .pluck();
    this.copyHeld = db
      .prepare<[string], number>(
        'SELECT count(*) FROM sync_state WHERE resource = ? AND last_success IS NOT NULL',
      )
      .pluck();
    this.putStatus = db.prepare(`INSERT INTO digest_event_status (event_id, status) VALUES (?, ?)
      ON CONFLICT (event_id) DO UPDATE SET status = excluded.status`);
  }

  /** A pinned event, or one a favorite team is registered at. */
  follows(eventId: string): boolean {
    return this.followsEvent.get({ id: eventId }) === 1;
  }

  /** The event's facts as held now, when it is followed; what `eventWritten` compares with. */
  beforeEvent(eventId: string): HeldEvent | null {
    if (!this.follows(eventId)) return null;
    return this.heldEvent.get(eventId) ?? null;
  }

  /** A sync wrote the event's row over `held` (from `beforeEvent`): its facts and stream. */
  eventWritten(held: HeldEvent | null, item: EventListItem): void {
    if (held === null) return;
    const next = factsOf(item);
    const line = { eventId: item.id, eventName: item.name, matchId: null, teamNumber: null };
    if (held.streamStatus !== next.streamStatus) {
      this.put({
        ...line,
        kind: 'stream',
        field: null,
        before: held.streamStatus,
        after: next.streamStatus,
      });
    }
    for (const field of DIGEST_FACTS) {
      if (held[field] === next[field]) continue;
      this.put({ ...line, kind: 'event-fact', field, before: held[field], after: next[field] });
    }
  }

  /**
   * The service's status of a followed event (upcoming, live, past): never stored with the row
   * (views derive it from the clock), so kept here to tell when the service's own turns.
   */
  statusSeen(item: EventListItem): void {
    if (!this.follows(item.id)) return;
    const seen = this.seenStatus.get(item.id);
    if (seen === item.status) return;
    this.putStatus.run(item.id, item.status);
    if (seen === undefined) return;
    this.put({
      kind: 'event-status',
      eventId: item.id,
      eventName: item.name,
      matchId: null,
      teamNumber: null,
      field: null,
      before: seen,
      after: item.status,
    });
  }

  /**
   * Whether a write of the event's part is news: the event is followed, and a copy of the part
   * was held before. The first copy of a newly pinned event's schedule is not "48 matches added".
   */
  notes(eventId: string, part: 'teams' | 'matches'): boolean {
    return this.follows(eventId) && this.heldBefore(eventId, part);
  }

  /** A copy of the event's part was held before this write (a favorite's new event counts). */
  heldBefore(eventId: string, part: 'teams' | 'matches'): boolean {
    return this.copyHeld.get(`event:${eventId}:${part}`) === 1;
  }

  /** The matches held for the event before a write replaces them; `null` when that is no news. */
  beforeMatches(eventId: string): Map<string, HeldMatch> | null {
    if (!this.notes(eventId, 'matches')) return null;
    return new Map(
      this.held.all(eventId).map((row) => [
        row.id,
        {
          id: row.id,
          scheduledAt: row.scheduled_at,
          redScore: row.red_score,
          blueScore: row.blue_score,
          teams: [
            ...(JSON.parse(row.red_teams) as number[]),
            ...(JSON.parse(row.blue_teams) as number[]),
          ],
        },
      ]),
    );
  }

  /**
   * The event's matches became `matches` (those of `kept` stayed as held): a line per change of
   * a match of a pinned event, or of a match a favorite team plays in.
   */
  matchesWritten(
    eventId: string,
    held: Map<string, HeldMatch> | null,
    matches: readonly MatchRecord[],
    kept: ReadonlySet<string>,
  ): void {
    if (held === null) return;
    const pinned = this.pinned.get(eventId) === 1;
    const favorites = new Set(this.favorites.all());
    const eventName = this.heldEvent.get(eventId)?.name ?? eventId;
    const concerns = (teams: readonly number[]) =>
      pinned || teams.some((team) => favorites.has(team));
    const next = new Map(matches.map((match) => [match.id, match]));
    const ids = new Set([...held.keys(), ...next.keys()]);
    for (const id of ids) {
      if (kept.has(id)) continue;
      const before = held.get(id);
      const after = next.get(id);
      const teams = [...(before?.teams ?? []), ...(after === undefined ? [] : teamsOf(after))];
      if (!concerns(teams)) continue;
      for (const line of matchLines(before, after)) {
        this.put({ ...line, eventId, eventName, teamNumber: null, field: null });
      }
    }
  }

  /** A team registered at the event or withdrawn from it. */
  registrationChanged(eventId: string, teamNumber: number, added: boolean): void {
    const favorite = this.favorites.all().includes(teamNumber);
    if (!favorite && this.pinned.get(eventId) !== 1) return;
    this.put({
      kind: added ? 'team-added' : 'team-withdrawn',
      eventId,
      eventName: this.heldEvent.get(eventId)?.name ?? eventId,
      matchId: null,
      teamNumber,
      field: null,
      before: null,
      after: null,
    });
  }

  private put(line: LineRow): void {
    this.insertLine.run(line);
  }
}
